import { type Condition } from '@governance/contracts';
import { FRAMEWORKS } from '@governance/frameworks';
import {
  CheckedConditionCache,
  compileCondition,
  CONDITION_LIMITS,
  InvalidCondition,
  validateCondition,
} from './condition';
import { type ConditionRecord } from './condition-code';

const record: ConditionRecord = {
  metrics: { accuracy: 0.7, latency_ms: 120, zero: 0 },
  labels: { env: 'production', human_review: 'true', path: '/v1/chat/completions', count: '3' },
  model: 'gpt-4o-mini',
  observed_endpoint: 'api.openai.com',
};

const evaluate = (condition: unknown, on: ConditionRecord = record): boolean =>
  compileCondition(condition as Condition)(on);

const fields = (condition: unknown) => validateCondition(condition).map((problem) => problem.field);

describe('condition compiler', () => {
  it.each([
    [{ field: 'metrics.accuracy', op: 'eq', value: 0.7 }, true],
    [{ field: 'metrics.accuracy', op: 'eq', value: 0.8 }, false],
    [{ field: 'metrics.accuracy', op: 'neq', value: 0.8 }, true],
    [{ field: 'metrics.accuracy', op: 'gt', value: 0.7 }, false],
    [{ field: 'metrics.accuracy', op: 'gte', value: 0.7 }, true],
    [{ field: 'metrics.accuracy', op: 'lt', value: 0.8 }, true],
    [{ field: 'metrics.accuracy', op: 'lte', value: 0.69 }, false],
    [{ field: 'metrics.zero', op: 'lte', value: 0 }, true],
    [{ field: 'metrics.latency_ms', op: 'in', value: [100, 120] }, true],
    [{ field: 'metrics.latency_ms', op: 'not_in', value: [100, 120] }, false],
    [{ field: 'labels.env', op: 'eq', value: 'production' }, true],
    [{ field: 'labels.human_review', op: 'eq', value: true }, true],
    [{ field: 'labels.count', op: 'eq', value: 3 }, true],
    [{ field: 'labels.env', op: 'neq', value: 'staging' }, true],
    [{ field: 'labels.env', op: 'in', value: ['staging', 'production'] }, true],
    [{ field: 'labels.env', op: 'not_in', value: ['staging'] }, true],
    [{ field: 'labels.path', op: 'contains', value: '/chat/' }, true],
    [{ field: 'labels.path', op: 'contains', value: '/Chat/' }, false],
    [{ field: 'model', op: 'matches', value: '^gpt-4o' }, true],
    [{ field: 'model', op: 'matches', value: '^claude' }, false],
    [{ field: 'observed_endpoint', op: 'eq', value: 'api.openai.com' }, true],
    [{ field: 'observed_endpoint', op: 'exists' }, true],
    [{ field: 'labels.env', op: 'exists' }, true],
    [{ field: 'metrics.p95 latency (ms)', op: 'exists' }, false],
    [{ field: 'metrics.accuracy', op: 'exists' }, true],
  ])('evaluates %j to %s', (condition, expected) => {
    expect(evaluate(condition)).toBe(expected);
  });

  it('makes every op false on a missing field, and not() true', () => {
    const empty: ConditionRecord = {};
    const leaves = [
      { field: 'metrics.missing', op: 'eq', value: 1 },
      { field: 'metrics.missing', op: 'neq', value: 1 },
      { field: 'metrics.missing', op: 'lt', value: 1 },
      { field: 'metrics.missing', op: 'not_in', value: [1] },
      { field: 'labels.missing', op: 'neq', value: 'x' },
      { field: 'labels.missing', op: 'not_in', value: ['x'] },
      { field: 'labels.missing', op: 'exists' },
      { field: 'labels.missing', op: 'matches', value: '.*' },
      { field: 'labels.missing', op: 'contains', value: 'a' },
    ];
    for (const leaf of leaves) {
      expect([leaf, evaluate(leaf)]).toEqual([leaf, false]);
      expect([leaf, evaluate(leaf, empty)]).toEqual([leaf, false]);
      expect([leaf, evaluate({ not: leaf }, empty)]).toEqual([leaf, true]);
    }
  });

  it('ignores values of the wrong kind and inherited properties', () => {
    const odd = {
      metrics: { accuracy: 'high' },
      labels: { env: 5 },
      model: null,
    } as unknown as ConditionRecord;
    expect(evaluate({ field: 'metrics.accuracy', op: 'exists' }, odd)).toBe(false);
    expect(evaluate({ field: 'labels.env', op: 'exists' }, odd)).toBe(false);
    expect(evaluate({ field: 'model', op: 'exists' }, odd)).toBe(false);
    expect(evaluate({ field: 'labels.constructor', op: 'exists' })).toBe(false);
    expect(evaluate({ field: 'labels.__proto__', op: 'exists' })).toBe(false);
    expect(
      evaluate({ field: 'metrics.accuracy', op: 'eq', value: 0.7 }, { metrics: { accuracy: NaN } }),
    ).toBe(false);
  });

  it('combines with all, any and not', () => {
    const yes = { field: 'labels.env', op: 'eq', value: 'production' };
    const no = { field: 'labels.env', op: 'eq', value: 'staging' };
    expect(evaluate({ all: [yes, yes] })).toBe(true);
    expect(evaluate({ all: [yes, no] })).toBe(false);
    expect(evaluate({ any: [no, yes] })).toBe(true);
    expect(evaluate({ any: [no, no] })).toBe(false);
    expect(evaluate({ not: no })).toBe(true);
    expect(evaluate({ not: { all: [yes, { not: no }] } })).toBe(false);
  });

  it('compiles every framework template and evaluates them on telemetry', () => {
    for (const framework of FRAMEWORKS) {
      for (const control of framework.controls) {
        if (control.runtime_policy) expect(validateCondition(control.runtime_policy.rules)).toEqual([]);
      }
    }
    const pii = FRAMEWORKS.find((f) => f.key === 'NIST_AI_RMF')!.controls.find(
      (c) => c.id === 'MEASURE-2.10',
    )!;
    const rules = compileCondition(pii.runtime_policy!.rules);
    expect(rules({ labels: { pii_detected: 'true' } })).toBe(true);
    expect(rules({ labels: { pii_detected: 'true', pii_redacted: 'true' } })).toBe(false);
    expect(rules({ labels: {} })).toBe(false);
  });
});

