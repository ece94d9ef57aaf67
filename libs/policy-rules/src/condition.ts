import {
  CONDITION_FIELD_PREFIXES,
  CONDITION_FIELDS,
  CONDITION_OPS,
  type Condition,
  type ConditionOp,
} from '@governance/contracts';
import {
  type CheckedCondition,
  compileConditionSet,
  type ConditionRecord,
  type FieldRef,
} from './condition-code';
import { conditionSteps, costProblems, type LeafCost } from './rule-cost';
import { compilePattern, PatternRefused, patternSize, type PatternTest } from './safe-pattern';

/**
 * The policy rule language: validation with JSON paths, to a checked form that condition-code.ts compiles
 * to a predicate that is true when a telemetry record VIOLATES the policy. Pure: the policies service
 * validates with it, probe ingest evaluates.
 *
 * A leaf is `{field, op, value}`. `metrics.<name>` fields are numbers; `labels.<name>`, `model` and
 * `observed_endpoint` strings. A field that is absent, or not of its kind, makes every op false (so
 * `{not: {field: 'labels.human_review', op: 'eq', value: 'true'}}` holds when the label is missing).
 * eq/neq compare a number exactly, or a string by its string form (true matches the label "true"); gt, gte,
 * lt, lte are for metrics; in/not_in take 1 to 100 scalars; contains is a case-sensitive substring; matches
 * a safe-pattern.ts pattern on the first 4,096 characters; exists takes no value. Combinators `all`, `any`
 * (non-empty lists) and `not`; each node has exactly its own keys. Values never hold NUL (jsonb cannot).
 */
export const CONDITION_LIMITS = {
  maxDepth: 8,
  maxLeaves: 100,
  maxListItems: 100,
  /** The same limits probe ingest puts on label values and on metric and label names. */
  maxStringLength: 1024,
  maxFieldNameLength: 128,
  /** Problems reported at most, so a huge bad rule set cannot make a huge error body. */
  maxProblems: 50,
} as const;

export type CompiledCondition = (record: ConditionRecord) => boolean;

export interface ConditionProblem {
  field: string;
  message: string;
}

export class InvalidCondition extends Error {
  override name = 'InvalidCondition';
  constructor(readonly problems: ConditionProblem[]) {
    super(`Invalid condition: ${problems.map((p) => `${p.field}: ${p.message}`).join('; ')}`);
  }
}

type FieldKind = 'number' | 'string';

