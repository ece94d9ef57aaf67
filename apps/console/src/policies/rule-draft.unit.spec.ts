import { type ConditionNode, type GroupNode, ruleJson } from './rule-builder';
import { draftOf, newDraft, ruleToSend, switchView } from './rule-draft';

const condition = (id: string, fields: Partial<ConditionNode>): ConditionNode => ({
  type: 'condition',
  id,
  negated: false,
  kind: 'labels',
  name: '',
  op: 'eq',
  value: '',
  ...fields,
});

const root: GroupNode = {
  type: 'group',
  id: 'root',
  negated: false,
  match: 'all',
  children: [
    condition('a', { name: 'pii', value: 'email' }),
    condition('b', { kind: 'observed_endpoint', op: 'contains', value: 'api.openai.com' }),
  ],
};
const rule = {
  all: [
    { field: 'labels.pii', op: 'eq', value: 'email' },
    { field: 'observed_endpoint', op: 'contains', value: 'api.openai.com' },
  ],
};

describe('the rule draft', () => {
  it('shows the builder’s rule in the JSON view, and the JSON’s rule back in the builder', () => {
    const json = switchView(newDraft(root), 'json');
    expect(json).toMatchObject({ view: 'json', json: ruleJson(rule), jsonError: null });
    expect(ruleToSend(json)).toEqual({ ok: true, rule });

    const edited = { ...json, json: JSON.stringify({ field: 'metrics.latency_ms', op: 'gt', value: 900 }) };
    const builder = switchView(edited, 'builder');
    expect(builder.view).toBe('builder');
    expect(builder.root.children).toMatchObject([
      { kind: 'metrics', name: 'latency_ms', op: 'gt', value: '900' },
    ]);
    expect(ruleToSend(builder)).toEqual({
      ok: true,
      rule: { field: 'metrics.latency_ms', op: 'gt', value: 900 },
    });
    expect(switchView(builder, 'json').json).toBe(
      ruleJson({ field: 'metrics.latency_ms', op: 'gt', value: 900 }),
    );
  });

  it('keeps invalid JSON in the JSON view with the reason, and sends nothing', () => {
    const json = { ...switchView(newDraft(root), 'json'), json: '{"all": [' };
    const stayed = switchView(json, 'builder');
    expect(stayed.view).toBe('json');
    expect(stayed.root).toBe(root);
    expect(stayed.jsonError).toMatch(/^This is not valid JSON/);
    const sent = ruleToSend(json);
    expect(sent.ok).toBe(false);
    expect(!sent.ok && sent.draft.jsonError).toMatch(/^This is not valid JSON/);
  });

  it('keeps JSON the builder cannot show in the JSON view, and sends it as it is', () => {
    const json = {
      ...newDraft(root),
      view: 'json' as const,
      json: '{"not":{"not":{"field":"model","op":"exists"}}}',
    };
    expect(switchView(json, 'builder')).toMatchObject({
      view: 'json',
      jsonError:
        'The builder cannot show this rule (rules.not a double "not" cannot be shown in the builder); edit it here.',
    });
    expect(ruleToSend(json)).toEqual({ ok: true, rule: { not: { not: { field: 'model', op: 'exists' } } } });
  });

  it('sends no incomplete builder rule, and shows its problems then', () => {
    const draft = newDraft();
    expect(draft.showProblems).toBe(false);
    const sent = ruleToSend(draft);
    expect(sent).toMatchObject({ ok: false, draft: { showProblems: true } });
    // The JSON view still shows the rule as far as it goes.
    expect(JSON.parse(switchView(draft, 'json').json)).toEqual({ field: 'labels.', op: 'eq', value: '' });
  });
});

describe('draftOf', () => {
  it('opens a stored rule in the builder, which sends back the same rule', () => {
    const draft = draftOf(rule);
    expect(draft.view).toBe('builder');
    expect(ruleToSend(draft)).toEqual({ ok: true, rule });
  });

  it('opens a rule the builder cannot show as its JSON, which sends back the same rule', () => {
    const odd = { field: 'model', op: 'eq', value: 'gpt-4o', note: 'kept' };
    const draft = draftOf(odd);
    expect(draft).toMatchObject({ view: 'json', jsonError: null });
    expect(ruleToSend(draft)).toEqual({ ok: true, rule: odd });
  });
});
