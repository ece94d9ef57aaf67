import {
  builderToRule,
  type Condition,
  type ConditionNode,
  emptyRule,
  type GroupNode,
  type NewId,
  opsFor,
  parseRuleJson,
  ruleJson,
  ruleToBuilder,
  updateNode,
  withKind,
} from './rule-builder';

const ids = (): NewId => {
  let next = 0;
  return () => `n${++next}`;
};

const condition = (fields: Partial<ConditionNode>): ConditionNode => ({
  type: 'condition',
  id: 'c',
  negated: false,
  kind: 'labels',
  name: '',
  op: 'eq',
  value: '',
  ...fields,
});

const group = (children: GroupNode['children'], fields: Partial<GroupNode> = {}): GroupNode => ({
  type: 'group',
  id: 'g',
  negated: false,
  match: 'all',
  children,
  ...fields,
});

/** JSON → builder → JSON. */
const roundTrip = (rule: unknown): Condition => {
  const built = ruleToBuilder(rule, ids());
  if (!built.ok) throw new Error(`${built.path}: ${built.message}`);
  const { rule: back, problems } = builderToRule(built.root);
  expect(problems).toEqual([]);
  return back;
};

describe('builder → rule JSON', () => {
  it('writes the example of the API: e-mail addresses sent to a public AI API', () => {
    const root = group([
      condition({ id: 'a', kind: 'labels', name: 'pii', op: 'eq', value: 'email' }),
      condition({ id: 'b', kind: 'observed_endpoint', op: 'contains', value: 'api.openai.com' }),
    ]);
    expect(builderToRule(root)).toEqual({
      rule: {
        all: [
          { field: 'labels.pii', op: 'eq', value: 'email' },
          { field: 'observed_endpoint', op: 'contains', value: 'api.openai.com' },
        ],
      },
      problems: [],
    });
  });

  it('reads metrics as numbers and lists as comma-separated values', () => {
    const root = group(
      [
        condition({ id: 'a', kind: 'metrics', name: 'latency_ms', op: 'gt', value: ' 1500 ' }),
        condition({ id: 'b', kind: 'metrics', name: 'tokens', op: 'in', value: '1, 2.5,,3' }),
        condition({ id: 'c', kind: 'model', op: 'not_in', value: 'gpt-4o, claude-3 ' }),
      ],
      { match: 'any' },
    );
    expect(builderToRule(root).rule).toEqual({
      any: [
        { field: 'metrics.latency_ms', op: 'gt', value: 1500 },
        { field: 'metrics.tokens', op: 'in', value: [1, 2.5, 3] },
        { field: 'model', op: 'not_in', value: ['gpt-4o', 'claude-3'] },
      ],
    });
  });

  it('leaves the value out for exists, and negates conditions and groups with not', () => {
    const root = group(
      [
        condition({
          id: 'a',
          kind: 'labels',
          name: 'request_id',
          op: 'exists',
          value: 'ignored',
          negated: true,
        }),
        group([condition({ id: 'b', kind: 'model', op: 'matches', value: '^gpt-' })], {
          id: 'g2',
          negated: true,
          match: 'any',
        }),
      ],
      { negated: true },
    );
    expect(builderToRule(root).rule).toEqual({
      not: {
        all: [
          { not: { field: 'labels.request_id', op: 'exists' } },
          { not: { any: [{ field: 'model', op: 'matches', value: '^gpt-' }] } },
        ],
      },
    });
  });

  it('writes a rule of one condition as that condition', () => {
    expect(builderToRule(group([condition({ kind: 'model', value: 'gpt-4o' })])).rule).toEqual({
      field: 'model',
      op: 'eq',
      value: 'gpt-4o',
    });
    expect(builderToRule(group([condition({ kind: 'model', value: 'x' })], { negated: true })).rule).toEqual({
      not: { all: [{ field: 'model', op: 'eq', value: 'x' }] },
    });
  });

  it('names what is missing, by node, and still shows the rule as typed', () => {
    const root = group([
      condition({ id: 'a', kind: 'labels', name: ' ', op: 'eq', value: '' }),
      condition({ id: 'b', kind: 'metrics', name: 'latency_ms', op: 'gte', value: 'fast' }),
      condition({ id: 'c', kind: 'metrics', name: 'x', op: 'in', value: '1, two' }),
      condition({ id: 'd', kind: 'model', op: 'in', value: ' , ' }),
      group([], { id: 'e' }),
    ]);
    const { rule, problems } = builderToRule(root);
    expect(problems).toEqual([
      { id: 'a', message: 'Name the label.' },
      { id: 'a', message: 'Enter a value.' },
      { id: 'b', message: 'Enter a number.' },
      { id: 'c', message: 'Every value of a metric must be a number.' },
      { id: 'd', message: 'List at least one value, separated by commas.' },
      { id: 'e', message: 'Add a condition to this group.' },
    ]);
    expect(rule).toMatchObject({
      all: [
        { field: 'labels. ', op: 'eq', value: '' },
        { field: 'metrics.latency_ms', op: 'gte', value: 'fast' },
        { field: 'metrics.x', op: 'in', value: [1, 'two'] },
        { field: 'model', op: 'in', value: [] },
        { all: [] },
      ],
    });
  });

  it('starts a new rule with one empty label condition', () => {
    const rule = emptyRule(ids());
    expect(rule).toMatchObject({
      type: 'group',
      match: 'all',
      children: [{ type: 'condition', kind: 'labels' }],
    });
    expect(builderToRule(rule).problems.map((problem) => problem.message)).toEqual([
      'Name the label.',
      'Enter a value.',
    ]);
  });
});

