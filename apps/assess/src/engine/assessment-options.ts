import type { Severity } from '@governance/contracts';

/**
 * The numbers that turn matched text into statuses, a score and a verdict. Defaults:
 *
 * - metAt 0.75: a control is **met** when at least three quarters of its concepts (by weight) are
 *   evidenced. Controls have 2–5 concepts, so met tolerates one unaddressed minor concept in a
 *   four-concept control but not in a two-concept one.
 * - partialAt 0.25: a control is **partial** from a quarter of its weight upwards, below that
 *   **missing**. With the usual 2–4 concepts that means "at least one concept found"; for a control with
 *   five or more, one passing mention is not yet partial compliance.
 * - severityWeights CRITICAL 4, HIGH 3, MEDIUM 2, INFO 1: the score is the mean coverage of all
 *   controls weighted by these, so a gap in a critical control costs four times one in an
 *   informational control.
 * - The verdict is **fail** when the score is below failBelow 0.5, or any CRITICAL control is missing,
 *   or more than maxMissingHigh 1 HIGH controls are missing: one unaddressed high-risk area may be a
 *   remediable gap, two indicate the document does not cover the framework's core. It is **pass** when
 *   the score is at least passAt 0.8 and no HIGH or CRITICAL control is missing (partial ones may
 *   remain, as findings). Anything between is **conditional**.
 * - Evidence: up to maxEvidencePerControl 3 passages per control, each quote at most
 *   maxQuoteLength 300 characters, cut around the matched term when the sentence is longer.
 *
 * Missing means no usable evidence at all in effect; a control whose only mentions are negated
 * ("we do not keep logs") or placeholders ("Logging: TBD") counts as missing too.
 */
export interface AssessmentOptions {
  metAt: number;
  partialAt: number;
  passAt: number;
  failBelow: number;
  maxMissingHigh: number;
  severityWeights: Readonly<Record<Severity, number>>;
  maxEvidencePerControl: number;
  maxQuoteLength: number;
}

export const DEFAULT_ASSESSMENT_OPTIONS: Readonly<AssessmentOptions> = {
  metAt: 0.75,
  partialAt: 0.25,
  passAt: 0.8,
  failBelow: 0.5,
  maxMissingHigh: 1,
  severityWeights: { CRITICAL: 4, HIGH: 3, MEDIUM: 2, INFO: 1 },
  maxEvidencePerControl: 3,
  maxQuoteLength: 300,
};

export class InvalidAssessmentOptionsError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`invalid assessment options: ${problems.join('; ')}`);
    this.name = 'InvalidAssessmentOptionsError';
  }
}

const isFraction = (value: number): boolean => Number.isFinite(value) && value >= 0 && value <= 1;

/** The defaults overlaid with what the service configures, refused when the thresholds contradict each other. */
export function resolveAssessmentOptions(overrides: Partial<AssessmentOptions> = {}): AssessmentOptions {
  const options: AssessmentOptions = {
    ...DEFAULT_ASSESSMENT_OPTIONS,
    ...overrides,
    severityWeights: { ...DEFAULT_ASSESSMENT_OPTIONS.severityWeights, ...overrides.severityWeights },
  };
  const problems: string[] = [];
  for (const name of ['metAt', 'partialAt', 'passAt', 'failBelow'] as const) {
    if (!isFraction(options[name])) problems.push(`${name} must be between 0 and 1`);
  }
  if (options.partialAt > options.metAt) problems.push('partialAt must not exceed metAt');
  if (options.failBelow > options.passAt) problems.push('failBelow must not exceed passAt');
  if (!Number.isInteger(options.maxMissingHigh) || options.maxMissingHigh < 0) {
    problems.push('maxMissingHigh must be a whole number, 0 or more');
  }
  for (const [severity, weight] of Object.entries(options.severityWeights)) {
    if (!(Number.isFinite(weight) && weight > 0))
      problems.push(`severityWeights.${severity} must be positive`);
  }
  if (!Number.isInteger(options.maxEvidencePerControl) || options.maxEvidencePerControl < 1) {
    problems.push('maxEvidencePerControl must be a whole number, 1 or more');
  }
  if (!Number.isInteger(options.maxQuoteLength) || options.maxQuoteLength < 40) {
    problems.push('maxQuoteLength must be a whole number, 40 or more');
  }
  if (problems.length > 0) throw new InvalidAssessmentOptionsError(problems);
  return options;
}
