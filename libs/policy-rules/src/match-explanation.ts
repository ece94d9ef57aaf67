import { type Condition, type FieldCondition } from '@governance/contracts';
import { compileCondition, type CompiledCondition } from './condition';
import { type ConditionRecord, own } from './condition-code';

/** A context line stays short: it travels in every policy.violated. */
export const EXPLANATION_LIMITS = { maxLeaves: 3, maxLength: 240 } as const;

const compiled = new WeakMap<Condition, CompiledCondition>();

/** Nodes compile on first use and live as long as the condition object does (the cached policy version). */
function holds(node: Condition, record: ConditionRecord): boolean {
  let test = compiled.get(node);
  if (!test) compiled.set(node, (test = compileCondition(node)));
  return test(record);
}

function actual(record: ConditionRecord, field: string): unknown {
  if (field === 'model' || field === 'observed_endpoint') return record[field] ?? undefined;
  if (field.startsWith('metrics.')) return own(record.metrics, field.slice('metrics.'.length));
  if (field.startsWith('labels.')) return own(record.labels, field.slice('labels.'.length));
  return undefined;
}

function render(leaf: FieldCondition, record: ConditionRecord, negated: boolean): string {
  const rule = `${leaf.field} ${leaf.op}${leaf.value === undefined ? '' : ` ${JSON.stringify(leaf.value)}`}`;
  const value = actual(record, leaf.field);
  const seen = value === undefined ? 'absent' : `was ${JSON.stringify(value)}`;
  return `${negated ? `not (${rule})` : rule} (${seen})`;
}

/** The leaves that make `node` come out as `outcome`, which it does. */
function reasons(node: Condition, record: ConditionRecord, outcome: boolean): string[] {
  if ('not' in node) return reasons(node.not, record, !outcome);
  if (!('all' in node) && !('any' in node)) return [render(node, record, !outcome)];
  const children = 'all' in node ? node.all : node.any;
  // A true `all` or a false `any` needs every child; otherwise the first child that decides it is enough.
  if ('all' in node === outcome) return children.flatMap((child) => reasons(child, record, outcome));
  const first = children.find((child) => holds(child, record) === outcome);
  return first ? reasons(first, record, outcome) : [];
}

/**
 * Which part of a (valid) condition a record violates, in a few words: the leaves that decided it, with
 * the record's values, e.g. `metrics.toxicity gt 0.8 (was 0.93)`. Undefined when the record does not
 * violate it. Meant for matches only, so it is slower than the compiled predicate.
 */
export function explainMatch(condition: Condition, record: ConditionRecord): string | undefined {
  if (!holds(condition, record)) return undefined;
  const found = reasons(condition, record, true);
  const shown = found.slice(0, EXPLANATION_LIMITS.maxLeaves);
  const more = found.length - shown.length;
  const text = shown.join(' and ') + (more > 0 ? ` and ${more} more` : '');
  return text.length > EXPLANATION_LIMITS.maxLength
    ? `${text.slice(0, EXPLANATION_LIMITS.maxLength - 1)}…`
    : text;
}
