import { FIELD_KIND_LABELS, OP_LABELS } from './labels';
import { type ConditionNode, type GroupNode, NAMED_KINDS, takesList, takesValue } from './rule-builder';

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
