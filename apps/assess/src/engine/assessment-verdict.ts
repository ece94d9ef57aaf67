import { SEVERITIES, type Severity } from '@governance/contracts';
import { type AssessmentOptions } from './assessment-options';
import { roundFraction } from './control-coverage';
import { type AssessmentSummary, type ControlResult, type ControlStatus, type Verdict } from './engine.types';

type ScoredControl = Pick<ControlResult, 'severity' | 'status' | 'coverage'>;

/** Mean coverage of the controls, each weighted by its severity. */
export function assessmentScore(
  controls: readonly ScoredControl[],
  weights: AssessmentOptions['severityWeights'],
): number {
  let weighted = 0;
  let total = 0;
  for (const control of controls) {
    weighted += weights[control.severity] * control.coverage;
    total += weights[control.severity];
  }
  return total === 0 ? 0 : roundFraction(weighted / total);
}

/** See assessment-options.ts for why the lines are where they are. */
export function decideVerdict(
  score: number,
  missingBySeverity: Readonly<Record<Severity, number>>,
  options: Pick<AssessmentOptions, 'passAt' | 'failBelow' | 'maxMissingHigh'>,
): Verdict {
  if (score < options.failBelow) return 'fail';
  if (missingBySeverity.CRITICAL > 0) return 'fail';
  if (missingBySeverity.HIGH > options.maxMissingHigh) return 'fail';
  if (score >= options.passAt && missingBySeverity.HIGH === 0) return 'pass';
  return 'conditional';
}

const zeroBySeverity = (): Record<Severity, number> =>
  Object.fromEntries(SEVERITIES.map((severity) => [severity, 0])) as Record<Severity, number>;

export function summarise(controls: readonly ScoredControl[], options: AssessmentOptions): AssessmentSummary {
  const counts: Record<ControlStatus, number> = { met: 0, partial: 0, missing: 0 };
  const unmet = zeroBySeverity();
  const missing = zeroBySeverity();
  for (const control of controls) {
    counts[control.status] += 1;
    if (control.status !== 'met') unmet[control.severity] += 1;
    if (control.status === 'missing') missing[control.severity] += 1;
  }
  const score = assessmentScore(controls, options.severityWeights);
  return {
    score,
    verdict: decideVerdict(score, missing, options),
    counts,
    unmet_by_severity: unmet,
    findings_count: counts.partial + counts.missing,
    high_findings: unmet.HIGH + unmet.CRITICAL,
    medium_findings: unmet.MEDIUM,
  };
}
