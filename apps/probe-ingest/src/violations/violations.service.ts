import { Inject, Injectable } from '@nestjs/common';
import { type Condition, newId, newUuidV7, type TelemetryEventRecord } from '@governance/contracts';
import { publicEventMessage, type Transaction } from '@governance/messaging';
import { CheckedConditionCache, InvalidCondition } from '@governance/policy-rules';
import { LOGGER, type Logger } from '@governance/platform';
import { type ActivePolicyRow, PolicyReplicaRepository } from '../policy-sync/policy-replica.repository';
import { PolicyEvaluator } from './policy-evaluator';
import {
  type EvaluatedPolicy,
  type PolicySet,
  policySet,
  violationDetails,
  violationKey,
} from './violation-decision';
import { type NewViolation, ViolationRepository } from './violation.repository';

/** Organizations whose compiled policy sets stay in memory; the least recently used goes first. */
const MATCHERS_KEPT = 1_000;

/**
 * Policy violations in telemetry: every record against the active policies of its organization that
 * cover its system, as the replica holds them. Rules are checked once per policy version, and an
 * organization's policies compile to one matcher kept until its set of policy versions changes.
 */
@Injectable()
export class ViolationsService {
  private readonly rules = new CheckedConditionCache();
  /** By organization: the compiled set of its policies, and the ids and versions it was compiled from. */
  private readonly matchers = new Map<string, { versions: string; set: PolicySet }>();

  constructor(
    private readonly policies: PolicyReplicaRepository,
    private readonly violations: ViolationRepository,
    private readonly evaluator: PolicyEvaluator,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Records and announces the violations in these batches not recorded before; returns how many. */
  async evaluateBatches(tx: Transaction, batches: readonly TelemetryEventRecord[]): Promise<number> {
    if (batches.length === 0) return 0;
    const organizationIds = [...new Set(batches.map((batch) => batch.organization_id))];
    const rows = await this.policies.activeForOrganizations(tx.manager, organizationIds);
    if (rows.length === 0) return 0;
    const byOrganization = new Map<string, EvaluatedPolicy[]>();
    for (const row of rows) {
      const policy = this.compiled(row);
      if (!policy) continue;
      const policies = byOrganization.get(row.organization_id);
      if (policies) policies.push(policy);
      else byOrganization.set(row.organization_id, [policy]);
    }
    const sets = new Map<string, { versions: string; set: PolicySet }>();
    for (const [organizationId, policies] of byOrganization)
      sets.set(organizationId, this.policySetOf(organizationId, policies));

    const found: NewViolation[] = [];
    const seen = new Set<string>();
    for (const batch of batches) {
      const kept = sets.get(batch.organization_id);
      if (!kept) continue;
      const { candidates } = await this.evaluator.evaluate(
        batch.organization_id,
        kept.versions,
        kept.set,
        batch.details,
      );
      for (const candidate of candidates) {
        const key = `${batch.organization_id}/${violationKey(candidate.policy.policy_id, candidate.probeId, candidate.recordHash)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        found.push({ ...candidate, violationId: newId('violation'), organizationId: batch.organization_id });
      }
    }

    const inserted = await this.violations.insertNew(tx.manager, found);
    const timestamp = new Date().toISOString();
    for (const violation of found) {
      if (!inserted.has(violation.violationId)) continue;
      tx.publish(
        publicEventMessage({
          id: newUuidV7(),
          organization_id: violation.organizationId,
          event: 'policy.violated',
          timestamp,
          severity: violation.severity,
          system_id: violation.systemId,
          details: violationDetails(violation, violation.violationId),
        }),
      );
    }
    return inserted.size;
  }

  /**
   * The organization's policies as a set, with the matcher kept from an earlier batch when their ids and
   * versions are the same (rules are immutable within a version), else compiled now.
   */
  private policySetOf(
    organizationId: string,
    policies: readonly EvaluatedPolicy[],
  ): { versions: string; set: PolicySet } {
    const versions = policies.map((policy) => `${policy.policy_id}@${policy.version}`).join(' ');
    const kept = this.matchers.get(organizationId);
    this.matchers.delete(organizationId);
    const set = kept?.versions === versions ? { ...kept.set, policies } : policySet(policies);
    this.matchers.set(organizationId, { versions, set });
    if (this.matchers.size > MATCHERS_KEPT) this.matchers.delete(this.matchers.keys().next().value!);
    return { versions, set };
  }

  /** The policy with its checked rules; undefined (logged once) when its rules are not valid. */
  private compiled({ rulesText, ...policy }: ActivePolicyRow): EvaluatedPolicy | undefined {
    const { policy_id, version } = policy;
    if (!this.rules.has(policy_id, version)) {
      try {
        this.rules.get({ policy_id, version, rules: JSON.parse(rulesText) as Condition });
      } catch (error) {
        // The policies service validates rules before announcing them; a bad set is skipped, not retried.
        if (!(error instanceof InvalidCondition)) throw error;
        this.logger.error(
          { policy_id, version, problems: error.problems },
          'skipping a policy whose rules do not compile',
        );
      }
    }
    const cached = this.rules.cached(policy_id, version);
    return cached && { ...policy, rules: cached.rules, checked: cached.checked };
  }
}
