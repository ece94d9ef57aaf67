import { SYSTEM_STATUSES, type SystemStatus, type SystemsEventRecord } from '@governance/contracts';

/**
 * What the replica keeps of a system: enough to name it in findings, to scope it to its organization,
 * and to refuse assessing one that is retired.
 */
export interface ReplicatedSystem {
  systemId: string;
  organizationId: string;
  name: string;
  status: SystemStatus;
  updatedAt: string;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

const isSystemStatus = (value: unknown): value is SystemStatus =>
  (SYSTEM_STATUSES as readonly unknown[]).includes(value);

/**
 * The system a systems event describes, or undefined when the event is not a snapshot we can read.
 * A record we cannot read is skipped rather than thrown on: it would block its partition forever.
 */
export function replicatedSystem(record: unknown): ReplicatedSystem | undefined {
  if (typeof record !== 'object' || record === null) return undefined;
  const { event, organization_id: organizationId, details } = record as Partial<SystemsEventRecord>;
  if (event !== 'system.created' && event !== 'system.updated') return undefined;
  if (!isText(organizationId) || typeof details !== 'object' || details === null) return undefined;
  const {
    system_id: systemId,
    name,
    status,
    updated_at: updatedAt,
  } = details as unknown as Record<string, unknown>;
  if (!isText(systemId) || !isText(name) || !isSystemStatus(status)) return undefined;
  if (!isText(updatedAt) || Number.isNaN(Date.parse(updatedAt))) return undefined;
  return { systemId, organizationId, name, status, updatedAt };
}
