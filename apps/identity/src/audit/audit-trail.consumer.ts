import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type AuditEventRecord, INTERNAL_TOPICS } from '@governance/contracts';
import { type ConsumedEvent, ConsumeEvent, parsePayload, UnitOfWork } from '@governance/messaging';
import { AuditRepository } from './audit.repository';
import { AuditTrailService } from './audit-trail.service';

/** The consumer group (`identity.audit-trail`) that keeps the trail from every service's audit events. */
export const AUDIT_TRAIL_CONSUMER = 'audit-trail';

/** Every service's changes and key uses, as identity keeps them: the trail, and each key's last use. */
@Controller()
export class AuditTrailConsumer {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly trail: AuditTrailService,
    private readonly entries: AuditRepository,
  ) {}

  @ConsumeEvent(INTERNAL_TOPICS.audit, AUDIT_TRAIL_CONSUMER)
  async onAuditEvent(@Payload() event: ConsumedEvent): Promise<void> {
    const record = parsePayload<AuditEventRecord>(event);
    switch (record.event) {
      case 'audit.recorded':
        // Chained once however often it is delivered: its processed mark commits with the entry.
        await this.unitOfWork.runOnce(event, ({ manager }) => this.trail.append(manager, record));
        return;
      case 'api_key.used':
        // Idempotent by itself: the latest use wins, whatever the order of delivery.
        await this.entries.recordKeyUse(
          record.organization_id,
          record.details.key_id,
          record.details.used_at,
        );
        return;
    }
  }
}
