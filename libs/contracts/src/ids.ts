import { randomBytes } from 'node:crypto';

/** Every id prefix the published interface shows, plus the ones this platform adds for its own records. */
export const ID_PREFIXES = {
  system: 'sys',
  finding: 'fnd',
  assessment: 'asmnt',
  remediation: 'rem',
  policy: 'pol',
  violation: 'vio',
  probe: 'prb',
  drift: 'dft',
  webhook: 'wh',
  organization: 'org',
  apiKey: 'key',
  report: 'rpt',
  user: 'usr',
  session: 'ses',
  invitation: 'inv',
} as const;
export type IdKind = keyof typeof ID_PREFIXES;

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A ULID body: 48 bits of milliseconds then 80 random bits, in Crockford base32.
 * Lexical order follows creation time, and the random part makes ids unguessable.
 */
function ulid(now: number): string {
  let time = '';
  // Whole milliseconds: a fraction would index no Crockford digit at all.
  let t = Math.floor(now);
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32]! + time;
    t = Math.floor(t / 32);
  }
  const random = randomBytes(10);
  let bits = 0;
  let value = 0;
  let tail = '';
  for (const byte of random) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      tail += CROCKFORD[(value >>> bits) & 31]!;
    }
  }
  return time + tail;
}

export function newId(kind: IdKind, now: number = Date.now()): string {
  return `${ID_PREFIXES[kind]}_${ulid(now)}`;
}

const ID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** True when `value` is an id of `kind`; used to answer 404 for malformed path ids without a query. */
export function isId(kind: IdKind, value: string): boolean {
  const prefix = `${ID_PREFIXES[kind]}_`;
  return value.startsWith(prefix) && ID_PATTERN.test(value.slice(prefix.length));
}

/** RFC 9562 UUID version 7: time-ordered, 74 random bits. Used for event and delivery ids. */
export function newUuidV7(now: number = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(Math.floor(now), 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
