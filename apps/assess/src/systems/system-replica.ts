import { type SystemsEventRecord } from '@governance/contracts';

/** What the replica keeps of a system: enough to name it in findings and to scope it to its organization. */
export interface ReplicatedSystem {
  systemId: string;
  organizationId: string;
  name: string;
  updatedAt: string;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/**
 * The system a systems event describes, or undefined when the event is not a snapshot we can read.
 * A record we cannot read is skipped rather than thrown on: it would block its partition forever.
 */
export function replicatedSystem(record: unknown): ReplicatedSystem | undefined {
  if (typeof record !== 'object' || record === null) return undefined;
  const { event, organization_id: organizationId, details } = record as Partial<SystemsEventRecord>;
  if (event !== 'system.created' && event !== 'system.updated') return undefined;
  if (!isText(organizationId) || typeof details !== 'object' || details === null) return undefined;
  const { system_id: systemId, name, updated_at: updatedAt } = details as unknown as Record<string, unknown>;
  if (!isText(systemId) || !isText(name) || !isText(updatedAt) || Number.isNaN(Date.parse(updatedAt)))
    return undefined;
  return { systemId, organizationId, name, updatedAt };
}
