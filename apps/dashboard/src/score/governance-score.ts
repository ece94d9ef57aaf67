import { type Severity } from '@governance/contracts';
import { round, type Verdict } from '../compliance/compliance-status';
import { type SummaryResponse } from '../summary/summary.dto';

/** What the score is computed from: counts from the read model, nothing else. */
export interface ScoreInputs {
  /** How many (system, framework)s have each verdict as their latest completed assessment's. */
  verdicts: Readonly<Record<Verdict, number>>;
  openFindings: Readonly<Record<Severity, number>>;
  systems: { total: number; declared: number };
  probes: { total: number; disconnected: number };
  violationsInWindow: number;
  driftAlertsInWindow: number;
}

export type ComponentName = 'compliance' | 'findings' | 'inventory_coverage' | 'runtime_health';

type Breakdown = SummaryResponse['score_breakdown'];
type ScoreComponent = Breakdown[ComponentName];

export interface GovernanceScore {
  score: number;
  state: Breakdown['state'];
  components: Omit<Breakdown, 'state'>;
}

export const SCORE_WEIGHTS: Readonly<Record<ComponentName, number>> = {
  compliance: 40,
  findings: 25,
  inventory_coverage: 15,
  runtime_health: 20,
};

/** Credit per verdict of a latest assessment. */
const VERDICT_CREDIT: Readonly<Record<Verdict, number>> = { pass: 1, conditional: 0.5, fail: 0 };
/** Penalty points per open finding; the findings component reaches 0 at FINDINGS_PENALTY_CAP points. */
export const FINDING_PENALTY: Readonly<Record<Severity, number>> = {
  CRITICAL: 10,
  HIGH: 5,
  MEDIUM: 2,
  INFO: 0,
};
const FINDINGS_PENALTY_CAP = 50;
/** Runtime health reaches 0 on its part at these counts inside their windows. */
const VIOLATIONS_CAP = 10;
const DRIFT_ALERTS_CAP = 5;

/**
 * The governance score, an integer 0-100: the sum of four weighted components, each valued 0..1.
 *
 * - compliance (40): mean credit over the latest assessment of every (system, framework) — pass 1,
 *   conditional 0.5, fail 0. No assessment yet counts 0: an unassessed inventory is not compliant.
 * - findings (25): 1 − penalty / 50, floored at 0, where the penalty of the open findings (those of each
 *   (system, framework)'s latest assessment) is CRITICAL 10, HIGH 5, MEDIUM 2, INFO 0 each. It saturates:
 *   five open criticals already take the whole component. No assessment yet counts 0 (nothing is known).
 * - inventory coverage (15): declared systems / all systems; shadow AI lowers it. No systems counts 1.
 * - runtime health (20): the mean of three parts, each 1 at best — 1 − violations in the violation
 *   window (24 h) / 10, 1 − drift alerts in the drift window (7 d) / 5 (both floored at 0), and the share
 *   of probes connected (1 without probes).
 *
 * An organization with nothing registered (no system, no probe, no assessment) is in the `onboarding`
 * state: score 0 and every component's value null. We chose 0 with an explicit state over 100 because a
 * perfect score for governing nothing would read as an achievement on reports and hide that setup is
 * incomplete; the state lets a UI show a "get started" card instead of a number.
 */
export function governanceScore(inputs: ScoreInputs): GovernanceScore {
  const assessments = inputs.verdicts.pass + inputs.verdicts.conditional + inputs.verdicts.fail;
  const onboarding = inputs.systems.total === 0 && inputs.probes.total === 0 && assessments === 0;
  if (onboarding) {
    const empty = (name: ComponentName): ScoreComponent => ({
      weight: SCORE_WEIGHTS[name],
      value: null,
      points: 0,
      detail: 'no data yet',
    });
    return {
      score: 0,
      state: 'onboarding',
      components: {
        compliance: empty('compliance'),
        findings: empty('findings'),
        inventory_coverage: empty('inventory_coverage'),
        runtime_health: empty('runtime_health'),
      },
    };
  }
  const assessed = assessments > 0;
  const compliance = assessed
    ? (Object.keys(VERDICT_CREDIT) as Verdict[]).reduce(
        (sum, verdict) => sum + VERDICT_CREDIT[verdict] * inputs.verdicts[verdict],
        0,
      ) / assessments
    : 0;
  const penalty = (Object.keys(FINDING_PENALTY) as Severity[]).reduce(
    (sum, severity) => sum + FINDING_PENALTY[severity] * inputs.openFindings[severity],
    0,
  );
  const findings = assessed ? Math.max(0, 1 - penalty / FINDINGS_PENALTY_CAP) : 0;
  const coverage = inputs.systems.total === 0 ? 1 : inputs.systems.declared / inputs.systems.total;
  const violationsPart = Math.max(0, 1 - inputs.violationsInWindow / VIOLATIONS_CAP);
  const driftPart = Math.max(0, 1 - inputs.driftAlertsInWindow / DRIFT_ALERTS_CAP);
  const probesPart = inputs.probes.total === 0 ? 1 : 1 - inputs.probes.disconnected / inputs.probes.total;
  const runtime = (violationsPart + driftPart + probesPart) / 3;
  const component = (name: ComponentName, value: number, detail: string): ScoreComponent => ({
    weight: SCORE_WEIGHTS[name],
    value: round(value, 4),
    points: round(SCORE_WEIGHTS[name] * value, 1),
    detail,
  });
  const components = {
    compliance: component(
      'compliance',
      compliance,
      assessed ? `${assessments} latest assessment(s)` : 'no assessment yet',
    ),
    findings: component(
      'findings',
      findings,
      assessed ? `open finding penalty ${penalty} of ${FINDINGS_PENALTY_CAP}` : 'no assessment yet',
    ),
    inventory_coverage: component(
      'inventory_coverage',
      coverage,
      `${inputs.systems.declared} of ${inputs.systems.total} system(s) declared`,
    ),
    runtime_health: component(
      'runtime_health',
      runtime,
      `${inputs.violationsInWindow} violation(s), ${inputs.driftAlertsInWindow} drift alert(s), ` +
        `${inputs.probes.disconnected} of ${inputs.probes.total} probe(s) disconnected`,
    ),
  };
  const total = Object.values(components).reduce((sum, part) => sum + part.weight * (part.value ?? 0), 0);
  return { score: Math.round(total), state: 'scored', components };
}
