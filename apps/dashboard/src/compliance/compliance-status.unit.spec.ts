import { FRAMEWORK_KEYS } from '@governance/frameworks';
import {
  aggregateCompliance,
  countCompliance,
  normalizeVerdict,
  type VerdictTally,
} from './compliance-status';

const at = (iso: string): Date => new Date(iso);

/** One system's newest verdict, as a tally of one. */
function verdict(
  overrides: { framework?: string; verdict?: string; score?: number | null; assessedAt?: Date } = {},
): VerdictTally {
  const score = overrides.score === undefined ? 0.9 : overrides.score;
  return {
    framework: overrides.framework ?? 'EU_AI_ACT',
    verdict: overrides.verdict ?? 'pass',
    systems: 1,
    scoreSum: score ?? 0,
    scored: score === null ? 0 : 1,
    lastAssessedAt: overrides.assessedAt ?? at('2026-01-01T00:00:00.000Z'),
  };
}

describe('aggregateCompliance', () => {
  it('lists every catalog framework as not assessed when there are no verdicts', () => {
    const result = aggregateCompliance([]);
    expect(result.map((entry) => entry.framework)).toEqual(FRAMEWORK_KEYS);
    expect(result.every((entry) => entry.status === 'not_assessed' && entry.score === null)).toBe(true);
    expect(result.every((entry) => entry.name.length > 0 && entry.last_assessed_at === null)).toBe(true);
  });

  it("takes the framework's worst system verdict, the mean score and the newest time", () => {
    const [eu] = aggregateCompliance([
      verdict({ verdict: 'pass', score: 0.9 }),
      verdict({
        verdict: 'conditional',
        score: 0.6,
        assessedAt: at('2026-02-01T00:00:00.000Z'),
      }),
    ]);
    expect(eu).toMatchObject({
      framework: 'EU_AI_ACT',
      status: 'conditional',
      score: 0.75,
      systems_assessed: 2,
      last_assessed_at: '2026-02-01T00:00:00.000Z',
    });
    const [failing] = aggregateCompliance([
      verdict({ verdict: 'pass' }),
      verdict({ verdict: 'fail', score: 0.2 }),
    ]);
    expect(failing?.status).toBe('fail');
  });

  it('adds up tallies of many systems, and skips scores that are unknown', () => {
    const [eu] = aggregateCompliance([
      { ...verdict({ verdict: 'pass' }), systems: 3, scoreSum: 2.7, scored: 3 },
      { ...verdict({ verdict: 'conditional', score: null }), systems: 2 },
    ]);
    expect(eu).toMatchObject({ status: 'conditional', score: 0.9, systems_assessed: 5 });
  });

  it('appends frameworks outside the catalog, by key', () => {
    const result = aggregateCompliance([verdict({ framework: 'SOC2_AI', verdict: 'pass' })]);
    expect(result.map((entry) => entry.framework)).toEqual([...FRAMEWORK_KEYS, 'SOC2_AI']);
    expect(result.at(-1)).toMatchObject({
      framework: 'SOC2_AI',
      name: 'SOC2_AI',
      status: 'pass',
      systems_assessed: 1,
    });
  });

  it('counts frameworks by status for the summary', () => {
    const statuses = aggregateCompliance([
      verdict({ framework: 'EU_AI_ACT', verdict: 'pass' }),
      verdict({ framework: 'NIST_AI_RMF', verdict: 'fail' }),
    ]);
    expect(countCompliance(statuses)).toEqual({
      frameworks_assessed: 2,
      passing: 1,
      conditional: 0,
      failing: 1,
    });
  });

  it('treats unknown verdicts as conditional', () => {
    expect(normalizeVerdict('PASS')).toBe('pass');
    expect(normalizeVerdict('needs_review')).toBe('conditional');
  });
});
