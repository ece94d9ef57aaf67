import { type ConditionNode } from './rule-builder';
import { conditionText, groupText } from './rule-text';

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

describe('a rule in words', () => {
  it('names the field, the operator and the value, quoting text but not numbers', () => {
    expect(conditionText(condition({ name: 'pii', value: 'email' }))).toBe('Label pii equals “email”');
    expect(conditionText(condition({ kind: 'metrics', name: 'latency_ms', op: 'gt', value: '900' }))).toBe(
      'Metric latency_ms is greater than 900',
    );
    expect(conditionText(condition({ kind: 'model', op: 'in', value: 'gpt-4o, claude-3' }))).toBe(
      'Model is one of “gpt-4o”, “claude-3”',
    );
    expect(conditionText(condition({ kind: 'observed_endpoint', op: 'exists', negated: true }))).toBe(
      'not: Called endpoint is present',
    );
  });

  it('heads a group by how its conditions combine', () => {
    const group = { type: 'group' as const, id: 'g', children: [] };
    expect(groupText({ ...group, match: 'all', negated: false })).toBe('Every condition holds:');
    expect(groupText({ ...group, match: 'any', negated: true })).toBe('Not: any condition holds:');
  });
});
