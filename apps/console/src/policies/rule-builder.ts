import type { operations } from '../api/schema';

/*
 * The rule of a policy in two forms: the JSON the policies service takes (a condition over one telemetry
 * record, true when the record VIOLATES the policy), and the builder's editable tree. The conversions are
 * pure, so switching between the builder and the JSON view keeps one rule.
 */

type RuleSchema = operations['Policies_create']['requestBody']['content']['application/json']['rules'];
export type ConditionOp = Extract<RuleSchema, { op: unknown }>['op'];
export type ConditionValue = string | number | boolean | Array<string | number>;

export interface FieldCondition {
  field: string;
  op: ConditionOp;
  value?: ConditionValue;
}

export type Condition = { all: Condition[] } | { any: Condition[] } | { not: Condition } | FieldCondition;

/** The telemetry fields a condition reads; metrics and labels take a name. */
export type FieldKind = 'model' | 'observed_endpoint' | 'metrics' | 'labels';
export const FIELD_KINDS: readonly FieldKind[] = ['labels', 'metrics', 'model', 'observed_endpoint'];
export const NAMED_KINDS: ReadonlySet<FieldKind> = new Set(['metrics', 'labels']);

/** The operators of the rule language, in the order the builder offers them. */
export const CONDITION_OPS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'in',
  'not_in',
  'contains',
  'matches',
  'exists',
] as const satisfies readonly ConditionOp[];

const NUMERIC_OPS: ReadonlySet<ConditionOp> = new Set(['gt', 'gte', 'lt', 'lte']);
const STRING_OPS: ReadonlySet<ConditionOp> = new Set(['contains', 'matches']);
const LIST_OPS: ReadonlySet<ConditionOp> = new Set(['in', 'not_in']);

/** Metrics are numbers; labels, model and endpoint strings. The service refuses the other pairings. */
export function opsFor(kind: FieldKind): ConditionOp[] {
  return CONDITION_OPS.filter((op) => (kind === 'metrics' ? !STRING_OPS.has(op) : !NUMERIC_OPS.has(op)));
}

export function takesValue(op: ConditionOp): boolean {
  return op !== 'exists';
}

export function takesList(op: ConditionOp): boolean {
  return LIST_OPS.has(op);
}

export interface ConditionNode {
  type: 'condition';
  id: string;
  negated: boolean;
  kind: FieldKind;
  /** The metric or label name; '' for model and observed_endpoint. */
  name: string;
  op: ConditionOp;
  /** As typed: a list is comma-separated. */
  value: string;
}

export interface GroupNode {
  type: 'group';
  id: string;
  negated: boolean;
  match: 'all' | 'any';
  children: RuleNode[];
}

export type RuleNode = ConditionNode | GroupNode;

export type NewId = () => string;

let counter = 0;
const nextId: NewId = () => `node-${++counter}`;

export function newCondition(newId: NewId = nextId): ConditionNode {
  return { type: 'condition', id: newId(), negated: false, kind: 'labels', name: '', op: 'eq', value: '' };
}

export function newGroup(children: RuleNode[] = [], newId: NewId = nextId): GroupNode {
  return { type: 'group', id: newId(), negated: false, match: 'all', children };
}

/** A new rule: every one of its conditions must hold for a record to violate the policy. */
export function emptyRule(newId: NewId = nextId): GroupNode {
  return newGroup([newCondition(newId)], newId);
}

/** The condition reading another field: an operator that field cannot take becomes `eq`. */
export function withKind(node: ConditionNode, kind: FieldKind): ConditionNode {
  const op = opsFor(kind).includes(node.op) ? node.op : 'eq';
  return { ...node, kind, op, name: NAMED_KINDS.has(kind) ? node.name : '' };
}

export interface BuilderProblem {
  /** The node the problem is about. */
  id: string;
  message: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const fieldOf = (node: ConditionNode): string =>
  NAMED_KINDS.has(node.kind) ? `${node.kind}.${node.name}` : node.kind;

/** A number as typed, or undefined: "", "1e", "abc" are not numbers. */
function parseNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : undefined;
}

