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
      assessed ? complianceDetail(verdicts, assessments) : NOT_ASSESSED,
    ),
    findings: component(
      'findings',
      assessed ? Math.max(0, 1 - penalty / FINDINGS_PENALTY_CAP) : 0,
      assessed ? findingsDetail(openFindings, penalty) : NOT_ASSESSED,
    ),
    inventory_coverage: component(
      'inventory_coverage',
      systems.total === 0 ? 1 : systems.declared / systems.total,
      systems.total === 0
        ? 'No system in use yet.'
        : systems.declared === systems.total
          ? `All ${plural(systems.total, 'system')} in use are declared.`
          : `${systems.declared} of ${plural(systems.total, 'system')} in use are declared; ` +
            `adopt the ${plural(systems.total - systems.declared, 'shadow system')} found in telemetry.`,
    ),
    runtime_health: component(
      'runtime_health',
      runtime,
      `${plural(inputs.violationsInWindow, 'policy violation')} in 24 h, ` +
        `${plural(inputs.driftAlertsInWindow, 'drift alert')} in 7 days, ` +
        (probes.total === 0
          ? 'no probe yet.'
          : `${probes.total - probes.disconnected} of ${plural(probes.total, 'probe')} reporting.`),
    ),
  };
  const total = Object.values(components).reduce((sum, part) => sum + part.weight * (part.value ?? 0), 0);
  return { score: Math.round(total), state: 'scored', components };
}

const NOT_ASSESSED = 'No assessment yet: upload a system’s documents to earn these points.';

/** "1 finding", "3 findings". */
const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

function complianceDetail(verdicts: ScoreInputs['verdicts'], assessments: number): string {
  const parts = [`${verdicts.pass} of ${plural(assessments, 'latest assessment')} passed`];
  if (verdicts.conditional > 0)
    parts.push(`${verdicts.conditional} passed with conditions (half the points)`);
  if (verdicts.fail > 0) parts.push(`${verdicts.fail} failed (no points)`);
  return `${parts.join(', ')}.`;
}

/** The open findings and what each severity costs, in this component's points. */
function findingsDetail(open: ScoreInputs['openFindings'], penalty: number): string {
  const total = open.CRITICAL + open.HIGH + open.MEDIUM + open.INFO;
  if (total === 0) return 'No open findings.';
  const cost = (severity: Severity): string =>
    String(round((FINDING_PENALTY[severity] / FINDINGS_PENALTY_CAP) * SCORE_WEIGHTS.findings, 1));
  const counts = (['CRITICAL', 'HIGH', 'MEDIUM', 'INFO'] as const)
    .filter((severity) => open[severity] > 0)
    .map((severity) => `${open[severity]} ${severity.toLowerCase()}`)
    .join(', ');
  const lost = penalty >= FINDINGS_PENALTY_CAP ? ' They outweigh all of these points.' : '';
  return (
    `${plural(total, 'open finding')} (${counts}). Each open critical finding costs ${cost('CRITICAL')} ` +
    `points, high ${cost('HIGH')}, medium ${cost('MEDIUM')}.${lost}`
  );
}
