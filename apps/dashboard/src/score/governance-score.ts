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

type Breakdown = SummaryResponse['score_breakdown'];
export type ComponentName = Exclude<keyof Breakdown, 'state'>;
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

const VERDICT_CREDIT: Readonly<Record<Verdict, number>> = { pass: 1, conditional: 0.5, fail: 0 };
/** Penalty points per open finding; the findings component reaches 0 at FINDINGS_PENALTY_CAP points. */
const FINDING_PENALTY: Readonly<Record<Severity, number>> = { CRITICAL: 10, HIGH: 5, MEDIUM: 2, INFO: 0 };
const FINDINGS_PENALTY_CAP = 50;
/** Runtime health reaches 0 on its part at these counts inside their windows. */
const VIOLATIONS_CAP = 10;
const DRIFT_ALERTS_CAP = 5;

/**
 * The governance score, 0-100: four weighted components, each valued 0..1, as docs/api.md ("The
 * governance score") tells. With nothing registered an organization is `onboarding`, scored 0 with every
 * value null: a perfect score for governing nothing would read as an achievement and hide missing setup.
 */
export function governanceScore(inputs: ScoreInputs): GovernanceScore {
  const { verdicts, openFindings, systems, probes } = inputs;
  const assessments = verdicts.pass + verdicts.conditional + verdicts.fail;
  const component = (name: ComponentName, value: number | null, detail: string): ScoreComponent => ({
    weight: SCORE_WEIGHTS[name],
    value: value === null ? null : round(value, 4),
    points: value === null ? 0 : round(SCORE_WEIGHTS[name] * value, 1),
    detail,
  });
  if (systems.total === 0 && probes.total === 0 && assessments === 0) {
    const empty = (name: ComponentName) => component(name, null, 'no data yet');
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
  const weigh = <K extends string>(
    weights: Readonly<Record<K, number>>,
    counts: Readonly<Record<K, number>>,
  ) => (Object.keys(weights) as K[]).reduce((sum, key) => sum + weights[key] * counts[key], 0);
  const penalty = weigh(FINDING_PENALTY, openFindings);
  const runtime =
    (Math.max(0, 1 - inputs.violationsInWindow / VIOLATIONS_CAP) +
      Math.max(0, 1 - inputs.driftAlertsInWindow / DRIFT_ALERTS_CAP) +
      (probes.total === 0 ? 1 : 1 - probes.disconnected / probes.total)) /
    3;
  const components = {
    compliance: component(
      'compliance',
      assessed ? weigh(VERDICT_CREDIT, verdicts) / assessments : 0,
      assessed ? `${assessments} latest assessment(s)` : 'no assessment yet',
    ),
    findings: component(
      'findings',
      assessed ? Math.max(0, 1 - penalty / FINDINGS_PENALTY_CAP) : 0,
      assessed ? `open finding penalty ${penalty} of ${FINDINGS_PENALTY_CAP}` : 'no assessment yet',
    ),
    inventory_coverage: component(
      'inventory_coverage',
      systems.total === 0 ? 1 : systems.declared / systems.total,
      `${systems.declared} of ${systems.total} system(s) declared`,
    ),
    runtime_health: component(
      'runtime_health',
      runtime,
      `${inputs.violationsInWindow} violation(s), ${inputs.driftAlertsInWindow} drift alert(s), ` +
        `${probes.disconnected} of ${probes.total} probe(s) disconnected`,
    ),
  };
  const total = Object.values(components).reduce((sum, part) => sum + part.weight * (part.value ?? 0), 0);
  return { score: Math.round(total), state: 'scored', components };
}
