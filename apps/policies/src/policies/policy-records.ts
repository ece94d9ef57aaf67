import { newUuidV7, type PolicyEventRecord, type PolicySnapshot } from '@governance/contracts';
import { type PolicyResponse } from './policy.dto';

/** A row of policies.policies; rules and scope come back from jsonb as objects. */
export type PolicyRow = Omit<PolicyResponse, 'created_at' | 'updated_at'> & {
  organization_id: string;
  created_at: Date;
  updated_at: Date;
};

/** The row without its organization; the columns are selected in the response's order. */
export function toPolicyResponse({
  organization_id: _organizationId,
  created_at,
  updated_at,
  ...policy
}: PolicyRow): PolicyResponse {
  return { ...policy, created_at: created_at.toISOString(), updated_at: updated_at.toISOString() };
}

export function toSnapshot(row: PolicyRow): PolicySnapshot {
  const { id, ...rest } = toPolicyResponse(row);
  return { policy_id: id, ...rest };
}

/** The whole policy after a change, so a consumer never needs an earlier event to know the policy. */
export function policySnapshotEvent(
  event: 'policy.created' | 'policy.updated',
  row: PolicyRow,
): PolicyEventRecord {
  return {
    id: newUuidV7(),
    organization_id: row.organization_id,
    event,
    timestamp: row.updated_at.toISOString(),
    details: toSnapshot(row),
  };
}
