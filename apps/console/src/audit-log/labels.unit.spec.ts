import { instantFrom, verdictSentence } from './labels';

const HASH = 'a'.repeat(64);

describe('verdictSentence', () => {
  it('counts what an intact chain recomputed', () => {
    expect(verdictSentence({ ok: true, entries: 12, head: { seq: 12, hash: HASH }, checkpoint: null })).toBe(
      '12 entries recomputed up to #12; every hash matches.',
    );
    expect(
      verdictSentence({
        ok: true,
        entries: 1,
        head: { seq: 41, hash: HASH },
        checkpoint: { seq: 40, hash: HASH },
      }),
    ).toBe('1 entry recomputed from the retention checkpoint (#40) up to #41; every hash matches.');
  });

  it('names the first broken link and why', () => {
    expect(verdictSentence({ ok: false, first_broken: { seq: 7, id: null, reason: 'missing_entry' } })).toBe(
      'The first broken link is entry #7: the entry is missing.',
    );
    expect(verdictSentence({ ok: false, first_broken: { seq: 3, id: 'e-3', reason: 'hash_mismatch' } })).toBe(
      'The first broken link is entry #3 (e-3): its hash does not match its content.',
    );
  });
});

describe('instantFrom', () => {
  it('reads a local date and time as an instant, and nothing as nothing', () => {
    expect(instantFrom('')).toBeUndefined();
    expect(instantFrom('not a date')).toBeUndefined();
    expect(instantFrom('2026-11-26T10:00')).toBe(new Date('2026-11-26T10:00').toISOString());
  });
});
