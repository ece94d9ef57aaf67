import { ifNoneMatchHits, policySetVersion } from './policy-sync';

const SYSTEM = 'sys_01ARZ3NDEKTSV4RRFFQ69G5FAA';
const P1 = { policy_id: 'pol_01ARZ3NDEKTSV4RRFFQ69G5F01', version: 1 };
const P2 = { policy_id: 'pol_01ARZ3NDEKTSV4RRFFQ69G5F02', version: 3 };

describe('policy set version', () => {
  it('is the same for the same set, in any order', () => {
    expect(policySetVersion(SYSTEM, [P1, P2])).toBe(policySetVersion(SYSTEM, [P2, P1]));
    expect(policySetVersion(SYSTEM, [P1, P2])).toMatch(/^[0-9a-f]{32}$/);
  });

  it('changes when a policy changes version, leaves the set, or the system changes', () => {
    const base = policySetVersion(SYSTEM, [P1, P2]);
    expect(policySetVersion(SYSTEM, [P1, { ...P2, version: 4 }])).not.toBe(base);
    expect(policySetVersion(SYSTEM, [P1])).not.toBe(base);
    expect(policySetVersion(SYSTEM, [])).not.toBe(policySetVersion('sys_other', []));
  });
});

describe('If-None-Match', () => {
  const etag = '"abc"';

  it('hits on the same tag, a weak form of it, one of a list, or *', () => {
    expect(ifNoneMatchHits('"abc"', etag)).toBe(true);
    expect(ifNoneMatchHits('W/"abc"', etag)).toBe(true);
    expect(ifNoneMatchHits('"old", "abc"', etag)).toBe(true);
    expect(ifNoneMatchHits('*', etag)).toBe(true);
  });

  it('misses on another tag, an unquoted one, or none', () => {
    expect(ifNoneMatchHits('"old"', etag)).toBe(false);
    expect(ifNoneMatchHits('abc', etag)).toBe(false);
    expect(ifNoneMatchHits(undefined, etag)).toBe(false);
    expect(ifNoneMatchHits('', etag)).toBe(false);
  });
});
