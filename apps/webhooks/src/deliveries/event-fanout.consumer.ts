import { LiveChanges } from '@governance/persistence';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { newUuidV7, PUBLIC_TOPICS, type PublicEventRecord, toEventPayload } from '@governance/contracts';
import { type ConsumedEvent, ConsumeEvent, parsePayload, UnitOfWork } from '@governance/messaging';
import { currentTraceparent } from '@governance/platform';
import { type EntityManager } from 'typeorm';
import { type ClaimedAttempt, DeliveryRepository, type NewDelivery } from './delivery.repository';
import { WebhookRepository } from '../webhooks/webhook.repository';
import { type DeliveryHandOff, DeliveryWorker } from './delivery-worker';

/**
 * Turns each public event into one pending delivery per active webhook of its organization that
 * subscribes to its type, in the same transaction that marks the event processed. As many as this
 * process's dispatcher has room for are created leased to it and handed to it once they commit, so their
 * first attempt needs no claim; a crash before they are sent leaves them to a claim when the lease ends.
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
    let handOff: DeliveryHandOff | undefined;
    let leased: ClaimedAttempt[] = [];
    try {
      const { result } = await this.unitOfWork.runOnceEach(events, async ({ manager }, fresh) => {
        const pending = await this.deliveriesOf(manager, events, fresh);
        handOff = this.worker.reserve(pending.length);
        return {
          organizations: new Set(pending.map((delivery) => delivery.organizationId)),
          leased: await this.deliveries.insertPending(manager, pending, {
            count: handOff.places,
            leaseMs: handOff.leaseMs,
          }),
          due: pending.length > handOff.places,
        };
      });
      if (!result || result.organizations.size === 0) return;
      leased = result.leased;
      if (result.due) this.worker.wake();
      for (const organizationId of result.organizations) this.live.changed(organizationId, 'deliveries');
    } finally {
      // Only now is the leased deliveries' creation committed; a rollback hands over none.
      if (handOff) this.worker.handOver(handOff, leased);
    }
  }

  /** One delivery per event of `fresh` and active webhook of its organization subscribed to its type. */
  private async deliveriesOf(
    manager: EntityManager,
    events: ConsumedEvent[],
    fresh: ConsumedEvent[],
  ): Promise<NewDelivery[]> {
    const subscribers = new Map<string, Array<{ id: string }>>();
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
    return pending;
  }
}
