import { type Severity } from '@governance/contracts';
import {
  DEFAULT_ASSESSMENT_OPTIONS,
  InvalidAssessmentOptionsError,
  resolveAssessmentOptions,
} from './assessment-options';
import { assessmentScore, decideVerdict, summarise } from './assessment-verdict';
import { controlStatus } from './control-coverage';
import { type ControlStatus } from './engine.types';

const options = DEFAULT_ASSESSMENT_OPTIONS;
const missing = (counts: Partial<Record<Severity, number>> = {}): Record<Severity, number> => ({
  CRITICAL: 0,
  HIGH: 0,
  MEDIUM: 0,
  INFO: 0,
  ...counts,
});
const scored = (
  severity: Severity,
  coverage: number,
  status: ControlStatus = controlStatus(coverage, options),
) => ({
  severity,
  coverage,
  status,
});

describe('controlStatus', () => {
  it('is met from 0.75, partial from 0.25, missing below or at zero', () => {
    expect([1, 0.75, 0.7499, 0.5, 0.25, 0.2, 0].map((coverage) => controlStatus(coverage, options))).toEqual([
      'met',
      'met',
      'partial',
      'partial',
      'partial',
      'missing',
      'missing',
    ]);
  });

  it('never calls a control with nothing found partial, even with a zero partial threshold', () => {
    expect(controlStatus(0, { metAt: 0.75, partialAt: 0 })).toBe('missing');
  });
});

describe('assessmentScore', () => {
  it('weights coverage by severity: CRITICAL 4, HIGH 3, MEDIUM 2, INFO 1', () => {
    expect(assessmentScore([scored('CRITICAL', 1), scored('INFO', 0)], options.severityWeights)).toBe(0.8);
    expect(assessmentScore([scored('HIGH', 0.5), scored('MEDIUM', 1)], options.severityWeights)).toBe(0.7);
  });

  it('reports four decimal places', () => {
    expect(
      assessmentScore([scored('HIGH', 1), scored('HIGH', 0), scored('HIGH', 0)], options.severityWeights),
    ).toBe(0.3333);
  });
});

describe('decideVerdict', () => {
  it('passes at 0.8 with no HIGH or CRITICAL control missing', () => {
    expect(decideVerdict(0.8, missing({ MEDIUM: 3, INFO: 1 }), options)).toBe('pass');
    expect(decideVerdict(0.79, missing(), options)).toBe('conditional');
  });

  it('fails below 0.5 whatever is missing', () => {
    expect(decideVerdict(0.4999, missing(), options)).toBe('fail');
    expect(decideVerdict(0.5, missing(), options)).toBe('conditional');
  });

  it('fails on any missing CRITICAL control, even with a high score', () => {
    expect(decideVerdict(0.95, missing({ CRITICAL: 1 }), options)).toBe('fail');
  });

  it('tolerates one missing HIGH control as conditional, fails on the second', () => {
    expect(decideVerdict(0.9, missing({ HIGH: 1 }), options)).toBe('conditional');
    expect(decideVerdict(0.9, missing({ HIGH: 2 }), options)).toBe('fail');
  });

  it('follows configured thresholds', () => {
    expect(decideVerdict(0.9, missing({ HIGH: 1 }), { ...options, maxMissingHigh: 0 })).toBe('fail');
    expect(decideVerdict(0.6, missing(), { ...options, passAt: 0.6 })).toBe('pass');
  });
});

describe('summarise', () => {
  it('counts statuses, unmet controls by severity, and findings for the assessment.complete event', () => {
    const summary = summarise(
      [
        scored('CRITICAL', 0.5),
        scored('HIGH', 1),
        scored('HIGH', 0),
        scored('MEDIUM', 0.3333),
        scored('MEDIUM', 0.8),
        scored('INFO', 0),
      ],
      options,
    );
    expect(summary).toEqual({
      score: 0.4844,
      verdict: 'fail',
      counts: { met: 2, partial: 2, missing: 2 },
      unmet_by_severity: { CRITICAL: 1, HIGH: 1, MEDIUM: 1, INFO: 1 },
      findings_count: 4,
      high_findings: 2,
      medium_findings: 1,
    });
  });
});

describe('resolveAssessmentOptions', () => {
  it('overlays what the service configures on the defaults', () => {
    const resolved = resolveAssessmentOptions({
      passAt: 0.9,
      severityWeights: { INFO: 0.5 } as Record<Severity, number>,
    });
    expect(resolved).toEqual({
      ...DEFAULT_ASSESSMENT_OPTIONS,
      passAt: 0.9,
      severityWeights: { CRITICAL: 4, HIGH: 3, MEDIUM: 2, INFO: 0.5 },
    });
  });

  it('refuses thresholds that contradict each other or are out of range', () => {
    expect(() => resolveAssessmentOptions({ metAt: 0.2, partialAt: 0.3 })).toThrow(
      InvalidAssessmentOptionsError,
    );
    expect(() => resolveAssessmentOptions({ failBelow: 0.9 })).toThrow('failBelow must not exceed passAt');
    expect(() => resolveAssessmentOptions({ passAt: 1.5 })).toThrow('passAt must be between 0 and 1');
    expect(() => resolveAssessmentOptions({ maxMissingHigh: -1 })).toThrow('maxMissingHigh');
    expect(() => resolveAssessmentOptions({ maxEvidencePerControl: 0 })).toThrow('maxEvidencePerControl');
  });
});
