import { isId, isUuid, newId, newUuidV7 } from './ids';

describe('ids', () => {
  it('prefixes ids with their kind and keeps them sortable by creation time', () => {
    const first = newId('webhook', Date.UTC(2026, 0, 1));
    const second = newId('webhook', Date.UTC(2026, 0, 2));
    expect(first).toMatch(/^wh_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(first < second).toBe(true);
    expect(isId('webhook', first)).toBe(true);
    expect(isId('system', first)).toBe(false);
    expect(isId('webhook', `${first}x`)).toBe(false);
  });

  it('makes valid ids from instants with a fraction of a millisecond', () => {
    const at = Date.UTC(2026, 0, 1) + 0.37;
    expect(isId('assessment', newId('assessment', at))).toBe(true);
    expect(isUuid(newUuidV7(at))).toBe(true);
  });

  it('makes ids unguessable: many ids of one millisecond are all distinct', () => {
    const now = Date.now();
    const ids = new Set(Array.from({ length: 10_000 }, () => newId('finding', now)));
    expect(ids.size).toBe(10_000);
  });

  it('makes RFC 9562 version 7 UUIDs that sort by time', () => {
    const early = newUuidV7(Date.UTC(2026, 0, 1));
    const late = newUuidV7(Date.UTC(2026, 0, 2));
    expect(early).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(early < late).toBe(true);
    expect(isUuid(early)).toBe(true);
    expect(isUuid('not-a-uuid')).toBe(false);
  });
});
