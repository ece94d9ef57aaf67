import type { Severity } from '@governance/contracts';

/**
 * The numbers that turn matched text into statuses, a score and a verdict. Controls have 2–5 concepts:
 * metAt 0.75 tolerates one unaddressed minor concept in a four-concept control but not in a two-concept
 * one, and partialAt 0.25 means "at least one concept found" for most. The score weighs each control's
 * coverage by its severity. One missing HIGH control (maxMissingHigh) may be a remediable gap; two mean
 * the document misses the framework's core.
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
