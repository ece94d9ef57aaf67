import { LiveChanges } from '@governance/persistence';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { newUuidV7, PUBLIC_TOPICS, type PublicEventRecord, toEventPayload } from '@governance/contracts';
import { type ConsumedEvent, ConsumeEvent, parsePayload, UnitOfWork } from '@governance/messaging';
import { currentTraceparent } from '@governance/platform';
import { DeliveryRepository } from './delivery.repository';
import { WebhookRepository } from '../webhooks/webhook.repository';
import { DeliveryWorker } from './delivery-worker';

/**
 * Turns each public event into one pending delivery per active webhook of its organization that
 * subscribes to its type, in the same transaction that marks the event processed.
 */
@Controller()
export class EventFanoutConsumer {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly webhooks: WebhookRepository,
    private readonly deliveries: DeliveryRepository,
    private readonly worker: DeliveryWorker,
    private readonly live: LiveChanges,
  ) {}

  @ConsumeEvent(PUBLIC_TOPICS, 'dispatcher')
  async onPublicEvent(@Payload() event: ConsumedEvent): Promise<void> {
    // The bus checked the record against its topic's contract (EventBusServer) before this runs.
    const record = parsePayload<PublicEventRecord>(event);
    const { processed, result: fannedOut } = await this.unitOfWork.runOnce(event, async ({ manager }) => {
      const subscribers = await this.webhooks.findSubscribed(manager, record.organization_id, record.event);
      const payload = JSON.stringify(toEventPayload(record));
      // The consumer span of this event: every attempt of these deliveries continues its trace.
      const traceParent = currentTraceparent();
      await this.deliveries.insertPending(
        manager,
        subscribers.map((webhook) => ({
          id: newUuidV7(),
          organizationId: record.organization_id,
          webhookId: webhook.id,
          eventId: record.id,
          eventType: record.event,
          payload,
          traceParent,
        })),
      );
      return subscribers.length;
    });
    if (processed && fannedOut) {
      this.worker.wake();
      this.live.changed(record.organization_id, 'deliveries');
    }
  }
}
