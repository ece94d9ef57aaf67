import { type PublicEventType } from '@governance/contracts';
import { auditChanges, type AuditEntry, auditFields } from '@governance/messaging';
import { type WebhookRow } from './webhook.repository';

/** What the trail shows of a webhook: never its signing secret, sealed or not. */
const WEBHOOK_FIELDS = ['url', 'events', 'description', 'active'] as const;

const target = (row: WebhookRow) => ({ type: 'webhook', id: row.id });

export function webhookCreatedAudit(row: WebhookRow): AuditEntry {
  return {
    organizationId: row.organization_id,
    action: 'webhook.created',
    target: target(row),
    after: auditFields(row, WEBHOOK_FIELDS),
  };
}

/** The fields an update changed; undefined when it changed none. */
export function webhookUpdatedAudit(before: WebhookRow, after: WebhookRow): AuditEntry | undefined {
  const changes = auditChanges(before, after, WEBHOOK_FIELDS);
  if (!changes.changed) return undefined;
  return {
    organizationId: after.organization_id,
    action: 'webhook.updated',
    target: target(after),
    before: changes.before,
    after: changes.after,
  };
}

export function webhookDeletedAudit(row: WebhookRow): AuditEntry {
  return {
    organizationId: row.organization_id,
    action: 'webhook.deleted',
    target: target(row),
    before: auditFields(row, WEBHOOK_FIELDS),
  };
}

/** A test event sent to the webhook's URL, and how it answered. */
export function webhookTestSentAudit(
  row: WebhookRow,
  test: { deliveryId: string; event: PublicEventType; success: boolean; statusCode: number | null },
): AuditEntry {
  return {
    organizationId: row.organization_id,
    action: 'webhook.test_sent',
    target: target(row),
    after: {
      delivery_id: test.deliveryId,
      event: test.event,
      success: test.success,
      status_code: test.statusCode,
    },
  };
}
