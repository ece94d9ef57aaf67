import { canonicalJson } from '@governance/contracts';
import { createHash } from 'node:crypto';
import { type ActorType, type AuditEventRecord, type AuditSnapshot } from '@governance/contracts';

/** The previous hash of an organization's first entry: 64 zeros. */
export const GENESIS_HASH = '0'.repeat(64);

/** One entry of the trail as it is hashed: every stored field but the two hashes. */
export interface ChainedEntry {
  /** The `audit.recorded` event's id. */
  id: string;
  organization_id: string;
  /** 1, 2, 3… within the organization, without gaps. */
  seq: number;
  /** When the change happened: ISO 8601 UTC with milliseconds. */
  occurred_at: string;
  actor_type: ActorType;
  actor_id: string;
  service: string;
  action: string;
  target_type: string;
  target_id: string;
  address: string | null;
  user_agent: string | null;
  before: AuditSnapshot;
  after: AuditSnapshot;
}

/** A stored entry: the hashed fields and the links. */
export interface StoredEntry extends ChainedEntry {
  previous_hash: string;
  hash: string;
}

/** The fields of ChainedEntry, the only ones the hash covers. */
export const HASHED_FIELDS = [
  'id',
  'organization_id',
  'seq',
  'occurred_at',
  'actor_type',
  'actor_id',
  'service',
  'action',
  'target_type',
  'target_id',
  'address',
  'user_agent',
  'before',
  'after',
] as const satisfies ReadonlyArray<keyof ChainedEntry>;

/** `sha256(previous_hash ‖ canonical JSON of the entry)` in lower-case hex; docs/audit.md spells it out. */
export function entryHash(previousHash: string, entry: ChainedEntry): string {
  const hashed = Object.fromEntries(HASHED_FIELDS.map((field) => [field, entry[field]]));
  return createHash('sha256')
    .update(previousHash + canonicalJson(hashed), 'utf8')
    .digest('hex');
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text as Postgres stores it and gives it back: no NUL (text cannot hold one) and no lone surrogate
 * (UTF-8 cannot), each replaced by U+FFFD. What is hashed must be exactly what verification reads back.
 */
function storable(text: string): string {
  return text.replaceAll('\u0000', '\uFFFD').replace(LONE_SURROGATE, '\uFFFD');
}

/** A snapshot value made storable throughout; a number JSON cannot hold (Infinity) becomes null. */
function storableValue(value: unknown): unknown {
  if (typeof value === 'string') return storable(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (Array.isArray(value)) return value.map(storableValue);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [storable(key), storableValue(item)] as const),
    );
  return value ?? null;
}

/** The entry an `audit.recorded` event becomes as link `seq` of its organization's chain. */
export function chainEntry(
  record: Extract<AuditEventRecord, { event: 'audit.recorded' }>,
  seq: number,
): ChainedEntry {
  const { details } = record;
  const optional = (text: string | null): string | null => (text === null ? null : storable(text));
  return {
    id: record.id.toLowerCase(),
    organization_id: storable(record.organization_id),
    seq,
    occurred_at: new Date(record.timestamp).toISOString(),
    actor_type: details.actor_type,
    actor_id: storable(details.actor_id),
    service: storable(details.service),
    action: storable(details.action),
    target_type: storable(details.target_type),
    target_id: storable(details.target_id),
    address: optional(details.address),
    user_agent: optional(details.user_agent),
    before: storableValue(details.before) as AuditSnapshot,
    after: storableValue(details.after) as AuditSnapshot,
  };
}

/** Where a chain (or what retention left of it) starts: the last entry before it, or the genesis. */
export interface ChainLink {
  seq: number;
  hash: string;
}

export const GENESIS: ChainLink = { seq: 0, hash: GENESIS_HASH };

export type BreakReason = 'hash_mismatch' | 'missing_entry' | 'previous_hash_mismatch';

/** The first link that does not hold; `id` is null for an entry that is missing. */
export interface BrokenLink {
  seq: number;
  id: string | null;
  reason: BreakReason;
}

/**
 * Recomputes a chain entry by entry, in `seq` order, from its start (the genesis or the retention
 * checkpoint) to its recorded head. Each entry must come next (no gap), name the previous entry's hash
 * and hash to what it says; the head must be the last entry and carry its hash, so an entry missing at
 * the end is found too.
 */
export class ChainVerifier {
  private last: ChainLink;
  private count = 0;

  constructor(
    start: ChainLink,
    private readonly head: ChainLink,
  ) {
    this.last = start;
  }

  /** The next entry; the first broken link, or undefined while the chain holds. */
  check(entry: StoredEntry): BrokenLink | undefined {
    const expected = this.last.seq + 1;
    if (entry.seq !== expected) return { seq: expected, id: null, reason: 'missing_entry' };
    if (entry.previous_hash !== this.last.hash)
      return { seq: entry.seq, id: entry.id, reason: 'previous_hash_mismatch' };
    const hash = entryHash(this.last.hash, entry);
    // Past the head, or at the head with another hash: not the entry the trail appended there.
    const headDisagrees =
      entry.seq > this.head.seq || (entry.seq === this.head.seq && hash !== this.head.hash);
    if (hash !== entry.hash || headDisagrees)
      return { seq: entry.seq, id: entry.id, reason: 'hash_mismatch' };
    this.last = { seq: entry.seq, hash };
    this.count += 1;
    return undefined;
  }

  /** After the last entry: entries removed from the end leave the head further on. */
  finish(): BrokenLink | undefined {
    if (this.head.seq > this.last.seq) return { seq: this.last.seq + 1, id: null, reason: 'missing_entry' };
    return undefined;
  }

  /** Entries checked so far, and the last of them (the start when none). */
  get verified(): { entries: number; head: ChainLink } {
    return { entries: this.count, head: this.last };
  }
}