describe('rule JSON → builder', () => {
  it.each<[string, unknown]>([
    [
      'the API example',
      {
        all: [
          { field: 'labels.pii', op: 'eq', value: 'email' },
          { field: 'observed_endpoint', op: 'contains', value: 'api.openai.com' },
        ],
      },
    ],
    ['an imported control', { not: { field: 'labels.request_id', op: 'exists' } }],
    ['one condition', { field: 'metrics.toxicity', op: 'gte', value: 0.8 }],
    [
      'a negated group',
      {
        not: {
          any: [
            { field: 'model', op: 'eq', value: 'a' },
            { field: 'model', op: 'eq', value: 'b' },
          ],
        },
      },
    ],
    ['a negated group of one', { not: { all: [{ field: 'model', op: 'eq', value: 'a' }] } }],
    [
      'nested groups',
      {
        any: [
          {
            all: [
              { field: 'metrics.latency_ms', op: 'lt', value: -1.5 },
              { not: { field: 'labels.human_review', op: 'eq', value: 'true' } },
            ],
          },
          { field: 'labels.region', op: 'not_in', value: ['eu-west-1', 'eu-central-1'] },
          { field: 'metrics.status', op: 'in', value: [500, 503] },
          { field: 'observed_endpoint', op: 'matches', value: 'api\\.(openai|anthropic)\\.com' },
        ],
      },
    ],
  ])('keeps %s the same through the builder', (_name, rule) => {
    expect(roundTrip(rule)).toEqual(rule);
  });

  it('keeps the meaning where the builder has one spelling for two', () => {
    // A label compares by string form: true and "true" match the same records.
    expect(roundTrip({ field: 'labels.flagged', op: 'eq', value: true })).toEqual({
      field: 'labels.flagged',
      op: 'eq',
      value: 'true',
    });
    // "All of one" is that one.
    expect(roundTrip({ any: [{ field: 'model', op: 'exists' }] })).toEqual({ field: 'model', op: 'exists' });
  });

  it('builds the tree with fresh ids', () => {
    const built = ruleToBuilder(
      {
        all: [
          { field: 'model', op: 'exists' },
          { field: 'metrics.x', op: 'gt', value: 1 },
        ],
      },
      ids(),
    );
    expect(built).toEqual({
      ok: true,
      root: {
        type: 'group',
        id: 'n1',
        negated: false,
        match: 'all',
        children: [
          { type: 'condition', id: 'n2', negated: false, kind: 'model', name: '', op: 'exists', value: '' },
          { type: 'condition', id: 'n3', negated: false, kind: 'metrics', name: 'x', op: 'gt', value: '1' },
        ],
      },
    });
  });

  it.each<[unknown, string, string]>([
    [[], 'rules', 'must be a condition object'],
    [
      { field: 'prompt', op: 'eq', value: 'x' },
      'rules.field',
      'must be model, observed_endpoint, metrics.<name> or labels.<name>',
    ],
    [
      { field: 'labels.', op: 'eq', value: 'x' },
      'rules.field',
      'must be model, observed_endpoint, metrics.<name> or labels.<name>',
    ],
    [
      { field: 'model', op: 'like', value: 'x' },
      'rules.op',
      'must be one of eq, neq, gt, gte, lt, lte, in, not_in, contains, matches, exists',
    ],
    [{ field: 'model', op: 'gt', value: 1 }, 'rules.op', 'gt does not apply to text fields'],
    [{ field: 'metrics.x', op: 'contains', value: '1' }, 'rules.op', 'contains does not apply to metrics'],
    [
      { field: 'model', op: 'eq', value: 'x', extra: 1 },
      'rules.extra',
      'is not a condition key (field, op, value)',
    ],
    [{ field: 'model', op: 'exists', value: 'x' }, 'rules.value', 'must be absent for exists'],
    [{ field: 'model', op: 'eq' }, 'rules.value', 'is required for eq'],
    [{ field: 'model', op: 'eq', value: { a: 1 } }, 'rules.value', 'must be a string, number or boolean'],
    [{ field: 'model', op: 'in', value: 'x' }, 'rules.value', 'must be a list for in'],
    [
      { field: 'model', op: 'in', value: ['a', 'b,c'] },
      'rules.value[1]',
      'the builder lists values without commas or surrounding spaces; edit this one as JSON',
    ],
    [{ all: [] }, 'rules.all', 'must be a non-empty list of conditions'],
    [
      { all: [{ field: 'model', op: 'exists' }], any: [] },
      'rules',
      '"all" must be the only key of its object',
    ],
    [
      { not: { not: { field: 'model', op: 'exists' } } },
      'rules.not',
      'a double "not" cannot be shown in the builder',
    ],
    [{ any: [{ field: 'model', op: 'exists' }, 3] }, 'rules.any[1]', 'must be a condition object'],
  ])('says where the builder cannot show %j', (rule, path, message) => {
    expect(ruleToBuilder(rule, ids())).toEqual({ ok: false, path, message });
  });
});

