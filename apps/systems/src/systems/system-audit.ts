import { auditChanges, type AuditEntry, auditFields } from '@governance/messaging';
import { EDITABLE_FIELDS } from './system-rules';
import { type SystemRow } from './system-records';

/**
 * What a registration entry shows of the new system: every field a person may edit but the free-text
 * description, and where it came from.
 */
const REGISTERED_FIELDS = [
  ...EDITABLE_FIELDS.filter((field) => field !== 'description'),
  'registration_source',
  'discovery_method',
] as const;

/** A system entered the inventory: registered by a person or key, or minted for a probe or a discovery. */
export function systemRegisteredAudit(row: SystemRow): AuditEntry {
  return {
    organizationId: row.organization_id,
    action: 'system.registered',
    target: { type: 'system', id: row.id },
    after: auditFields(row, REGISTERED_FIELDS),
  };
}

/**
 * An edit, named by what matters most in it: adopting a discovered system, retiring or reactivating one,
 * or else an update. The summary holds the changed fields only, whatever the action.
 */
export function systemUpdatedAudit(before: SystemRow, after: SystemRow): AuditEntry {
  const changes = auditChanges(before, after, EDITABLE_FIELDS);
  const action =
    !before.declared && after.declared
      ? 'system.adopted'
      : before.status !== after.status
        ? after.status === 'retired'
          ? 'system.retired'
          : 'system.reactivated'
        : 'system.updated';
  return {
    organizationId: after.organization_id,
    action,
    target: { type: 'system', id: after.id },
    before: changes.before,
    after: changes.after,
  };
}

/** A probe or a discovery asked for a system under a new id, and met one of the same name. */
export function registrationMergedAudit(
  organizationId: string,
  merge: { requested_system_id: string; system_id: string; name: string },
): AuditEntry {
  return {
    organizationId,
    action: 'system.registration_merged',
    target: { type: 'system', id: merge.system_id },
    after: { requested_system_id: merge.requested_system_id, name: merge.name },
  };
}
