import { LiveChanges } from '@governance/persistence';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { newUuidV7, PUBLIC_TOPICS, type PublicEventRecord, toEventPayload } from '@governance/contracts';
import { type ConsumedEvent, ConsumeEvent, parsePayload } from '@governance/messaging';
import { currentTraceparent } from '@governance/platform';
import { type ClaimedAttempt, DeliveryQueueRepository, type NewDelivery } from './delivery-queue.repository';
import { subscriptionKey, WebhookRepository } from '../webhooks/webhook.repository';
import { DeliveryWorker } from './delivery-worker';

/**
 * Turns each public event into one pending delivery per active webhook of its organization that
 * subscribes to its type, in the same statement that marks the event processed. As many as this
 * process's dispatcher has room for are created leased to it and handed to it once they commit, so their
 * first attempt needs no claim; a crash before they are sent leaves them to a claim when the lease ends.
 */
@Controller()
export class EventFanoutConsumer {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly deliveries: DeliveryQueueRepository,
    private readonly worker: DeliveryWorker,
    private readonly live: LiveChanges,
  ) {}

  /**
   * Takes the events the bus has ready at once, in two statements whatever their number: one looks up
   * the subscribers of every (organization, event type) of the batch, and one marks the events processed
   * and makes the deliveries of those not processed before. Each is a commit the event's path waits on.
   */
  @ConsumeEvent(PUBLIC_TOPICS, 'dispatcher', { batch: true })
  async onPublicEvents(@Payload() events: ConsumedEvent[]): Promise<void> {
    // The bus checked each record against its topic's contract (EventBusServer) before this runs.
    // An event repeated within the batch is made into deliveries once.
    const unique = uniqueBy(events, (event) => event.eventId.toLowerCase());
    const records = unique.map((event) => parsePayload<PublicEventRecord>(event));
    const subscribers = await this.webhooks.findSubscribers(
      uniqueBy(records, (record) => subscriptionKey(record.organization_id, record.event)).map((record) => ({
        organizationId: record.organization_id,
        event: record.event,
      })),
    );
    const pending = deliveriesOf(unique, records, subscribers);
    const handOff = this.worker.reserve(pending.length);
    let leased: ClaimedAttempt[] = [];
    try {
      const fanned = await this.deliveries.fanOut(unique, pending, {
        count: handOff.places,
        leaseMs: handOff.leaseMs,
      });
      leased = fanned.leased;
      const made = pending.filter((delivery) => fanned.fresh.has(delivery.eventId.toLowerCase()));
      const organizations = new Set(made.map((delivery) => delivery.organizationId));
      if (organizations.size === 0) return;
      if (made.length > handOff.places) this.worker.wake();
      for (const organizationId of organizations) this.live.changed(organizationId, 'deliveries');
    } finally {
      // Only now is the leased deliveries' creation committed; a failed statement hands over none.
      this.worker.handOver(handOff, leased);
    }
  }
}

/** The first item of each key, in order. */
function uniqueBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const item of items) if (!seen.has(key(item))) seen.set(key(item), item);
  return [...seen.values()];
}

/** One delivery per event and active webhook of its organization subscribed to its type. */
function deliveriesOf(
  events: ConsumedEvent[],
  records: PublicEventRecord[],
  subscribers: ReadonlyMap<string, readonly string[]>,
): NewDelivery[] {
  const pending: NewDelivery[] = [];
  records.forEach((record, index) => {
    const webhookIds = subscribers.get(subscriptionKey(record.organization_id, record.event));
    if (!webhookIds) return;
    const payload = JSON.stringify(toEventPayload(record));
    // Every attempt of these deliveries continues the trace its event came with: under the batch's
    // consumer span for the first event (the bus's span is its child), under its own producer's for
    // the others, which that span links.
    const traceParent =
      index === 0 ? currentTraceparent() : (events[index]!.headers.traceparent ?? currentTraceparent());
    for (const webhookId of webhookIds)
      pending.push({
        id: newUuidV7(),
        organizationId: record.organization_id,
        webhookId,
        eventId: record.id,
        eventType: record.event,
        payload,
        traceParent,
      });
  });
  return pending;
}
