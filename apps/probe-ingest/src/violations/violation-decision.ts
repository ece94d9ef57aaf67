import { createHash } from 'node:crypto';
import {
  canonicalJson,
  type Condition,
  type EnforcementMode,
  type PolicyViolatedDetails,
  type TelemetryReceivedDetails,
  type TelemetryRecord,
} from '@governance/contracts';
import {
  type CheckedCondition,
  compileConditionSet,
  conditionSteps,
  type ConditionSetMatcher,
  explainMatch,
} from '@governance/policy-rules';
import { type ActivePolicyRow } from '../policy-sync/policy-replica.repository';
import { appliesToSystem } from '../policy-sync/policy-scope';

export type EnforcementAction = 'blocked' | 'warned';
export type ViolationSeverity = 'HIGH' | 'CRITICAL';
/** Who flagged the record: this service's evaluation, the probe's own enforcement, or both. */
export type DetectedBy = 'service' | 'probe' | 'both';

/** An active policy with its checked rules. */
export type EvaluatedPolicy = Omit<ActivePolicyRow, 'organization_id' | 'rulesText'> & {
  rules: Condition;
  checked: CheckedCondition;
};

/** An organization's active policies, and one matcher that tests a record against all their rules. */
export interface PolicySet {
  policies: readonly EvaluatedPolicy[];
  /** compileConditionSet of the policies' rules, in the same order. */
  match: ConditionSetMatcher;
  /** The worst-case cost of one record against all of them (conditionSteps). */
  steps: number;
}

/** Compiles the policies' rules into one matcher: do it once per change of the set, not per batch. */
export function policySet(policies: readonly EvaluatedPolicy[]): PolicySet {
  return {
    policies,
    match: compileConditionSet(policies.map((policy) => policy.checked)),
    steps: policies.reduce((sum, policy) => sum + conditionSteps(policy.checked), 0),
  };
}

export interface ViolationCandidate {
  policy: EvaluatedPolicy;
  probeId: string;
  systemId: string;
  recordHash: string;
  inputHash: string;
  severity: ViolationSeverity;
  actionTaken: EnforcementAction;
  detectedBy: DetectedBy;
  probeAction: EnforcementAction | null;
  context: string;
  recordedAt: string;
}

/** Blocking is the stronger stance: a BLOCK policy's violation is CRITICAL, a WARN policy's HIGH. */
export const MODE_OUTCOMES = {
  BLOCK: { severity: 'CRITICAL', action: 'blocked' },
  WARN: { severity: 'HIGH', action: 'warned' },
} as const satisfies Record<EnforcementMode, { severity: ViolationSeverity; action: EnforcementAction }>;

/**
 * A record's identity: SHA-256 (hex) of its canonical JSON without `enforcement`, so the record the
 * probe flagged and the same record unflagged are one, and so is a batch the probe sent twice.
 */
export function recordHash(record: TelemetryRecord): string {
  const observed: Partial<TelemetryRecord> = { ...record };
  delete observed.enforcement;
  return createHash('sha256').update(canonicalJson(observed)).digest('hex');
}

/** The record's own input_hash, or `sha256:` + its record hash when the probe reported none. */
export function inputHashOf(record: TelemetryRecord, hash: string): string {
  return record.input_hash ?? `sha256:${hash}`;
}

/** The dedupe key, as the violations table's unique key spells it (within one organization). */
export function violationKey(policyId: string, probeId: string, hash: string): string {
  return `${policyId}/${probeId}/${hash}`;
}

const NONE_REPORTED: ReadonlyMap<string, EnforcementAction> = new Map();

/** What the probe reported it enforced, by policy (the first report of a policy counts). */
function reportedActions(record: TelemetryRecord): ReadonlyMap<string, EnforcementAction> {
  if (record.enforcement === undefined || record.enforcement.length === 0) return NONE_REPORTED;
  const actions = new Map<string, EnforcementAction>();
  for (const { policy_id, action } of record.enforcement ?? [])
    if (!actions.has(policy_id)) actions.set(policy_id, action);
  return actions;
}

function contextOf(
  policy: EvaluatedPolicy,
  record: TelemetryRecord,
  matched: boolean,
  probeAction: EnforcementAction | null,
): string {
  const reported = probeAction === null ? '' : `enforced by the probe (${probeAction})`;
  if (!matched) return reported;
  const explanation = explainMatch(policy.rules, record) ?? 'rules matched';
  return reported === '' ? explanation : `${explanation}; also ${reported}`;
}

