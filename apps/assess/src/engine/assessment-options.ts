import type { Severity } from '@governance/contracts';

/**
 * The numbers that turn matched text into statuses, a score and a verdict. Controls have 2–5 concepts:
 * metAt 0.75 tolerates one unaddressed minor concept in a four-concept control but not in a two-concept
 * one, and partialAt 0.25 means "at least one concept found" for most. The score weighs each control's
 * coverage by its severity. One missing HIGH control (maxMissingHigh) may be a remediable gap; two mean
 * the document misses the framework's core.
 */
const defaults = {
  metAt: 0.75,
  partialAt: 0.25,
  passAt: 0.8,
  failBelow: 0.5,
  maxMissingHigh: 1,
  severityWeights: { CRITICAL: 4, HIGH: 3, MEDIUM: 2, INFO: 1 } as Readonly<Record<Severity, number>>,
  maxEvidencePerControl: 3,
  maxQuoteLength: 300,
};
export type AssessmentOptions = Readonly<typeof defaults>;
export const DEFAULT_ASSESSMENT_OPTIONS: AssessmentOptions = Object.freeze(defaults);

export class InvalidAssessmentOptionsError extends Error {
  override name = 'InvalidAssessmentOptionsError';
  constructor(readonly problems: readonly string[]) {
    super(`invalid assessment options: ${problems.join('; ')}`);
  }
}

/** The defaults overlaid with what the service configures, refused when the thresholds contradict each other. */
export function resolveAssessmentOptions(overrides: Partial<AssessmentOptions> = {}): AssessmentOptions {
  const options: AssessmentOptions = {
    ...DEFAULT_ASSESSMENT_OPTIONS,
    ...overrides,
    severityWeights: { ...DEFAULT_ASSESSMENT_OPTIONS.severityWeights, ...overrides.severityWeights },
  };
  const problems: string[] = [];
  for (const name of ['metAt', 'partialAt', 'passAt', 'failBelow'] as const) {
    const value = options[name];
    if (!(Number.isFinite(value) && value >= 0 && value <= 1))
      problems.push(`${name} must be between 0 and 1`);
  }
  if (options.partialAt > options.metAt) problems.push('partialAt must not exceed metAt');
  if (options.failBelow > options.passAt) problems.push('failBelow must not exceed passAt');
  for (const [severity, weight] of Object.entries(options.severityWeights)) {
    if (!(Number.isFinite(weight) && weight > 0))
      problems.push(`severityWeights.${severity} must be positive`);
  }
  const wholeNumbers = [
    ['maxMissingHigh', 0],
    ['maxEvidencePerControl', 1],
    ['maxQuoteLength', 40],
  ] as const;
  for (const [name, least] of wholeNumbers) {
    if (!Number.isInteger(options[name]) || options[name] < least)
      problems.push(`${name} must be a whole number, ${least} or more`);
  }
  if (problems.length > 0) throw new InvalidAssessmentOptionsError(problems);
  return options;
}
