import { newUuidV7, type PolicyEventRecord, type PolicySnapshot } from '@governance/contracts';
import { ApiError } from '@governance/platform';
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

/** A position in the newest-first listing: the last row of a page. */
export interface ListPosition {
  createdAt: string;
  id: string;
}

export function encodeCursor(position: ListPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id]), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): ListPosition {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(decoded) &&
      decoded.length === 2 &&
      typeof decoded[0] === 'string' &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(decoded[0]) &&
      !Number.isNaN(Date.parse(decoded[0])) &&
      typeof decoded[1] === 'string' &&
      /^pol_[0-9A-HJKMNP-TV-Z]{26}$/.test(decoded[1])
    ) {
      return { createdAt: decoded[0], id: decoded[1] };
    }
  } catch {
    // Falls through to the validation error below.
  }
  throw ApiError.validation([{ field: 'cursor', message: 'is not a cursor this API returned' }]);
}