/**
 * A batch whose worst case (its records × its set's steps per record, rule-cost.ts) stays within this is
 * evaluated inline: at most about 32 ms of the event loop, about what copying a batch to the worker and
 * back costs it anyway (docs/decisions/0007). Costlier ones go to the worker.
 */
export const INLINE_MAX_STEPS = 2_000_000;

/** Where a batch of `records` records is evaluated against `set`. */
export function evaluationPlace(set: Pick<PolicySet, 'steps'>, records: number): 'inline' | 'worker' {
  return set.steps * records <= INLINE_MAX_STEPS ? 'inline' : 'worker';
}

/** How far an evaluation of a batch got: its candidates, from the first `evaluated` records. */
export interface BatchEvaluation {
  candidates: ViolationCandidate[];
  evaluated: number;
}

/**
 * The violations in one telemetry batch. A record belongs to its own system_id, else the batch's; each
 * active policy whose scope covers that system is a violation when its rules match the record or when
 * the probe reports it enforced that policy on the record, and once per (policy, probe, record) however
 * both happen. A probe's report of a policy that is not active or not in scope here is ignored.
 */
export function findViolations(batch: TelemetryReceivedDetails, set: PolicySet): ViolationCandidate[] {
  return evaluateBatch(batch, set).candidates;
}

const NO_CANDIDATES: readonly ViolationCandidate[] = [];
const NEVER = (): boolean => false;
const IGNORE = (): void => undefined;

/**
 * findViolations record by record: `stop` is asked before each record, and `onRecord` told after each one
 * (with the candidates it added), so a caller with a time budget can stop between records and report
 * how far it got.
 */
export function evaluateBatch(
  batch: TelemetryReceivedDetails,
  set: PolicySet,
  stop: () => boolean = NEVER,
  onRecord: (evaluated: number, added: readonly ViolationCandidate[]) => void = IGNORE,
): BatchEvaluation {
  const { policies, match } = set;
  if (policies.length === 0) return { candidates: [], evaluated: batch.records.length };
  const bySystem = new Map<string, number[]>();
  const applicable = (systemId: string): number[] => {
    let found = bySystem.get(systemId);
    if (!found) {
      found = [];
      for (const [index, policy] of policies.entries())
        if (appliesToSystem(policy.scope, systemId)) found.push(index);
      bySystem.set(systemId, found);
    }
    return found;
  };
  const matched = new Uint8Array(policies.length);
  const seen = new Set<string>();
  const candidates: ViolationCandidate[] = [];
  let evaluated = 0;
  for (const record of batch.records) {
    if (stop()) break;
    const before = candidates.length;
    evaluated++;
    const reported = reportedActions(record);
    // Most records match no policy and report none: one call of the set's matcher settles them.
    if (match(record, matched) === 0 && reported.size === 0) {
      onRecord(evaluated, NO_CANDIDATES);
      continue;
    }
    const systemId = record.system_id ?? batch.system_id;
    let hash: string | undefined;
    for (const index of applicable(systemId)) {
      const policy = policies[index]!;
      const isMatch = matched[index] === 1;
      const probeAction = reported.size === 0 ? null : (reported.get(policy.policy_id) ?? null);
      if (!isMatch && probeAction === null) continue;
      hash ??= recordHash(record);
      const key = violationKey(policy.policy_id, batch.probe_id, hash);
      if (seen.has(key)) continue;
      seen.add(key);
      candidates.push({
        policy,
        probeId: batch.probe_id,
        systemId,
        recordHash: hash,
        inputHash: inputHashOf(record, hash),
        severity: MODE_OUTCOMES[policy.enforcement_mode].severity,
        actionTaken: MODE_OUTCOMES[policy.enforcement_mode].action,
        detectedBy: isMatch ? (probeAction === null ? 'service' : 'both') : 'probe',
        probeAction,
        context: contextOf(policy, record, isMatch, probeAction),
        recordedAt: record.timestamp,
      });
    }
    onRecord(evaluated, candidates.length > before ? candidates.slice(before) : NO_CANDIDATES);
  }
  return { candidates, evaluated };
}

/** The details of policy.violated, in the published field order. */
export function violationDetails(candidate: ViolationCandidate, violationId: string): PolicyViolatedDetails {
  return {
    violation_id: violationId,
    policy_id: candidate.policy.policy_id,
    policy_name: candidate.policy.name,
    enforcement_mode: candidate.policy.enforcement_mode,
    action_taken: candidate.actionTaken,
    probe_id: candidate.probeId,
    input_hash: candidate.inputHash,
    context: candidate.context,
  };
}
