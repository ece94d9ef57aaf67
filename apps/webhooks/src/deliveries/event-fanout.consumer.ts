import { LiveChanges } from '@governance/persistence';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { newUuidV7, PUBLIC_TOPICS, type PublicEventRecord, toEventPayload } from '@governance/contracts';
import { type ConsumedEvent, ConsumeEvent, parsePayload, UnitOfWork } from '@governance/messaging';
import { currentTraceparent } from '@governance/platform';
import { DeliveryRepository, type NewDelivery } from './delivery.repository';
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

  /**
   * Takes the events the bus has ready at once: one transaction makes every delivery of the batch and
   * marks its events processed, and a batch looks up each (organization, event type)'s subscribers once.
   */
  @ConsumeEvent(PUBLIC_TOPICS, 'dispatcher', { batch: true })
  async onPublicEvents(@Payload() events: ConsumedEvent[]): Promise<void> {
    // The bus checked each record against its topic's contract (EventBusServer) before this runs.
    const { result: fannedOut } = await this.unitOfWork.runOnceEach(events, async ({ manager }, fresh) => {
      const subscribers = new Map<string, Array<{ id: string }>>();
      const organizations = new Set<string>();
      const pending: NewDelivery[] = [];
      for (const event of fresh) {
        const record = parsePayload<PublicEventRecord>(event);
        const key = `${record.organization_id}/${record.event}`;
        let webhooks = subscribers.get(key);
        if (!webhooks) {
          webhooks = await this.webhooks.findSubscribed(manager, record.organization_id, record.event);
          subscribers.set(key, webhooks);
        }
        if (webhooks.length === 0) continue;
        organizations.add(record.organization_id);
        const payload = JSON.stringify(toEventPayload(record));
        // Every attempt of these deliveries continues the trace its event came with: under the batch's
        // consumer span for the first event (the bus's span is its child), under its own producer's for
        // the others, which that span links.
        const traceParent =
          event === fresh[0] && event === events[0]
            ? currentTraceparent()
            : (event.headers.traceparent ?? currentTraceparent());
        for (const webhook of webhooks)
          pending.push({
            id: newUuidV7(),
            organizationId: record.organization_id,
            webhookId: webhook.id,
            eventId: record.id,
            eventType: record.event,
            payload,
            traceParent,
          });
      }
      await this.deliveries.insertPending(manager, pending);
      return organizations;
    });
    if (!fannedOut || fannedOut.size === 0) return;
    this.worker.wake();
    for (const organizationId of fannedOut) this.live.changed(organizationId, 'deliveries');
  }
}
