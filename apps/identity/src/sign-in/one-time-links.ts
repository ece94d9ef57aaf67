import { randomBytes } from 'node:crypto';
import { HttpStatus } from '@nestjs/common';
import { sha256Hex } from '@governance/auth';
import { ApiError, ErrorCode } from '@governance/platform';

export type LinkRefusal = 'unknown' | 'used' | 'expired';

/** A new link's token: 32 random bytes, shown once in the link, stored as its digest. */
export function newLinkToken(): { token: string; tokenSha256: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenSha256: sha256Hex(token) };
}

/** Why a one-time link cannot be used, or undefined when it can. */
export function linkRefusal(
  link: { used_at: Date | null; expired: boolean } | undefined,
): LinkRefusal | undefined {
  if (!link) return 'unknown';
  if (link.used_at) return 'used';
  if (link.expired) return 'expired';
  return undefined;
}

const MESSAGES: Record<LinkRefusal, string> = {
  unknown: 'This link is not valid; ask for a new one',
  used: 'This link has been used already; ask for a new one',
  expired: 'This link has expired; ask for a new one',
};

/** 410 `link_invalid`, with the reason in `details`: only the link's holder learns it. */
export function linkInvalid(reason: LinkRefusal, message = MESSAGES[reason]): ApiError {
  return new ApiError(HttpStatus.GONE, ErrorCode.LinkInvalid, message, { reason });
}
