import { createHmac, timingSafeEqual } from 'node:crypto';

const PREFIX = 'sha256=';
const LOWERCASE_HEX_DIGEST = /^[0-9a-f]{64}$/;

export type SignatureVerdict = 'ok' | 'missing' | 'malformed' | 'mismatch';

/**
 * `X-Service-Signature-256` value for a body. The key is the whole secret, `whsec_` prefix included,
 * because that is the string receivers are given and will key their own HMAC with.
 */
export function signPayload(secret: string, body: Buffer | string): string {
  return PREFIX + createHmac('sha256', secret).update(body).digest('hex');
}

/**
 * Verifies a delivery the way the spec tells receivers to: over the raw body bytes, prefix first,
 * then a constant-time digest comparison. The spec has the sender write lowercase hex, so anything
 * else is reported as malformed rather than silently accepted.
 */
export function verifySignature(secret: string, body: Buffer, header: string | undefined): SignatureVerdict {
  if (header === undefined || header === '') return 'missing';
  if (!header.startsWith(PREFIX)) return 'malformed';
  const hex = header.slice(PREFIX.length);
  if (!LOWERCASE_HEX_DIGEST.test(hex)) return 'malformed';
  const expected = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(hex, 'hex')) ? 'ok' : 'mismatch';
}
