import { type Condition, type FieldCondition } from '@governance/contracts';
import { compileCondition, type CompiledCondition, type ConditionRecord, own } from './condition';

/** A context line stays short: it travels in every policy.violated. */
export const EXPLANATION_LIMITS = { maxLeaves: 3, maxLength: 240 } as const;

const compiledLeaves = new WeakMap<FieldCondition, CompiledCondition>();

/** Leaves compile on first use and live as long as the condition object does (the cached policy version). */
function leafHolds(leaf: FieldCondition, record: ConditionRecord): boolean {
  let compiled = compiledLeaves.get(leaf);
  if (!compiled) {
    compiled = compileCondition(leaf);
    compiledLeaves.set(leaf, compiled);
  }
  return compiled(record);
}

function holds(node: Condition, record: ConditionRecord): boolean {
  if ('all' in node) return node.all.every((child) => holds(child, record));
  if ('any' in node) return node.any.some((child) => holds(child, record));
  if ('not' in node) return !holds(node.not, record);
  return leafHolds(node, record);
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

/** The leaves that make `node` true; `node` holds. */
function truthReasons(node: Condition, record: ConditionRecord): string[] {
  if ('all' in node) return node.all.flatMap((child) => truthReasons(child, record));
  if ('any' in node) {
    const first = node.any.find((child) => holds(child, record));
    return first ? truthReasons(first, record) : [];
  }
  if ('not' in node) return falsityReasons(node.not, record);
  return [render(node, record, false)];
}

/** The leaves that make `node` false; `node` does not hold. */
function falsityReasons(node: Condition, record: ConditionRecord): string[] {
  if ('all' in node) {
    const first = node.all.find((child) => !holds(child, record));
    return first ? falsityReasons(first, record) : [];
  }
  if ('any' in node) return node.any.flatMap((child) => falsityReasons(child, record));
  if ('not' in node) return truthReasons(node.not, record);
  return [render(node, record, true)];
}

/**
 * Which part of a (valid) condition a record violates, in a few words: the leaves that decided it, with
 * the record's values, e.g. `metrics.toxicity gt 0.8 (was 0.93)`. Undefined when the record does not
 * violate it. Meant for matches only, so it is slower than the compiled predicate.
 */
export function explainMatch(condition: Condition, record: ConditionRecord): string | undefined {
  if (!holds(condition, record)) return undefined;
  const reasons = truthReasons(condition, record);
  const shown = reasons.slice(0, EXPLANATION_LIMITS.maxLeaves);
  const more = reasons.length - shown.length;
  const text = shown.join(' and ') + (more > 0 ? ` and ${more} more` : '');
  return text.length > EXPLANATION_LIMITS.maxLength
    ? `${text.slice(0, EXPLANATION_LIMITS.maxLength - 1)}…`
    : text;
}
