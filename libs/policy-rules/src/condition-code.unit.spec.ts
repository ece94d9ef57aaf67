import { type Condition } from '@governance/contracts';
import { checkCondition, compileCondition } from './condition';
import { compileConditionSet, type ConditionRecord } from './condition-code';

const records: ConditionRecord[] = [
  { metrics: { latency_ms: 900, tokens: 10 }, labels: { env: 'prod' }, model: 'gpt-4o' },
  { metrics: { latency_ms: 20 }, labels: { env: 'dev', team: 'a' }, observed_endpoint: 'api.example.com' },
  { model: 'claude-3', labels: {} },
  {},
];

const conditions: Condition[] = [
  { field: 'metrics.latency_ms', op: 'gt', value: 700 },
  { field: 'metrics.latency_ms', op: 'lte', value: -1.5e-3 },
  {
    all: [
      { field: 'model', op: 'matches', value: '^gpt-4' },
      { field: 'metrics.tokens', op: 'lt', value: 50 },
    ],
  },
  {
    any: [
      { field: 'labels.env', op: 'in', value: ['dev', 'test'] },
      { not: { field: 'model', op: 'exists' } },
    ],
  },
  { field: 'observed_endpoint', op: 'contains', value: 'example' },
  { field: 'labels.team', op: 'not_in', value: ['b'] },
  { not: { field: 'labels.env', op: 'neq', value: 'prod' } },
];

const matchAll = (set: readonly Condition[], record: ConditionRecord): number[] => {
  const matcher = compileConditionSet(set.map(checkCondition));
  const matched = new Uint8Array(set.length).fill(7);
  const count = matcher(record, matched);
  expect(matched.filter((flag) => flag === 1)).toHaveLength(count);
  return [...matched];
};

describe('compileConditionSet', () => {
  it('flags, in order, exactly the conditions each alone holds', () => {
    for (const record of records) {
      const alone = conditions.map((condition) => (compileCondition(condition)(record) ? 1 : 0));
      expect(matchAll(conditions, record)).toEqual(alone);
    }
    expect(matchAll(conditions, records[0]!)).toEqual([1, 0, 1, 0, 0, 0, 1]);
  });

  it('splits a large set over several functions without changing a flag', () => {
    // 120 conditions of 4 leaves: more leaves than one generated function takes.
    const many: Condition[] = Array.from({ length: 120 }, (_, index) => ({
      any: [
        { field: 'metrics.latency_ms', op: 'gt', value: index * 10 },
        { field: `labels.k${index}`, op: 'exists' },
        { field: 'model', op: 'eq', value: `m${index}` },
        { not: { field: 'metrics.tokens', op: 'exists' } },
      ],
    }));
    for (const record of records) {
      const alone = many.map((condition) => (compileCondition(condition)(record) ? 1 : 0));
      expect(matchAll(many, record)).toEqual(alone);
    }
  });

  it('matches nothing for an empty set', () => {
    expect(compileConditionSet([])({ model: 'x' }, new Uint8Array(0))).toBe(0);
  });

  it('keeps names and values as data, whatever characters they hold', () => {
    const hostile = [
      '"); globalThis.pwned = true; ("',
      "'; globalThis.pwned = true; '",
      '`${globalThis.pwned = true}`',
      '*/ globalThis.pwned = true; /*',
      '\\", \u2028\u2029 \ud800 end',
    ];
    for (const text of hostile) {
      const set = [
        { field: `labels.${text}`, op: 'eq', value: text },
        { field: `metrics.${text}`, op: 'gte', value: 1 },
        { field: 'model', op: 'contains', value: text },
      ] as Condition[];
      expect(matchAll(set, { labels: { [text]: text }, metrics: { [text]: 1 }, model: `x${text}y` })).toEqual(
        [1, 1, 1],
      );
      expect(matchAll(set, { labels: { other: text }, metrics: { other: 1 }, model: 'plain' })).toEqual([
        0, 0, 0,
      ]);
    }
    expect((globalThis as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it('reads each field once per record however many conditions test it', () => {
    let reads = 0;
    const record = {
      get model() {
        reads += 1;
        return 'gpt-4o';
      },
    };
    const readsFor = (count: number): number => {
      const set = Array.from({ length: count }, (_, index) =>
        checkCondition({ field: 'model', op: 'eq', value: `m${index}` }),
      );
      const match = compileConditionSet(set);
      reads = 0;
      match(record, new Uint8Array(count));
      return reads;
    };
    expect(readsFor(1)).toBeGreaterThan(0);
    expect(readsFor(40)).toBe(readsFor(1));
  });
});
