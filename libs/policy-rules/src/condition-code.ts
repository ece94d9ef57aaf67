/**
 * Checked conditions compiled to JavaScript. Probe ingest evaluates every record against every active
 * policy of its organization, so a set of conditions compiles to one function that reads each field the
 * set names once per record and tests every condition inline: V8 optimizes it like hand-written code,
 * where a tree of closures costs a megamorphic call per node (docs/benchmarks.md, issue 15).
 *
 * No user text becomes code: field names and compared strings enter as JSON string literals, numbers as
 * their finite decimal form, and sets and patterns as entries of a constants array.
 */

import { type PatternTest } from './safe-pattern';

/** Where a field's value comes from: a record's own string field, or a named metric or label. */
export type FieldSource = 'model' | 'observed_endpoint' | 'metrics' | 'labels';

export interface FieldRef {
  source: FieldSource;
  /** The metric or label name; empty for model and observed_endpoint. */
  name: string;
}

/** A condition that passed validation, in the form the compiler reads. Metrics are numbers, the rest strings. */
export type CheckedCondition =
  | { kind: 'exists'; field: FieldRef }
  | {
      kind: 'compare';
      field: FieldRef;
      op: 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte';
      value: number | string;
    }
  | { kind: 'member'; field: FieldRef; inside: boolean; values: ReadonlySet<number | string> }
  | { kind: 'contains'; field: FieldRef; value: string }
  | { kind: 'matches'; field: FieldRef; test: PatternTest }
  | { kind: 'all' | 'any'; operands: readonly CheckedCondition[] }
  | { kind: 'not'; operand: CheckedCondition };

/** The parts of a telemetry record a condition reads. */
export interface ConditionRecord {
  metrics?: Readonly<Record<string, number>>;
  labels?: Readonly<Record<string, string>>;
  model?: string | null;
  observed_endpoint?: string | null;
}

/**
 * Tests `record` against every condition of the set: sets `matched[i]` to 1 when condition i holds, else 0,
 * and returns how many hold.
 */
export type ConditionSetMatcher = (record: ConditionRecord, matched: Uint8Array) => number;

/** Conditions share one generated function up to this many leaves; beyond it V8 would not optimize it. */
const LEAVES_PER_FUNCTION = 256;

/** Own properties only: a field named `labels.__proto__` or `labels.constructor` reads nothing inherited. */
export function own<T>(map: Readonly<Record<string, T>> | undefined, name: string): T | undefined {
  return map !== undefined && map !== null && Object.prototype.hasOwnProperty.call(map, name)
    ? map[name]
    : undefined;
}

function numberIn(map: Readonly<Record<string, unknown>> | undefined, name: string): number | undefined {
  const value = own(map, name);
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function stringIn(map: Readonly<Record<string, unknown>> | undefined, name: string): string | undefined {
  const value = own(map, name);
  return typeof value === 'string' ? value : undefined;
}

/** A JavaScript literal of a compared value: JSON for strings, the decimal form of a finite number. */
function literal(value: number | string): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (!Number.isFinite(value)) throw new Error('conditions compare finite numbers only');
  return `(${String(value)})`;
}

function fieldRead(field: FieldRef): string {
  switch (field.source) {
    case 'model':
    case 'observed_endpoint':
      return `(typeof record.${field.source} === "string" ? record.${field.source} : undefined)`;
    case 'metrics':
      return `numberIn(record.metrics, ${JSON.stringify(field.name)})`;
    case 'labels':
      return `stringIn(record.labels, ${JSON.stringify(field.name)})`;
  }
}

function leafCount(condition: CheckedCondition): number {
  if (condition.kind === 'all' || condition.kind === 'any')
    return condition.operands.reduce((sum, operand) => sum + leafCount(operand), 0);
  return condition.kind === 'not' ? leafCount(condition.operand) : 1;
}

/** Source for one generated function over `conditions`, writing matched[offset + i]. */
class FunctionSource {
  private readonly reads = new Map<string, string>();
  private readonly lines: string[] = [];
  readonly constants: unknown[] = [];

  constructor(conditions: readonly CheckedCondition[], offset: number) {
    conditions.forEach((condition, index) => {
      const test = this.expression(condition);
      this.lines.push(
        `if (${test}) { matched[${offset + index}] = 1; count++; } else matched[${offset + index}] = 0;`,
      );
    });
  }

  get body(): string {
    const reads = [...this.reads.entries()].map(([read, local]) => `const ${local} = ${read};`);
    return [
      '"use strict";',
      'return function matchConditions(record, matched) {',
      ...reads,
      'let count = 0;',
      ...this.lines,
      'return count;',
      '};',
    ].join('\n');
  }

  /** The local holding this field's value for the record, read once however many conditions test it. */
  private value(field: FieldRef): string {
    const read = fieldRead(field);
    let local = this.reads.get(read);
    if (local === undefined) this.reads.set(read, (local = `f${this.reads.size}`));
    return local;
  }

  private constant(value: unknown): string {
    this.constants.push(value);
    return `k[${this.constants.length - 1}]`;
  }

  private expression(condition: CheckedCondition): string {
    switch (condition.kind) {
      case 'all':
      case 'any':
        return `(${condition.operands.map((operand) => this.expression(operand)).join(condition.kind === 'all' ? ' && ' : ' || ')})`;
      case 'not':
        return `!${this.expression(condition.operand)}`;
      case 'exists':
        return `(${this.value(condition.field)} !== undefined)`;
      case 'compare': {
        const value = this.value(condition.field);
        const operator = { eq: '===', neq: '!==', gt: '>', gte: '>=', lt: '<', lte: '<=' }[condition.op];
        return `(${value} !== undefined && ${value} ${operator} ${literal(condition.value)})`;
      }
      case 'member': {
        const value = this.value(condition.field);
        return `(${value} !== undefined && ${condition.inside ? '' : '!'}${this.constant(condition.values)}.has(${value}))`;
      }
      case 'contains': {
        const value = this.value(condition.field);
        return `(${value} !== undefined && ${value}.includes(${literal(condition.value)}))`;
      }
      case 'matches': {
        const value = this.value(condition.field);
        return `(${value} !== undefined && ${this.constant(condition.test)}(${value}))`;
      }
    }
  }
}

function compileFunction(conditions: readonly CheckedCondition[], offset: number): ConditionSetMatcher {
  const source = new FunctionSource(conditions, offset);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the point: see the header comment for why it is safe
  const build = new Function('numberIn', 'stringIn', 'k', source.body) as (
    numberInFn: typeof numberIn,
    stringInFn: typeof stringIn,
    constants: unknown[],
  ) => ConditionSetMatcher;
  return build(numberIn, stringIn, source.constants);
}

/** One matcher for all of `conditions`, in their order; compile once per set, run per record. */
export function compileConditionSet(conditions: readonly CheckedCondition[]): ConditionSetMatcher {
  const parts: ConditionSetMatcher[] = [];
  for (let start = 0; start < conditions.length;) {
    let end = start;
    let leaves = 0;
    while (
      end < conditions.length &&
      (end === start || leaves + leafCount(conditions[end]!) <= LEAVES_PER_FUNCTION)
    )
      leaves += leafCount(conditions[end++]!);
    parts.push(compileFunction(conditions.slice(start, end), start));
    start = end;
  }
  if (parts.length === 0) return () => 0;
  if (parts.length === 1) return parts[0]!;
  return (record, matched) => {
    let count = 0;
    for (const part of parts) count += part(record, matched);
    return count;
  };
}
