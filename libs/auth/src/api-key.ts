import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ID_PREFIXES, newId } from '@governance/contracts';

/*
 * Bearer credentials: `sk_<key id body>_<secret>` (API keys) and `ses_<session id body>_<secret>` (the
 * session cookie). The id finds the stored hash in one indexed lookup; the secret is 32 random bytes, so a
 * plain SHA-256 is enough (a slow password hash would only slow every request).
 */
const KINDS = {
  apiKey: { token: 'sk', id: ID_PREFIXES.apiKey },
  session: { token: 'ses', id: ID_PREFIXES.session },
} as const;
type CredentialKind = keyof typeof KINDS;

const BODY = '([0-9A-HJKMNP-TV-Z]{26})_([A-Za-z0-9_-]{43})$';
const PATTERNS = {
  apiKey: new RegExp(`^sk_${BODY}`),
  session: new RegExp(`^ses_${BODY}`),
};

export interface IssuedCredential {
  /** `key_…` or `ses_…`: stored, published and shown. */
  id: string;
  /** The whole credential, shown to its holder once; never stored. */
  token: string;
  secretSha256: string;
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

export function issueCredential(kind: CredentialKind): IssuedCredential {
  const id = newId(kind);
  const secret = randomBytes(32).toString('base64url');
  const body = id.slice(KINDS[kind].id.length + 1);
  return { id, token: `${KINDS[kind].token}_${body}_${secret}`, secretSha256: sha256Hex(secret) };
}

export function parseCredential(
  kind: CredentialKind,
  token: string,
): { id: string; secret: string } | undefined {
  const match = PATTERNS[kind].exec(token);
  if (!match) return undefined;
  return { id: `${KINDS[kind].id}_${match[1]!}`, secret: match[2]! };
}

/** An API key: `apiKey` is the `sk_…` token. */
export function issueApiKey(): { keyId: string; apiKey: string; secretSha256: string } {
  const issued = issueCredential('apiKey');
  return { keyId: issued.id, apiKey: issued.token, secretSha256: issued.secretSha256 };
}

/** Constant-time comparison of a presented secret with the stored digest. */
export function secretMatches(secret: string, storedSha256Hex: string): boolean {
  const presented = Buffer.from(sha256Hex(secret), 'hex');
  const stored = Buffer.from(storedSha256Hex, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}
