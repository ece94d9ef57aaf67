import { createHmac } from 'node:crypto';

/**
 * One `X-Service-Signature-256` entry for a body: `sha256=` and the lowercase hex HMAC-SHA256. The key is
 * the whole secret, `whsec_` prefix included, because that is the string receivers are given.
 */
export function signPayload(secret: string, body: Buffer | string): string {
  return 'sha256=' + createHmac('sha256', secret).update(body).digest('hex');
}

/**
 * The `X-Service-Signature-256` value: one `sha256=<hex>` entry per secret, current first, joined by
 * commas. With one secret it is exactly the spec's `sha256=<hex_digest>`; during a rotation's overlap
 * it lists the previous secret's signature too, so a receiver holding either secret finds its own
 * (docs/api.md, "Receiving a delivery").
 */
export function signatureHeader(
  secrets: readonly [current: string, ...previous: string[]],
  body: Buffer | string,
): string {
  return secrets.map((secret) => signPayload(secret, body)).join(',');
}