describe('condition validator', () => {
  it('names every bad part by its JSON path', () => {
    const problems = validateCondition({
      all: [
        { field: 'metrics.accuracy', op: 'lt', value: 0.8 },
        { field: 'labels.env', op: 'eq', value: 'x' },
        { field: 'labels.env', op: 'approx', value: 'x' },
        {
          any: [
            { field: 'cost', op: 'eq', value: 1 },
            { field: 'labels.x', op: 'gt', value: 1 },
          ],
        },
        { not: { field: 'metrics.m', op: 'in', value: [1, 'two', true] } },
      ],
    });
    expect(problems.map((p) => p.field)).toEqual([
      'rules.all[2].op',
      'rules.all[3].any[0].field',
      'rules.all[3].any[1].op',
      'rules.all[4].not.value[1]',
      'rules.all[4].not.value[2]',
    ]);
  });

  it.each([
    [null, 'rules'],
    [[], 'rules'],
    ['eq', 'rules'],
    [{}, 'rules.op'],
    [{ all: [] }, 'rules.all'],
    [{ any: {} }, 'rules.any'],
    [{ all: [{ field: 'model', op: 'exists' }], any: [] }, 'rules.any'],
    [{ not: null }, 'rules.not'],
    [{ field: 'model', op: 'exists', extra: 1 }, 'rules.extra'],
    [{ field: 'model', op: 'exists', value: 'x' }, 'rules.value'],
    [{ field: 'model', op: 'eq' }, 'rules.value'],
    [{ field: 'model', op: 'eq', value: null }, 'rules.value'],
    [{ field: 'model', op: 'eq', value: ['a'] }, 'rules.value'],
    [{ field: 'model', op: 'eq', value: 'x'.repeat(1025) }, 'rules.value'],
    [{ field: 'metrics.m', op: 'eq', value: '1' }, 'rules.value'],
    [{ field: 'metrics.m', op: 'gt', value: '1' }, 'rules.value'],
    [{ field: 'metrics.m', op: 'contains', value: '1' }, 'rules.op'],
    [{ field: 'metrics.m', op: 'matches', value: '1' }, 'rules.op'],
    [{ field: 'model', op: 'lt', value: 1 }, 'rules.op'],
    [{ field: 'model', op: 'in', value: [] }, 'rules.value'],
    [{ field: 'model', op: 'in', value: 'a' }, 'rules.value'],
    [{ field: 'model', op: 'in', value: Array.from({ length: 101 }, (_, i) => `m${i}`) }, 'rules.value'],
    [{ field: 'model', op: 'in', value: [['a']] }, 'rules.value[0]'],
    [{ field: 'model', op: 'contains', value: '' }, 'rules.value'],
    [{ field: 'model', op: 'contains', value: 'a\u0000' }, 'rules.value'],
    [{ field: 'model', op: 'eq', value: 'a\u0000' }, 'rules.value'],
    [{ field: 'model', op: 'in', value: ['ok', 'a\u0000'] }, 'rules.value[1]'],
    [{ field: 'model', op: 'matches', value: 'a\u0000' }, 'rules.value'],
    [{ field: 'model', op: 'matches', value: '(a+)+$' }, 'rules.value'],
    [{ field: 'model', op: 'matches', value: 7 }, 'rules.value'],
    [{ field: 'metrics.', op: 'exists' }, 'rules.field'],
    [{ field: 'labels.bad\u0007name', op: 'exists' }, 'rules.field'],
    [{ field: `labels.${'x'.repeat(129)}`, op: 'exists' }, 'rules.field'],
    [{ field: 7, op: 'exists' }, 'rules.field'],
    [{ field: 'Model', op: 'exists' }, 'rules.field'],
  ])('refuses %j at %s', (condition, path) => {
    expect(fields(condition)).toContain(path);
    expect(() => compileCondition(condition as Condition)).toThrow(InvalidCondition);
  });

  it('limits depth to 8 levels', () => {
    let condition: unknown = { field: 'model', op: 'exists' };
    for (let level = 1; level < CONDITION_LIMITS.maxDepth; level++) condition = { not: condition };
    expect(validateCondition(condition)).toEqual([]);
    expect(fields({ not: condition })).toEqual([`rules${'.not'.repeat(CONDITION_LIMITS.maxDepth)}`]);
    let deep: unknown = { field: 'model', op: 'exists' };
    for (let level = 0; level < 10_000; level++) deep = { all: [deep] };
    expect(validateCondition(deep)).toHaveLength(1);
  });

  it('limits a condition to 100 leaves and caps the problems reported', () => {
    const leaf = { field: 'model', op: 'exists' };
    expect(
      validateCondition({ any: Array.from({ length: CONDITION_LIMITS.maxLeaves }, () => leaf) }),
    ).toEqual([]);
    expect(fields({ any: Array.from({ length: CONDITION_LIMITS.maxLeaves + 1 }, () => leaf) })).toEqual([
      'rules',
    ]);
    const bad = { field: 'nope', op: 'exists' };
    expect(validateCondition({ any: Array.from({ length: 10_000 }, () => bad) }).length).toBeLessThanOrEqual(
      CONDITION_LIMITS.maxProblems + 1,
    );
  });
});

