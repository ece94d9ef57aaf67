import { counter } from '@governance/platform';
import { type EventTransport } from './event-transport';
import { countByEventType, type OutboxMessage } from './outbox-message';

const publishedDirectly = counter({
  name: 'events_published_directly_total',
  help: 'Records published straight to the bus, without an outbox, by event type',
  labelNames: ['service', 'event_type'],
});

/**
 * Publishes records straight to the bus, skipping the outbox and its relay: only for a record that is
 * itself the whole change (a telemetry batch), so no state has to commit with it. Resolves once the bus
 * holds the records durably (acknowledged by every in-sync Kafka replica, or committed to the Postgres
 * event log); rejects when it could not, and then nothing can be assumed stored.
 */
export class DirectPublisher {
  constructor(
    private readonly transport: EventTransport,
    private readonly service: string,
  ) {}

  async publish(messages: OutboxMessage[]): Promise<void> {
    await this.transport.publish(messages);
    for (const [eventType, count] of countByEventType(messages))
      publishedDirectly.inc({ service: this.service, event_type: eventType }, count);
  }
}
