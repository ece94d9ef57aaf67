import { auditChanges, type AuditEntry, auditFields } from '@governance/messaging';
import { type ProbeRow } from './probe.repository';
import { type RegistrationFields } from './probe-registration';

const REGISTERED_FIELDS = ['probe_name', 'host', 'system_id', 'runtime', 'environment', 'version'] as const;
const REREGISTERED_FIELDS = [
  'system_id',
  'runtime',
  'environment',
  'version',
] as const satisfies ReadonlyArray<keyof RegistrationFields>;

/** A probe registered for the first time. */
export function probeRegisteredAudit(row: ProbeRow): AuditEntry {
  return {
    organizationId: row.organization_id,
    action: 'probe.registered',
    target: { type: 'probe', id: row.probe_id },
    after: auditFields(row, REGISTERED_FIELDS),
  };
}

/** A probe registered again with other details: the fields that changed. */
export function probeReregisteredAudit(before: ProbeRow, after: ProbeRow): AuditEntry {
  const changes = auditChanges(before, after, REREGISTERED_FIELDS);
  return {
    organizationId: after.organization_id,
    action: 'probe.reregistered',
    target: { type: 'probe', id: after.probe_id },
    before: changes.before,
    after: changes.after,
  };
}

/** Telemetry revealed an undeclared system; probe ingest asked the systems service to register it. */
export function systemDiscoveredAudit(
  organizationId: string,
  requested: {
    system_id: string;
    name: string;
    discovery_method: string;
    host: string | null;
    vendor: string | null;
    model: string | null;
    probe_id: string;
  },
): AuditEntry {
  return {
    organizationId,
    action: 'system.discovered',
    target: { type: 'system', id: requested.system_id },
    after: auditFields(requested, ['name', 'discovery_method', 'host', 'vendor', 'model', 'probe_id']),
  };
}