function conditionToRule(node: ConditionNode, problems: BuilderProblem[]): Condition {
  const problem = (message: string) => problems.push({ id: node.id, message });
  if (NAMED_KINDS.has(node.kind) && node.name.trim() === '')
    problem(`Name the ${node.kind === 'metrics' ? 'metric' : 'label'}.`);
  const leaf: FieldCondition = { field: fieldOf(node), op: node.op };
  if (!takesValue(node.op)) return wrapNot(leaf, node.negated);
  const numeric = node.kind === 'metrics';
  if (takesList(node.op)) {
    const items = node.value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
    if (items.length === 0) problem('List at least one value, separated by commas.');
    if (numeric) {
      const numbers = items.map(parseNumber);
      if (numbers.some((number) => number === undefined))
        problem('Every value of a metric must be a number.');
      leaf.value = items.map((item, index) => numbers[index] ?? item);
    } else leaf.value = items;
  } else if (numeric) {
    const number = parseNumber(node.value);
    if (number === undefined) problem('Enter a number.');
    leaf.value = number ?? node.value;
  } else {
    if (node.value === '') problem('Enter a value.');
    leaf.value = node.value;
  }
  return wrapNot(leaf, node.negated);
}

const wrapNot = (condition: Condition, negated: boolean): Condition =>
  negated ? { not: condition } : condition;

function nodeToRule(node: RuleNode, problems: BuilderProblem[]): Condition {
  if (node.type === 'condition') return conditionToRule(node, problems);
  if (node.children.length === 0) problems.push({ id: node.id, message: 'Add a condition to this group.' });
  const children = node.children.map((child) => nodeToRule(child, problems));
  return wrapNot(node.match === 'all' ? { all: children } : { any: children }, node.negated);
}

/**
 * The rule JSON of the builder's tree, and what is missing for the service to take it. The rule is
 * always produced (what cannot be read stays as typed), so the JSON view shows the work in progress.
 * The root group of a single condition is that condition: "all of one" and "any of one" mean the same.
 */
export function builderToRule(root: GroupNode): { rule: Condition; problems: BuilderProblem[] } {
  const problems: BuilderProblem[] = [];
  if (root.children.length === 1 && !root.negated) {
    const [only] = root.children as [RuleNode];
    return { rule: nodeToRule(only, problems), problems };
  }
  return { rule: nodeToRule(root, problems), problems };
}

export type FromRule = { ok: true; root: GroupNode } | { ok: false; path: string; message: string };

class Unrepresentable extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

function kindOf(field: unknown, path: string): { kind: FieldKind; name: string } {
  if (typeof field !== 'string') throw new Unrepresentable(`${path}.field`, 'must be a string');
  if (field === 'model' || field === 'observed_endpoint') return { kind: field, name: '' };
  for (const kind of ['metrics', 'labels'] as const) {
    const prefix = `${kind}.`;
    if (field.startsWith(prefix) && field.length > prefix.length)
      return { kind, name: field.slice(prefix.length) };
  }
  throw new Unrepresentable(
    `${path}.field`,
    'must be model, observed_endpoint, metrics.<name> or labels.<name>',
  );
}

const isScalar = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && Number.isFinite(value));

function valueText(value: unknown, op: ConditionOp, path: string): string {
  if (takesList(op)) {
    if (!Array.isArray(value)) throw new Unrepresentable(`${path}.value`, `must be a list for ${op}`);
    return value
      .map((item: unknown, index) => {
        const text = typeof item === 'string' || typeof item === 'number' ? String(item) : undefined;
        // The builder splits lists on commas and trims each item: such items would change.
        if (text === undefined || text.includes(',') || text.trim() !== text || text === '')
          throw new Unrepresentable(
            `${path}.value[${index}]`,
            'the builder lists values without commas or surrounding spaces; edit this one as JSON',
          );
        return text;
      })
      .join(', ');
  }
  if (!isScalar(value)) throw new Unrepresentable(`${path}.value`, 'must be a string, number or boolean');
  return String(value);
}

