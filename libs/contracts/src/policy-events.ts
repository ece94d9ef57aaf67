import { type InternalEventRecord } from './internal-event';
import { type Severity } from './severity';

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
export interface PolicySnapshot {
  policy_id: string;
  name: string;
  description: string | null;
  enforcement_mode: EnforcementMode;
  status: PolicyStatus;
  severity: Severity;
  rules: Condition;
  scope: PolicyScope;
  /** The framework key when the policy was imported from a framework, else null. */
  framework: string | null;
  /** `<FRAMEWORK_KEY>:<control_id>` of the control it enforces, for imported policies. */
  control: string | null;
  /** Starts at 1 and grows with every change; probes compare it to know their copy is current. */
  version: number;
  created_at: string;
  updated_at: string;
}

export interface PolicyEventDetails {
  'policy.created': PolicySnapshot;
  'policy.updated': PolicySnapshot;
}
export type PolicyEventType = keyof PolicyEventDetails;

/** Internal events of the policies service, published on INTERNAL_TOPICS.policies. */
export type PolicyEventRecord = InternalEventRecord<PolicyEventDetails>;
