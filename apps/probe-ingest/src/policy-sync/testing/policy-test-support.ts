import { newUuidV7, type PolicyEventRecord, type PolicySnapshot } from '@governance/contracts';
import { policyEventMessage } from '@governance/messaging';
import {
  eventually,
  policySnapshot as fixturePolicySnapshot,
  type ServiceHarness,
} from '@governance/testing';

/** A policy as the policies service announces it: an active, blocking toxicity rule. */
export function policySnapshot(overrides: Partial<PolicySnapshot> = {}): PolicySnapshot {
  return fixturePolicySnapshot({
    name: 'No toxic output',
    severity: 'CRITICAL',
    rules: { field: 'metrics.toxicity', op: 'gt', value: 0.8 },
    ...overrides,
  });
}

/**
 * Publishes a snapshot as the policies service would (as a creation at version 1, else an update, unless
 * `event` says otherwise), and waits until the replica holds that version.
 */
export async function announcePolicy(
  harness: ServiceHarness,
  organizationId: string,
  snapshot: PolicySnapshot,
  event: PolicyEventRecord['event'] = snapshot.version === 1 ? 'policy.created' : 'policy.updated',
): Promise<PolicySnapshot> {
  await harness.publishMessages([
    policyEventMessage({
      id: newUuidV7(),
      organization_id: organizationId,
      event,
      timestamp: snapshot.updated_at,
      details: snapshot,
    }),
  ]);
  await eventually(
    async () => {
      const rows = await harness.sql.query<Array<{ version: number }>>(
        'SELECT version FROM probe_ingest.policies WHERE policy_id = $1',
        [snapshot.policy_id],
      );
      return (rows[0]?.version ?? 0) >= snapshot.version;
    },
    20_000,
    `the replica to hold ${snapshot.policy_id} version ${snapshot.version}`,
  );
  return snapshot;
}
