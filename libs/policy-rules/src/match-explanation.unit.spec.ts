import { type Condition } from '@governance/contracts';
import { type ConditionRecord } from './condition-code';
import { EXPLANATION_LIMITS, explainMatch } from './match-explanation';

const record: ConditionRecord = {
  metrics: { toxicity: 0.93, latency_ms: 120 },
  labels: { pii_detected: 'true' },
  model: 'gpt-4o',
};

describe('explainMatch', () => {
  it('names the leaf that matched, with the value seen', () => {
    expect(explainMatch({ field: 'metrics.toxicity', op: 'gt', value: 0.8 }, record)).toBe(
      'metrics.toxicity gt 0.8 (was 0.93)',
    );
  });

  it('is undefined when the record does not violate the condition', () => {
    expect(explainMatch({ field: 'metrics.toxicity', op: 'gt', value: 0.95 }, record)).toBeUndefined();
  });

  it('shows the first matching branch of any, every leaf of all, and the leaf a not inverts', () => {
    const condition: Condition = {
      any: [
        { field: 'metrics.toxicity', op: 'gt', value: 0.99 },
        {
          all: [
            { field: 'labels.pii_detected', op: 'eq', value: 'true' },
            { not: { field: 'labels.pii_redacted', op: 'eq', value: 'true' } },
          ],
        },
        { field: 'model', op: 'exists' },
      ],
    };
    expect(explainMatch(condition, record)).toBe(
      'labels.pii_detected eq "true" (was "true") and not (labels.pii_redacted eq "true") (absent)',
    );
  });

  it('explains a negated all by its first false leaf, and a negated any by all of them', () => {
    const notAll: Condition = {
      not: {
        all: [
          { field: 'model', op: 'eq', value: 'gpt-4o' },
          { field: 'metrics.latency_ms', op: 'lt', value: 100 },
        ],
      },
    };
    expect(explainMatch(notAll, record)).toBe('not (metrics.latency_ms lt 100) (was 120)');
    const notAny: Condition = {
      not: {
        any: [
          { field: 'model', op: 'eq', value: 'claude' },
          { field: 'labels.env', op: 'exists' },
        ],
      },
    };
    expect(explainMatch(notAny, record)).toBe(
      'not (model eq "claude") (was "gpt-4o") and not (labels.env exists) (absent)',
    );
  });

  it('keeps the text short', () => {
    const leaves = Array.from({ length: 6 }, (_, i) => ({
      field: `metrics.latency_ms`,
      op: 'gt' as const,
      value: i,
    }));
    const text = explainMatch({ all: leaves }, record)!;
    expect(text).toMatch(/ and 3 more$/);
    const long: Condition = { field: 'labels.pii_detected', op: 'in', value: ['x'.repeat(400), 'true'] };
    expect(explainMatch(long, record)!.length).toBeLessThanOrEqual(EXPLANATION_LIMITS.maxLength);
  });
});
