import {
  type ConditionNode,
  type ConditionOp,
  type FieldKind,
  type GroupNode,
  NAMED_KINDS,
  takesList,
  takesValue,
} from './rule-builder';

export const FIELD_KIND_LABELS: Readonly<Record<FieldKind, string>> = {
  labels: 'Label',
  metrics: 'Metric',
  model: 'Model',
  observed_endpoint: 'Called endpoint',
};

export const OP_LABELS: Readonly<Record<ConditionOp, string>> = {
  eq: 'equals',
  neq: 'does not equal',
  gt: 'is greater than',
  gte: 'is at least',
  lt: 'is less than',
  lte: 'is at most',
  in: 'is one of',
  not_in: 'is none of',
  contains: 'contains',
  matches: 'matches the pattern',
  exists: 'is present',
};

/** One condition as a phrase: `Label pii equals "email"`, `not: Metric latency_ms is greater than 900`. */
export function conditionText(node: ConditionNode): string {
  const field = NAMED_KINDS.has(node.kind)
    ? `${FIELD_KIND_LABELS[node.kind]} ${node.name}`
    : FIELD_KIND_LABELS[node.kind];
  let value = '';
  if (takesValue(node.op)) {
    const quote = (text: string) => (node.kind === 'metrics' ? text : `“${text}”`);
    value = takesList(node.op)
      ? ` ${node.value
          .split(',')
          .map((item) => quote(item.trim()))
          .join(', ')}`
      : ` ${quote(node.value)}`;
  }
  return `${node.negated ? 'not: ' : ''}${field} ${OP_LABELS[node.op]}${value}`;
}

/** The heading of a group's conditions: "Every condition holds:", "Not: any condition holds:". */
export function groupText(node: GroupNode): string {
  const match = node.match === 'all' ? 'every condition holds' : 'any condition holds';
  return node.negated ? `Not: ${match}:` : `${match[0]!.toUpperCase()}${match.slice(1)}:`;
}