describe('the JSON view', () => {
  it('parses an object and refuses anything else, with the reason', () => {
    expect(parseRuleJson('{"field":"model","op":"exists"}')).toEqual({
      ok: true,
      rule: { field: 'model', op: 'exists' },
    });
    expect(parseRuleJson('  ')).toEqual({ ok: false, message: 'Enter the rule as JSON.' });
    expect(parseRuleJson('[1]')).toEqual({ ok: false, message: 'The rule must be a JSON object.' });
    const broken = parseRuleJson('{"field": "model",');
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.message).toMatch(/^This is not valid JSON: /);
  });

  it('prints the rule indented, and reads back what it printed', () => {
    const rule = { all: [{ field: 'model', op: 'exists' }] };
    expect(ruleJson(rule)).toBe(
      '{\n  "all": [\n    {\n      "field": "model",\n      "op": "exists"\n    }\n  ]\n}',
    );
    expect(parseRuleJson(ruleJson(rule))).toEqual({ ok: true, rule });
  });

  it('prints each condition as field, op, value, whatever order the service stored it in', () => {
    const stored = {
      any: [
        { op: 'eq', value: 'email', field: 'labels.pii' },
        { op: 'exists', field: 'model' },
      ],
    };
    expect(ruleJson(stored)).toBe(
      ruleJson({
        any: [
          { field: 'labels.pii', op: 'eq', value: 'email' },
          { field: 'model', op: 'exists' },
        ],
      }),
    );
    const printed = JSON.parse(ruleJson(stored)) as { any: Array<Record<string, unknown>> };
    expect(Object.keys(printed.any[0]!)).toEqual(['field', 'op', 'value']);
  });
});

describe('editing the tree', () => {
  it('offers each field the operators the service accepts for it', () => {
    expect(opsFor('metrics')).toEqual(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in', 'not_in', 'exists']);
    expect(opsFor('labels')).toEqual(['eq', 'neq', 'in', 'not_in', 'contains', 'matches', 'exists']);
  });

  it('keeps the operator when the new field takes it, else falls back to eq, and drops the name', () => {
    const metric = condition({ kind: 'metrics', name: 'latency_ms', op: 'gt', value: '3' });
    expect(withKind(metric, 'labels')).toMatchObject({ kind: 'labels', op: 'eq', name: 'latency_ms' });
    expect(withKind(metric, 'model')).toMatchObject({ kind: 'model', op: 'eq', name: '' });
    expect(withKind(condition({ op: 'in' }), 'metrics')).toMatchObject({ op: 'in' });
  });

  it('replaces or removes one node anywhere in the tree', () => {
    const root = group([
      condition({ id: 'a' }),
      group([condition({ id: 'b' }), condition({ id: 'c' })], { id: 'g2' }),
    ]);
    const changed = updateNode(root, 'c', (node) => ({ ...node, negated: true }));
    expect(changed.children[1]).toMatchObject({
      children: [
        { id: 'b', negated: false },
        { id: 'c', negated: true },
      ],
    });
    expect(root.children[1]).toMatchObject({ children: [{ id: 'b' }, { id: 'c', negated: false }] });
    const removed = updateNode(root, 'g2', () => null);
    expect(removed.children.map((node) => node.id)).toEqual(['a']);
    expect(updateNode(root, 'g', () => null)).toBe(root);
  });
});
