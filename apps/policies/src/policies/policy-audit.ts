import { type EnforcementMode } from '@governance/contracts';
import { auditChanges, type AuditEntry, auditFields } from '@governance/messaging';
import { type PolicyRow } from './policy-records';
import { EDITABLE_FIELDS } from './policy-rules';

/** What a creation entry shows of the policy; its rules are in the policy itself, versioned. */
const CREATED_FIELDS = [
  'name',
  'enforcement_mode',
  'status',
  'severity',
  'scope',
  'framework',
  'control',
  'version',
] as const;

/** A policy created, by hand or by a framework import (then `framework` and `control` say which). */
export function policyCreatedAudit(row: PolicyRow): AuditEntry {
  return {
    organizationId: row.organization_id,
    action: 'policy.created',
    target: { type: 'policy', id: row.id },
    after: auditFields(row, CREATED_FIELDS),
  };
}

/** A policy's enforcement mode switched, and its severity with it when that follows the mode. */
export function enforcementChangedAudit(before: PolicyRow, after: PolicyRow): AuditEntry {
  const severity = (row: PolicyRow) => (before.severity === after.severity ? {} : { severity: row.severity });
  return {
    organizationId: after.organization_id,
    action: 'policy.enforcement_changed',
    target: { type: 'policy', id: after.id },
    before: { enforcement_mode: before.enforcement_mode, ...severity(before), version: before.version },
    after: { enforcement_mode: after.enforcement_mode, ...severity(after), version: after.version },
  };
}

/**
 * An edit, named by what matters most in it: disabling or enabling the policy, or else an update. The
 * summary holds the changed fields (rules included: they are the policy), the new version, and the reason
 * when one was given.
 */
export function policyUpdatedAudit(
  before: PolicyRow,
  after: PolicyRow,
  reason: string | undefined,
): AuditEntry {
  const changes = auditChanges(before, after, EDITABLE_FIELDS);
  const action =
    before.status === after.status
      ? 'policy.updated'
      : after.status === 'disabled'
        ? 'policy.disabled'
        : 'policy.enabled';
  return {
    organizationId: after.organization_id,
    action,
    target: { type: 'policy', id: after.id },
    before: { ...changes.before, version: before.version },
    after: { ...changes.after, version: after.version, ...withReason(reason) },
  };
}

/** A policy deleted: what it was, so the trail still says which policy went and why. */
export function policyDeletedAudit(before: PolicyRow, reason: string | undefined): AuditEntry {
  return {
    organizationId: before.organization_id,
    action: 'policy.deleted',
    target: { type: 'policy', id: before.id },
    before: auditFields(before, CREATED_FIELDS),
    after: reason ? { reason } : null,
  };
}

/** An empty reason is no reason. */
function withReason(reason: string | undefined): { reason?: string } {
  return reason ? { reason } : {};
}

/** A framework imported: how many policies it added, in which mode; each policy has its own entry too. */
export function frameworkImportedAudit(
  organizationId: string,
  framework: string,
  mode: EnforcementMode,
  created: readonly PolicyRow[],
): AuditEntry {
  return {
    organizationId,
    action: 'framework.imported',
    target: { type: 'framework', id: framework },
    after: { enforcement_mode: mode, created_count: created.length },
  };
}
