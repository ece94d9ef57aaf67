import { type Verdict } from '../compliance/compliance-status';
import { governanceScore, type ScoreInputs, SCORE_WEIGHTS } from './governance-score';

/** Verdict counts of the latest assessments listed. */
function tally(...verdicts: Verdict[]): Record<Verdict, number> {
  const counts = { pass: 0, conditional: 0, fail: 0 };
  for (const verdict of verdicts) counts[verdict] += 1;
  return counts;
}

const none = { CRITICAL: 0, HIGH: 0, MEDIUM: 0, INFO: 0 };

function inputs(overrides: Partial<ScoreInputs> = {}): ScoreInputs {
  return {
    verdicts: tally('pass'),
    openFindings: none,
    systems: { total: 1, declared: 1 },
    probes: { total: 1, disconnected: 0 },
    violationsInWindow: 0,
    driftAlertsInWindow: 0,
    ...overrides,
  };
}

describe('governanceScore', () => {
  it('weights add up to 100', () => {
    expect(Object.values(SCORE_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('gives 100 to a fully declared, passing, quiet organization', () => {
    const result = governanceScore(inputs());
    expect(result).toMatchObject({ score: 100, state: 'scored' });
    expect(result.components.compliance).toMatchObject({ weight: 40, value: 1, points: 40 });
  });

  it('puts an organization with nothing registered in the onboarding state with score 0', () => {
    const result = governanceScore(
      inputs({
        verdicts: tally(),
        systems: { total: 0, declared: 0 },
        probes: { total: 0, disconnected: 0 },
      }),
    );
    expect(result.state).toBe('onboarding');
    expect(result.score).toBe(0);
    expect(Object.values(result.components).map((component) => component.value)).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('credits pass 1, conditional 0.5 and fail 0, averaged', () => {
    const result = governanceScore(inputs({ verdicts: tally('pass', 'conditional', 'fail', 'fail') }));
    expect(result.components.compliance.value).toBeCloseTo(0.375);
    expect(result.components.compliance.points).toBe(15);
    expect(result.score).toBe(15 + 25 + 15 + 20);
  });

  it('scores compliance and findings 0 while systems exist but none is assessed', () => {
    const result = governanceScore(inputs({ verdicts: tally() }));
    expect(result.components.compliance.value).toBe(0);
    expect(result.components.findings.value).toBe(0);
    expect(result.score).toBe(35);
  });

  it('penalises open findings by severity and saturates at zero', () => {
    const some = governanceScore(inputs({ openFindings: { CRITICAL: 1, HIGH: 2, MEDIUM: 1, INFO: 7 } }));
    // 10 + 2×5 + 2 = 22 of 50
    expect(some.components.findings.value).toBeCloseTo(0.56);
    const many = governanceScore(inputs({ openFindings: { CRITICAL: 30, HIGH: 0, MEDIUM: 0, INFO: 0 } }));
    expect(many.components.findings.value).toBe(0);
    expect(many.score).toBe(75);
  });

  it('lowers inventory coverage for shadow systems', () => {
    const result = governanceScore(inputs({ systems: { total: 4, declared: 1 } }));
    expect(result.components.inventory_coverage.value).toBe(0.25);
    expect(result.components.inventory_coverage.points).toBe(3.8);
  });

  it('lowers runtime health for violations, drift and disconnected probes', () => {
    const result = governanceScore(
      inputs({ violationsInWindow: 5, driftAlertsInWindow: 10, probes: { total: 4, disconnected: 1 } }),
    );
    // (0.5 + 0 + 0.75) / 3
    expect(result.components.runtime_health.value).toBeCloseTo(0.4167, 4);
    expect(result.score).toBe(Math.round(40 + 25 + 15 + 20 * (1.25 / 3)));
  });

  it('stays an integer within 0..100', () => {
    const worst = governanceScore(
      inputs({
        verdicts: tally('fail'),
        openFindings: { CRITICAL: 100, HIGH: 100, MEDIUM: 100, INFO: 100 },
        systems: { total: 3, declared: 0 },
        probes: { total: 2, disconnected: 2 },
        violationsInWindow: 1000,
        driftAlertsInWindow: 1000,
      }),
    );
    expect(worst.score).toBe(0);
    expect(
      Number.isInteger(
        governanceScore(inputs({ verdicts: tally('pass', 'conditional', 'conditional') })).score,
      ),
    ).toBe(true);
  });

  it('explains each part in plain words, never as penalty arithmetic', () => {
    const { components } = governanceScore(
      inputs({
        verdicts: tally('pass', 'conditional', 'fail'),
        openFindings: { CRITICAL: 100, HIGH: 40, MEDIUM: 6, INFO: 2 },
        systems: { total: 4, declared: 3 },
        probes: { total: 2, disconnected: 1 },
        violationsInWindow: 1,
        driftAlertsInWindow: 2,
      }),
    );
    expect(components.compliance.detail).toBe(
      '1 of 3 latest assessments passed, 1 passed with conditions (half the points), 1 failed (no points).',
    );
    expect(components.findings.detail).toBe(
      '148 open findings (100 critical, 40 high, 6 medium, 2 info). Each open critical finding costs 5 ' +
        'points, high 2.5, medium 1. They outweigh all of these points.',
    );
    expect(components.inventory_coverage.detail).toBe(
      '3 of 4 systems in use are declared; adopt the 1 shadow system found in telemetry.',
    );
    expect(components.runtime_health.detail).toBe(
      '1 policy violation in 24 h, 2 drift alerts in 7 days, 1 of 2 probes reporting.',
    );
    expect(governanceScore(inputs({ verdicts: tally() })).components.compliance.detail).toMatch(
      /^No assessment yet/,
    );
  });
});
