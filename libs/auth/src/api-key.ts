import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ID_PREFIXES, newId } from '@governance/contracts';

/*
 * `sk_<key id body>_<secret>`: the key id finds the stored hash in one indexed lookup; the secret is 32
 * random bytes, so a plain SHA-256 is enough (a slow password hash would only slow every request).
 */
const KEY_PATTERN = /^sk_([0-9A-HJKMNP-TV-Z]{26})_([A-Za-z0-9_-]{43})$/;

export interface IssuedApiKey {
  keyId: string;
  /** Shown to the caller once; never stored. */
  apiKey: string;
  secretSha256: string;
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

export function issueApiKey(): IssuedApiKey {
  const keyId = newId('apiKey');
  const secret = randomBytes(32).toString('base64url');
  const body = keyId.slice(ID_PREFIXES.apiKey.length + 1);
  return { keyId, apiKey: `sk_${body}_${secret}`, secretSha256: sha256Hex(secret) };
}

export function parseApiKey(apiKey: string): { keyId: string; secret: string } | undefined {
  const match = KEY_PATTERN.exec(apiKey);
  if (!match) return undefined;
  return { keyId: `${ID_PREFIXES.apiKey}_${match[1]!}`, secret: match[2]! };
}

/** Constant-time comparison of a presented secret with the stored digest. */
export function secretMatches(secret: string, storedSha256Hex: string): boolean {
  const presented = Buffer.from(sha256Hex(secret), 'hex');
  const stored = Buffer.from(storedSha256Hex, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}