// Any name probe ingest accepts: printable, no C0 controls or DEL.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NAME_PATTERN = /^[^\u0000-\u001f\u007f]+$/;
const NUMERIC_OPS: ReadonlySet<ConditionOp> = new Set(['gt', 'gte', 'lt', 'lte']);
const STRING_OPS: ReadonlySet<ConditionOp> = new Set(['contains', 'matches']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** The field a condition names, with the kind of value it holds; a message when it names none. */
function fieldOf(field: string): { kind: FieldKind; ref: FieldRef } | string {
  if (field === 'model' || field === 'observed_endpoint')
    return { kind: 'string', ref: { source: field, name: '' } };
  const prefix = CONDITION_FIELD_PREFIXES.find((candidate) => field.startsWith(candidate));
  const name = prefix === undefined ? '' : field.slice(prefix.length);
  if (prefix === undefined || name === '') {
    return `must be ${CONDITION_FIELDS.join(', ')}, or ${CONDITION_FIELD_PREFIXES.map((p) => `${p}<name>`).join(', ')}`;
  }
  if (name.length > CONDITION_LIMITS.maxFieldNameLength || !NAME_PATTERN.test(name)) {
    return `the name after "${prefix}" must be 1 to ${CONDITION_LIMITS.maxFieldNameLength} characters without control characters`;
  }
  return prefix === 'metrics.'
    ? { kind: 'number', ref: { source: 'metrics', name } }
    : { kind: 'string', ref: { source: 'labels', name } };
}

interface Walk {
  problems: ConditionProblem[];
  leaves: number;
  costs: LeafCost[];
  /** False when only the problems are wanted: patterns are then parsed and sized, not compiled. */
  compile: boolean;
}

/** A pattern's size without its test, for a walk that only validates. */
const sizedOnly = (size: Pick<PatternTest, 'states' | 'scannedLength'>): PatternTest =>
  Object.assign((): boolean => {
    throw new Error('a pattern checked for validation only cannot be tested');
  }, size);

function problem(walk: Walk, field: string, message: string): undefined {
  if (walk.problems.length < CONDITION_LIMITS.maxProblems) walk.problems.push({ field, message });
  return undefined;
}

/** Rules are stored as jsonb, which cannot hold NUL; no label, model or endpoint contains one either. */
function stringProblem(value: string): { error: string } | undefined {
  if (value.length > CONDITION_LIMITS.maxStringLength)
    return { error: `must be at most ${CONDITION_LIMITS.maxStringLength} characters` };
  if (value.includes('\u0000')) return { error: 'must not contain NUL characters' };
  return undefined;
}

/** A scalar for a field of `kind` in its compared form, or a message. */
function scalar(kind: FieldKind, value: unknown): number | string | { error: string } {
  if (kind === 'number')
    return isFiniteNumber(value) ? value : { error: 'must be a finite number for a metrics field' };
  if (typeof value === 'string') return stringProblem(value) ?? value;
  if (isFiniteNumber(value) || typeof value === 'boolean') return String(value);
  return { error: 'must be a string, number or boolean' };
}

function leaf(node: Record<string, unknown>, path: string, walk: Walk): CheckedCondition | undefined {
  const checked = checkedLeaf(node, path, walk);
  if (checked) walk.costs.push({ path, steps: conditionSteps(checked) });
  return checked;
}

function checkedLeaf(node: Record<string, unknown>, path: string, walk: Walk): CheckedCondition | undefined {
  walk.leaves++;
  const unknownKeys = Object.keys(node).filter((key) => key !== 'field' && key !== 'op' && key !== 'value');
  for (const key of unknownKeys) problem(walk, `${path}.${key}`, 'is not a condition key (field, op, value)');
  const { field, op } = node;
  const hasValue = Object.prototype.hasOwnProperty.call(node, 'value');
  const value = node['value'];
  const source = typeof field === 'string' ? fieldOf(field) : 'must be a string';
  if (typeof source === 'string') problem(walk, `${path}.field`, source);
  if (typeof op !== 'string' || !(CONDITION_OPS as readonly string[]).includes(op)) {
    problem(walk, `${path}.op`, `must be one of ${CONDITION_OPS.join(', ')}`);
    return undefined;
  }
  if (typeof source === 'string' || unknownKeys.length > 0) return undefined;
  const { kind, ref } = source;
  const at = `${path}.value`;
  const operation = op as ConditionOp;
  if (NUMERIC_OPS.has(operation) && kind !== 'number')
    return problem(walk, `${path}.op`, `${operation} compares numbers and applies to metrics fields only`);
  if (STRING_OPS.has(operation) && kind !== 'string')
    return problem(walk, `${path}.op`, `${operation} applies to labels, model and observed_endpoint only`);
  if (operation === 'exists') {
    if (hasValue) return problem(walk, at, 'must be absent for exists');
    return { kind: 'exists', field: ref };
  }
  if (!hasValue) return problem(walk, at, `is required for ${operation}`);
  switch (operation) {
    case 'eq':
    case 'neq': {
      const expected = scalar(kind, value);
      if (typeof expected === 'object') return problem(walk, at, expected.error);
      return { kind: 'compare', field: ref, op: operation, value: expected };
    }
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      if (!isFiniteNumber(value)) return problem(walk, at, `must be a finite number for ${operation}`);
      return { kind: 'compare', field: ref, op: operation, value };
    }
    case 'in':
    case 'not_in': {
      if (!Array.isArray(value) || value.length === 0 || value.length > CONDITION_LIMITS.maxListItems)
        return problem(
          walk,
          at,
          `must be a list of 1 to ${CONDITION_LIMITS.maxListItems} values for ${operation}`,
        );
      const members = new Set<number | string>();
      let valid = true;
      value.forEach((item: unknown, index) => {
        const member =
          typeof item === 'boolean' ? { error: 'must be a string or number' } : scalar(kind, item);
        if (typeof member === 'object') {
          valid = false;
          problem(walk, `${at}[${index}]`, member.error);
        } else members.add(member);
      });
      if (!valid) return undefined;
      return { kind: 'member', field: ref, inside: operation === 'in', values: members };
    }
    case 'contains': {
      if (typeof value !== 'string' || value === '')
        return problem(walk, at, `must be a string of 1 to ${CONDITION_LIMITS.maxStringLength} characters`);
      const invalid = stringProblem(value);
      if (invalid) return problem(walk, at, invalid.error);
      return { kind: 'contains', field: ref, value };
    }
    case 'matches': {
      if (typeof value !== 'string' || value === '')
        return problem(walk, at, 'must be a non-empty pattern string');
      if (value.includes('\u0000')) return problem(walk, at, 'must not contain NUL characters');
      try {
        const test = walk.compile ? compilePattern(value) : sizedOnly(patternSize(value));
        return { kind: 'matches', field: ref, test };
      } catch (error) {
        if (error instanceof PatternRefused) return problem(walk, at, `pattern refused: ${error.message}`);
        throw error;
      }
    }
  }
}

