import { newId, newUuidV7, type PolicySnapshot } from '@governance/contracts';
import { policyEventMessage } from '@governance/messaging';
import { eventually, type ServiceHarness } from '@governance/testing';

export function policySnapshot(overrides: Partial<PolicySnapshot> = {}): PolicySnapshot {
  const at = new Date().toISOString();
  return {
    policy_id: newId('policy'),
    name: 'No toxic output',
    description: null,
    enforcement_mode: 'BLOCK',
    status: 'active',
    severity: 'CRITICAL',
    rules: { field: 'metrics.toxicity', op: 'gt', value: 0.8 },
    scope: { all_systems: true },
    framework: null,
    control: null,
    version: 1,
    created_at: at,
    updated_at: at,
    ...overrides,
  };
}

/** Publishes a snapshot as the policies service would, and waits until the replica holds that version. */
export async function announcePolicy(
  harness: ServiceHarness,
  organizationId: string,
  snapshot: PolicySnapshot,
): Promise<PolicySnapshot> {
  await harness.publishMessages([
    policyEventMessage({
      id: newUuidV7(),
      organization_id: organizationId,
      event: snapshot.version === 1 ? 'policy.created' : 'policy.updated',
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
