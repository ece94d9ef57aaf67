import { type InternalEventRecord } from './internal-event';
import {
  details,
  type DetailsOf,
  id,
  nonEmpty,
  nullableText,
  objectAs,
  oneOf,
  timestamp,
  typed,
  type TypeOf,
} from './json-schema';
import { SEVERITIES } from './severity';

/**
 * The rule language of policies: a condition over one telemetry record, true when the record VIOLATES
 * the policy. Leaves compare one field; `all`, `any` and `not` combine them.
 */
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
  'exists',
  'matches',
] as const;
export type ConditionOp = (typeof CONDITION_OPS)[number];

/** Fields of a telemetry record a condition may read; `metrics.` and `labels.` take a name after the dot. */
export const CONDITION_FIELD_PREFIXES = ['metrics.', 'labels.'] as const;
export const CONDITION_FIELDS = ['model', 'observed_endpoint'] as const;

export type ConditionValue = string | number | boolean | readonly (string | number)[];

export interface FieldCondition {
  field: string;
  op: ConditionOp;
  /** Absent for `exists`; a list for `in` and `not_in`; a regular expression for `matches`. */
  value?: ConditionValue;
}

export type Condition =
  { all: readonly Condition[] } | { any: readonly Condition[] } | { not: Condition } | FieldCondition;

export const ENFORCEMENT_MODES = ['BLOCK', 'WARN'] as const;
export type EnforcementMode = (typeof ENFORCEMENT_MODES)[number];

export const POLICY_STATUSES = ['active', 'disabled'] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];

/** Every system of the organization, or the listed ones. */
export type PolicyScope = { all_systems: true } | { system_ids: string[] };

/** A policy as the policies service announces it: the whole record after every change. */
const policySnapshot = details({
  policy_id: id('pol'),
  name: nonEmpty,
  description: nullableText,
  enforcement_mode: oneOf(ENFORCEMENT_MODES),
  status: oneOf(POLICY_STATUSES),
  severity: oneOf(SEVERITIES),
  rules: objectAs<Condition>(),
  scope: objectAs<PolicyScope>(),
  /** The framework key when the policy was imported from a framework, else null. */
  framework: nullableText,
  /** `<FRAMEWORK_KEY>:<control_id>` of the control it enforces, for imported policies. */
  control: nullableText,
  /** Starts at 1 and grows with every change; probes compare it to know their copy is current. */
  version: typed<number>({ type: 'integer', minimum: 1 }),
  created_at: timestamp,
  updated_at: timestamp,
});
export type PolicySnapshot = TypeOf<typeof policySnapshot>;

/**
 * Every event carries the whole policy. `policy.deleted` carries it as it was when deleted, at the next
 * version: consumers keep a tombstone at that version, so no earlier snapshot brings the policy back.
 */
export const POLICY_DETAILS_SCHEMAS = {
  'policy.created': policySnapshot,
  'policy.updated': policySnapshot,
  'policy.deleted': policySnapshot,
};
export type PolicyEventDetails = DetailsOf<typeof POLICY_DETAILS_SCHEMAS>;

/** Internal events of the policies service, published on INTERNAL_TOPICS.policies. */
export type PolicyEventRecord = InternalEventRecord<PolicyEventDetails>;