describe('checked condition cache', () => {
  it('checks once per policy version', () => {
    const cache = new CheckedConditionCache();
    const v1 = { policy_id: 'pol_1', version: 1, rules: { field: 'model', op: 'exists' } as Condition };
    const first = cache.get(v1);
    expect(cache.get({ ...v1 })).toBe(first);
    expect(cache.has('pol_1', 1)).toBe(true);
    expect(cache.cached('pol_1', 1)).toEqual({ rules: v1.rules, checked: first });
    const v2 = { ...v1, version: 2, rules: { field: 'labels.env', op: 'exists' } as Condition };
    const second = cache.get(v2);
    expect(second).not.toBe(first);
    expect(cache.has('pol_1', 1)).toBe(false);
    expect(cache.cached('pol_1', 1)).toBeUndefined();
    expect(second).toEqual({ kind: 'exists', field: { source: 'labels', name: 'env' } });
    expect(cache.size).toBe(1);
    cache.delete('pol_1');
    expect(cache.size).toBe(0);
  });

  it('remembers a rule set that is not valid, and checks again only for a new version', () => {
    const cache = new CheckedConditionCache();
    const broken = { policy_id: 'pol_2', version: 1, rules: { field: 'nope', op: 'exists' } as Condition };
    let first: unknown;
    try {
      cache.get(broken);
    } catch (error) {
      first = error;
    }
    expect(first).toBeInstanceOf(InvalidCondition);
    expect(() => cache.get({ ...broken })).toThrow(first as Error);
    expect(cache.has('pol_2', 1)).toBe(true);
    expect(cache.cached('pol_2', 1)).toBeUndefined();
    const fixed = { ...broken, version: 2, rules: { field: 'model', op: 'exists' } as Condition };
    expect(cache.get(fixed)).toEqual({ kind: 'exists', field: { source: 'model', name: '' } });
  });
});
