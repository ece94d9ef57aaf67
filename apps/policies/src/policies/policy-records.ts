import { newUuidV7, type PolicyEventRecord, type PolicySnapshot } from '@governance/contracts';
import { type PolicyResponse } from './policy.dto';

/** A row of policies.policies; rules and scope come back from jsonb as objects. */
export type PolicyRow = Omit<PolicyResponse, 'created_at' | 'updated_at'> & {
  organization_id: string;
  created_at: Date;
  updated_at: Date;
};

export function toPolicyResponse(row: PolicyRow): PolicyResponse {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    enforcement_mode: row.enforcement_mode,
    status: row.status,
    severity: row.severity,
    rules: row.rules,
    scope: row.scope,
    framework: row.framework,
    control: row.control,
    version: row.version,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
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