function node(raw: unknown, path: string, depth: number, walk: Walk): CheckedCondition | undefined {
  if (!isRecord(raw)) return problem(walk, path, 'must be a condition object');
  if (depth > CONDITION_LIMITS.maxDepth)
    return problem(walk, path, `conditions nest at most ${CONDITION_LIMITS.maxDepth} levels deep`);
  const combinator = (['all', 'any', 'not'] as const).find((key) =>
    Object.prototype.hasOwnProperty.call(raw, key),
  );
  if (combinator === undefined) return leaf(raw, path, walk);
  const extra = Object.keys(raw).filter((key) => key !== combinator);
  for (const key of extra) problem(walk, `${path}.${key}`, `must not sit beside "${combinator}"`);
  const inner = raw[combinator];
  const at = `${path}.${combinator}`;
  if (combinator === 'not') {
    const operand = node(inner, at, depth + 1, walk);
    return operand && extra.length === 0 ? { kind: 'not', operand } : undefined;
  }
  if (!Array.isArray(inner) || inner.length === 0)
    return problem(walk, at, 'must be a non-empty list of conditions');
  const operands: CheckedCondition[] = [];
  for (let index = 0; index < inner.length; index++) {
    if (walk.leaves > CONDITION_LIMITS.maxLeaves) break;
    const operand = node(inner[index], `${at}[${index}]`, depth + 1, walk);
    if (operand) operands.push(operand);
  }
  if (operands.length !== inner.length || extra.length > 0) return undefined;
  return { kind: combinator, operands };
}

function walkCondition(
  raw: unknown,
  path: string,
  compile: boolean,
): { checked?: CheckedCondition; problems: ConditionProblem[]; costs: LeafCost[] } {
  const walk: Walk = { problems: [], leaves: 0, costs: [], compile };
  const checked = node(raw, path, 1, walk);
  if (walk.leaves > CONDITION_LIMITS.maxLeaves)
    walk.problems.unshift({
      field: path,
      message: `a condition holds at most ${CONDITION_LIMITS.maxLeaves} leaves`,
    });
  return walk.problems.length === 0 && checked
    ? { checked, problems: [], costs: walk.costs }
    : { problems: walk.problems, costs: walk.costs };
}

/**
 * Every problem of `raw` as a new rule set, each with its JSON path under `path`; [] when valid. Beyond
 * checkCondition, a new rule set must fit the cost budget (rule-cost.ts), and its costliest leaves are
 * named when it does not: a stored rule set is evaluated on every record of its organization.
 */
export function validateCondition(raw: unknown, path = 'rules'): ConditionProblem[] {
  const { problems, costs } = walkCondition(raw, path, false);
  return problems.length > 0 ? problems : costProblems(costs, path, CONDITION_LIMITS.maxProblems);
}

/** `condition` checked, ready for compileConditionSet; throws InvalidCondition when it is not valid. */
export function checkCondition(condition: Condition): CheckedCondition {
  const { checked, problems } = walkCondition(condition, 'rules', true);
  if (!checked) throw new InvalidCondition(problems);
  return checked;
}

/** The predicate of `condition`; throws InvalidCondition when it is not valid. Compile once, run often. */
export function compileCondition(condition: Condition): CompiledCondition {
  const matcher = compileConditionSet([checkCondition(condition)]);
  const matched = new Uint8Array(1);
  return (record) => matcher(record, matched) === 1;
}

/** The rules of one policy version, checked. */
export interface CachedRules {
  rules: Condition;
  checked: CheckedCondition;
}

/**
 * Checked rules per policy, checked again only when the version changes (rules are immutable within a
 * version). A rule set that is not valid is remembered too, and its InvalidCondition thrown again.
 */
export class CheckedConditionCache {
  private readonly entries = new Map<
    string,
    { version: number; rules: Condition; checked?: CheckedCondition; invalid?: InvalidCondition }
  >();

  get(policy: { policy_id: string; version: number; rules: Condition }): CheckedCondition {
    let entry = this.entries.get(policy.policy_id);
    if (entry?.version !== policy.version) {
      entry = { version: policy.version, rules: policy.rules };
      try {
        entry.checked = checkCondition(policy.rules);
      } catch (error) {
        if (!(error instanceof InvalidCondition)) throw error;
        entry.invalid = error;
      }
      this.entries.set(policy.policy_id, entry);
    }
    if (entry.invalid) throw entry.invalid;
    return entry.checked!;
  }

  /** True when this version of the policy was checked (or refused) already: no need to read its rules. */
  has(policyId: string, version: number): boolean {
    return this.entries.get(policyId)?.version === version;
  }

  /** The checked rules of this version, if it is the one cached and it is valid. */
  cached(policyId: string, version: number): CachedRules | undefined {
    const entry = this.entries.get(policyId);
    return entry?.version === version && entry.checked
      ? { rules: entry.rules, checked: entry.checked }
      : undefined;
  }

  delete(policyId: string): void {
    this.entries.delete(policyId);
  }

  get size(): number {
    return this.entries.size;
  }
}
