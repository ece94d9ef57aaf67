import { type AuditEntry } from '@governance/messaging';

/* What the audit trail shows of resends, recoveries and rotations: never a secret, sealed or not. */

export function deliveryResentAudit(
  organizationId: string,
  resend: { webhookId: string; originalId: string; deliveryId: string; event: string },
): AuditEntry {
  return {
    organizationId,
    action: 'delivery.resent',
    target: { type: 'delivery', id: resend.originalId },
    after: { delivery_id: resend.deliveryId, webhook_id: resend.webhookId, event: resend.event },
  };
}

export function deliveriesRecoveredAudit(
  organizationId: string,
  webhookId: string,
  recovery: { since: Date; resent: number; hasMore: boolean },
): AuditEntry {
  return {
    organizationId,
    action: 'webhook.deliveries_recovered',
    target: { type: 'webhook', id: webhookId },
    after: { since: recovery.since.toISOString(), resent: recovery.resent, has_more: recovery.hasMore },
  };
}

export function secretRotatedAudit(
  organizationId: string,
  webhookId: string,
  previousValidUntil: Date,
): AuditEntry {
  return {
    organizationId,
    action: 'webhook.secret_rotated',
    target: { type: 'webhook', id: webhookId },
    after: { previous_valid_until: previousValidUntil.toISOString() },
  };
}