function leafFromRule(
  raw: Record<string, unknown>,
  path: string,
  negated: boolean,
  newId: NewId,
): ConditionNode {
  const extra = Object.keys(raw).find((key) => key !== 'field' && key !== 'op' && key !== 'value');
  if (extra !== undefined)
    throw new Unrepresentable(`${path}.${extra}`, 'is not a condition key (field, op, value)');
  const op = CONDITION_OPS.find((known) => known === raw['op']);
  if (op === undefined) throw new Unrepresentable(`${path}.op`, `must be one of ${CONDITION_OPS.join(', ')}`);
  const { kind, name } = kindOf(raw['field'], path);
  if (!opsFor(kind).includes(op))
    throw new Unrepresentable(
      `${path}.op`,
      `${op} does not apply to ${kind === 'metrics' ? 'metrics' : 'text fields'}`,
    );
  const hasValue = Object.prototype.hasOwnProperty.call(raw, 'value');
  if (!takesValue(op) && hasValue) throw new Unrepresentable(`${path}.value`, 'must be absent for exists');
  if (takesValue(op) && !hasValue) throw new Unrepresentable(`${path}.value`, `is required for ${op}`);
  const value = takesValue(op) ? valueText(raw['value'], op, path) : '';
  return { type: 'condition', id: newId(), negated, kind, name, op, value };
}

function nodeFromRule(raw: unknown, path: string, negated: boolean, newId: NewId): RuleNode {
  if (!isRecord(raw)) throw new Unrepresentable(path, 'must be a condition object');
  const keys = Object.keys(raw);
  const combinator = (['all', 'any', 'not'] as const).find((key) => keys.includes(key));
  if (combinator === undefined) return leafFromRule(raw, path, negated, newId);
  if (keys.length !== 1)
    throw new Unrepresentable(path, `"${combinator}" must be the only key of its object`);
  const inner = raw[combinator];
  if (combinator === 'not') {
    // The builder negates a condition or a group once; "not not" has no place in it.
    if (negated) throw new Unrepresentable(path, 'a double "not" cannot be shown in the builder');
    return nodeFromRule(inner, `${path}.not`, true, newId);
  }
  if (!Array.isArray(inner) || inner.length === 0)
    throw new Unrepresentable(`${path}.${combinator}`, 'must be a non-empty list of conditions');
  return {
    type: 'group',
    id: newId(),
    negated,
    match: combinator,
    children: inner.map((child, index) =>
      nodeFromRule(child, `${path}.${combinator}[${index}]`, false, newId),
    ),
  };
}

/** The builder's tree for a rule, or where and why the builder cannot show it (the JSON view can). */
export function ruleToBuilder(rule: unknown, newId: NewId = nextId): FromRule {
  try {
    const node = nodeFromRule(rule, 'rules', false, newId);
    return { ok: true, root: node.type === 'group' ? node : newGroup([node], newId) };
  } catch (error) {
    if (error instanceof Unrepresentable) return { ok: false, path: error.path, message: error.message };
    throw error;
  }
}

export type ParsedJson = { ok: true; rule: unknown } | { ok: false; message: string };

/** The JSON view's text as a value, or the parser's complaint to show beside it. */
export function parseRuleJson(text: string): ParsedJson {
  if (text.trim() === '') return { ok: false, message: 'Enter the rule as JSON.' };
  try {
    const rule: unknown = JSON.parse(text);
    if (!isRecord(rule)) return { ok: false, message: 'The rule must be a JSON object.' };
    return { ok: true, rule };
  } catch (error) {
    return {
      ok: false,
      message: `This is not valid JSON: ${error instanceof Error ? error.message : 'parse error'}`,
    };
  }
}

const LEAF_KEYS = ['field', 'op', 'value'];

/**
 * The rule as indented JSON, each condition's keys in reading order (field, op, value): the service
 * stores rules as jsonb, which hands them back with its own key order.
 */
export function ruleJson(rule: unknown): string {
  return JSON.stringify(
    rule,
    (_key, value: unknown) => {
      if (!isRecord(value) || !('field' in value || 'op' in value)) return value;
      const keys = Object.keys(value);
      const ordered = [
        ...LEAF_KEYS.filter((key) => keys.includes(key)),
        ...keys.filter((key) => !LEAF_KEYS.includes(key)),
      ];
      return Object.fromEntries(ordered.map((key) => [key, value[key]]));
    },
    2,
  );
}

/** The tree with one node replaced by `change(node)` (or removed when it returns null). */
export function updateNode(
  root: GroupNode,
  id: string,
  change: (node: RuleNode) => RuleNode | null,
): GroupNode {
  const visit = (node: RuleNode): RuleNode | null => {
    if (node.id === id) return change(node);
    if (node.type === 'condition') return node;
    const children = node.children.map(visit).filter((child): child is RuleNode => child !== null);
    return { ...node, children };
  };
  const next = visit(root);
  return next?.type === 'group' ? next : root;
}
