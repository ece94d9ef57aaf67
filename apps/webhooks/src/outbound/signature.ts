import { createHmac } from 'node:crypto';

/**
 * `X-Service-Signature-256` value for a body: `sha256=` and the lowercase hex HMAC-SHA256. The key is the
 * whole secret, `whsec_` prefix included, because that is the string receivers are given.
 */
export function signPayload(secret: string, body: Buffer | string): string {
  return 'sha256=' + createHmac('sha256', secret).update(body).digest('hex');
}
