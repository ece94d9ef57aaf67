import { createHmac, timingSafeEqual } from 'node:crypto';

export interface LinkSubject {
  reportId: string;
  organizationId: string;
}

const SIGNATURE = /^[0-9a-f]{64}$/;
const EXPIRES = /^\d{1,12}$/;

/** HMAC-SHA256 over the report id, its organization id and the expiry (unix seconds), in lower-case hex. */
export function linkSignature(key: Buffer, subject: LinkSubject, expires: number): string {
  return createHmac('sha256', key)
    .update(`${subject.reportId}\n${subject.organizationId}\n${expires}`)
    .digest('hex');
}

/** `{base}/{id}/download?expires=<unix s>&signature=<hex>`, valid for `ttlMs` from `now`. */
export function signedDownloadUrl(
  key: Buffer,
  baseUrl: string,
  subject: LinkSubject,
  ttlMs: number,
  now: Date = new Date(),
): string {
  const expires = Math.floor((now.getTime() + ttlMs) / 1000);
  const signature = linkSignature(key, subject, expires);
  return `${baseUrl}/${encodeURIComponent(subject.reportId)}/download?expires=${expires}&signature=${signature}`;
}

export type LinkVerdict = 'valid' | 'malformed' | 'forged' | 'expired';

/**
 * Checks the query of a download link against the report it names. The signature is compared in
 * constant time, and checked before the expiry so an expired forgery tells nothing about the key.
 */
export function verifyDownloadLink(
  key: Buffer,
  subject: LinkSubject,
  query: { expires?: unknown; signature?: unknown },
  now: Date = new Date(),
): LinkVerdict {
  const { expires, signature } = query;
  if (typeof expires !== 'string' || !EXPIRES.test(expires)) return 'malformed';
  if (typeof signature !== 'string' || !SIGNATURE.test(signature)) return 'malformed';
  const expected = Buffer.from(linkSignature(key, subject, Number(expires)), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'forged';
  return Number(expires) * 1000 <= now.getTime() ? 'expired' : 'valid';
}
