import { createHash } from 'node:crypto';
import { newId, newUuidV7 } from '@governance/contracts';
import {
  type BrokenLink,
  type ChainedEntry,
  chainEntry,
  type ChainLink,
  ChainVerifier,
  entryHash,
  GENESIS,
  GENESIS_HASH,
  type StoredEntry,
} from './audit-chain';

const organizationId = newId('organization');

function recorded(overrides: Record<string, unknown> = {}) {
  return {
    id: newUuidV7(),
    organization_id: organizationId,
    event: 'audit.recorded' as const,
    timestamp: '2026-03-04T05:06:07.089Z',
    details: {
      actor_type: 'api_key' as const,
      actor_id: newId('apiKey'),
      service: 'systems',
      action: 'system.updated',
      target_type: 'system',
      target_id: newId('system'),
      address: '203.0.113.9',
      user_agent: 'curl/8.5',
      before: { name: 'A' },
      after: { name: 'B' },
      ...overrides,
    },
  };
}

/** A chain of `n` entries linked from `start`, as the consumer appends them. */
function chain(n: number, start: ChainLink = GENESIS): StoredEntry[] {
  const entries: StoredEntry[] = [];
  let previous = start;
  for (let i = 1; i <= n; i += 1) {
    const entry = chainEntry(recorded(), start.seq + i);
    const hash = entryHash(previous.hash, entry);
    entries.push({ ...entry, previous_hash: previous.hash, hash });
    previous = { seq: entry.seq, hash };
  }
  return entries;
}

const headOf = (entries: StoredEntry[], start: ChainLink = GENESIS): ChainLink => {
  const last = entries[entries.length - 1];
  return last ? { seq: last.seq, hash: last.hash } : start;
};

function verify(entries: StoredEntry[], head: ChainLink, start: ChainLink = GENESIS) {
  const verifier = new ChainVerifier(start, head);
  let broken: BrokenLink | undefined;
  for (const entry of entries) if ((broken = verifier.check(entry))) break;
  return { broken: broken ?? verifier.finish(), ...verifier.verified };
}

describe('entryHash', () => {
  it('is sha256 of the previous hash followed by the key-sorted JSON of the hashed fields', () => {
    const entry = chainEntry(recorded(), 1);
    const json =
      `{"action":"system.updated","actor_id":"${entry.actor_id}","actor_type":"api_key",` +
      `"address":"203.0.113.9","after":{"name":"B"},"before":{"name":"A"},"id":"${entry.id}",` +
      `"occurred_at":"2026-03-04T05:06:07.089Z","organization_id":"${organizationId}","seq":1,` +
      `"service":"systems","target_id":"${entry.target_id}","target_type":"system","user_agent":"curl/8.5"}`;
    const expected = createHash('sha256')
      .update(GENESIS_HASH + json)
      .digest('hex');
    expect(entryHash(GENESIS_HASH, entry)).toBe(expected);
  });

  it('covers only the hashed fields: the stored hashes themselves do not change it', () => {
    const [entry] = chain(1);
    expect(entryHash(GENESIS_HASH, entry!)).toBe(entry!.hash);
  });
});

describe('chainEntry', () => {
  it('normalises the time to milliseconds in UTC and the id to lower case', () => {
    const record = {
      ...recorded(),
      id: newUuidV7().toUpperCase(),
      timestamp: '2026-03-04T07:06:07.0891+02:00',
    };
    const entry = chainEntry(record, 7);
    expect(entry).toMatchObject({
      seq: 7,
      id: record.id.toLowerCase(),
      occurred_at: '2026-03-04T05:06:07.089Z',
    });
  });

  it('replaces what Postgres cannot store (NUL, lone surrogates, infinities) so the hash survives a read back', () => {
    const entry: ChainedEntry = chainEntry(
      recorded({
        user_agent: 'agent\u0000x',
        before: { 'k\uD800': ['\uDC00', 1], nested: { n: Number.POSITIVE_INFINITY } },
        after: null,
      }),
      1,
    );
    expect(entry.user_agent).toBe('agent\uFFFDx');
    expect(entry.before).toEqual({ 'k\uFFFD': ['\uFFFD', 1], nested: { n: null } });
    expect(entry.after).toBeNull();
    const readBack = JSON.parse(JSON.stringify(entry)) as ChainedEntry;
    expect(entryHash(GENESIS_HASH, readBack)).toBe(entryHash(GENESIS_HASH, entry));
  });

  it('keeps a well-formed surrogate pair', () => {
    expect(chainEntry(recorded({ after: { emoji: '\u{1F600}' } }), 1).after).toEqual({ emoji: '\u{1F600}' });
  });
});

describe('ChainVerifier', () => {
  it('holds for an untouched chain and reports its length and head', () => {
    const entries = chain(4);
    expect(verify(entries, headOf(entries))).toEqual({
      broken: undefined,
      entries: 4,
      head: headOf(entries),
    });
  });

  it('holds for an empty chain, whose head is the genesis', () => {
    expect(verify([], GENESIS)).toEqual({ broken: undefined, entries: 0, head: GENESIS });
  });

  it('starts from a retention checkpoint', () => {
    const checkpoint = { seq: 10, hash: 'a'.repeat(64) };
    const entries = chain(3, checkpoint);
    expect(verify(entries, headOf(entries), checkpoint)).toMatchObject({ broken: undefined, entries: 3 });
    expect(verify(entries, headOf(entries))).toMatchObject({
      broken: { seq: 1, id: null, reason: 'missing_entry' },
    });
  });

  it('finds an edited field as a hash mismatch of that entry', () => {
    const entries = chain(4);
    const edited = entries.map((entry) =>
      entry.seq === 2 ? { ...entry, after: { name: 'forged' } } : entry,
    );
    expect(verify(edited, headOf(entries)).broken).toEqual({
      seq: 2,
      id: entries[1]!.id,
      reason: 'hash_mismatch',
    });
  });

  it('finds an edit whose hash was recomputed at the next link', () => {
    const entries = chain(4);
    const forged = { ...entries[1]!, actor_id: 'someone-else' };
    forged.hash = entryHash(forged.previous_hash, forged);
    const edited = entries.map((entry) => (entry.seq === 2 ? forged : entry));
    expect(verify(edited, headOf(entries)).broken).toEqual({
      seq: 3,
      id: entries[2]!.id,
      reason: 'previous_hash_mismatch',
    });
  });

  it('finds an entry deleted in the middle as the missing sequence number', () => {
    const entries = chain(5);
    const remaining = entries.filter((entry) => entry.seq !== 3);
    expect(verify(remaining, headOf(entries))).toMatchObject({
      broken: { seq: 3, id: null, reason: 'missing_entry' },
      entries: 2,
    });
  });

  it('finds entries deleted at the end by the head the chain recorded', () => {
    const entries = chain(5);
    expect(verify(entries.slice(0, 3), headOf(entries)).broken).toEqual({
      seq: 4,
      id: null,
      reason: 'missing_entry',
    });
  });

  it('refuses an entry appended past the head, even with a good hash', () => {
    const entries = chain(4);
    const head = headOf(entries.slice(0, 3));
    expect(verify(entries, head).broken).toEqual({ seq: 4, id: entries[3]!.id, reason: 'hash_mismatch' });
  });

  it('refuses a renumbered chain', () => {
    const entries = chain(3).map((entry) => ({ ...entry, seq: entry.seq + 1 }));
    expect(verify(entries, { seq: 4, hash: entries[2]!.hash }).broken).toEqual({
      seq: 1,
      id: null,
      reason: 'missing_entry',
    });
  });
});
