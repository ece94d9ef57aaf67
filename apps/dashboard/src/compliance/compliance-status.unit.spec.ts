import {
  aggregateCompliance,
  countCompliance,
  type LatestVerdict,
  normalizeVerdict,
} from './compliance-status';

const at = (iso: string): Date => new Date(iso);

function verdict(overrides: Partial<LatestVerdict>): LatestVerdict {
  return {
    systemKey: 'sys_A',
    framework: 'EU_AI_ACT',
    verdict: 'pass',
    score: 0.9,
    assessedAt: at('2026-01-01T00:00:00.000Z'),
    ...overrides,
  };
}

describe('aggregateCompliance', () => {
  it('lists every catalog framework as not assessed when there are no verdicts', () => {
    const result = aggregateCompliance([]);
    expect(result.map((entry) => entry.framework)).toEqual(['EU_AI_ACT', 'NIST_AI_RMF', 'ISO_42001']);
    expect(result.every((entry) => entry.status === 'not_assessed' && entry.score === null)).toBe(true);
    expect(result.every((entry) => entry.name.length > 0 && entry.last_assessed_at === null)).toBe(true);
  });

  it("takes the framework's worst system verdict, the mean score and the newest time", () => {
    const [eu] = aggregateCompliance([
      verdict({ systemKey: 'sys_A', verdict: 'pass', score: 0.9 }),
      verdict({
        systemKey: 'sys_B',
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
      verdict({ systemKey: 'sys_A', verdict: 'pass' }),
      verdict({ systemKey: 'sys_B', verdict: 'fail', score: 0.2 }),
    ]);
    expect(failing?.status).toBe('fail');
  });

  it('appends frameworks outside the catalog, by key', () => {
    const result = aggregateCompliance([verdict({ framework: 'SOC2_AI', verdict: 'pass' })]);
    expect(result).toHaveLength(4);
    expect(result[3]).toMatchObject({
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
