import { newUuidV7, type PolicyEventRecord } from '@governance/contracts';
import { type WithDates, withIsoDates } from '@governance/platform';
import { type PolicyResponse } from './policy.dto';

/** A row of policies.policies; rules and scope come back from jsonb as objects. */
export type PolicyRow = WithDates<PolicyResponse, 'created_at' | 'updated_at'> & { organization_id: string };

/** The row without its organization; the columns are selected in the response's order. */
export function toPolicyResponse({ organization_id: _organizationId, ...policy }: PolicyRow): PolicyResponse {
  return withIsoDates(policy);
}

/** The whole policy after a change, so a consumer never needs an earlier event to know the policy. */
export function policySnapshotEvent(event: PolicyEventRecord['event'], row: PolicyRow): PolicyEventRecord {
  const { id, ...policy } = announced(toPolicyResponse(row));
  return {
    id: newUuidV7(),
    organization_id: row.organization_id,
    event,
    timestamp: row.updated_at.toISOString(),
    details: { policy_id: id, ...policy },
  };
}

/** Whether the severity follows the mode is the policies service's own business; the snapshot has the severity. */
const announced = ({ severity_by_mode: _severityByMode, ...policy }: PolicyResponse) => policy;
