import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  isPublicEventType,
  newUuidV7,
  PUBLIC_TOPICS,
  type PublicEventRecord,
  toEventPayload,
} from '@governance/contracts';
import { type ConsumedEvent, ConsumeEvent, parsePayload, UnitOfWork } from '@governance/messaging';
import { currentTraceparent, LOGGER, type Logger } from '@governance/platform';
import { DeliveryRepository } from './delivery.repository';
import { WebhookRepository } from '../webhooks/webhook.repository';
import { DeliveryWorker } from './delivery-worker';

function isPublicEventRecord(value: unknown): value is PublicEventRecord {
  const record = value as Partial<PublicEventRecord> | null;
  return (
    typeof record === 'object' &&
    record !== null &&
    typeof record.id === 'string' &&
    typeof record.organization_id === 'string' &&
    isPublicEventType(record.event) &&
    typeof record.timestamp === 'string' &&
    typeof record.details === 'object'
  );
}

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
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @ConsumeEvent(PUBLIC_TOPICS, 'dispatcher')
  async onPublicEvent(@Payload() event: ConsumedEvent): Promise<void> {
    let record: unknown;
    try {
      record = parsePayload(event);
    } catch {
      record = undefined;
    }
    if (!isPublicEventRecord(record)) {
      // A record we cannot read would block its partition forever if we threw; it is logged and skipped.
      this.logger.error(
        { event_id: event.eventId, topic: event.topic },
        'skipping a public event that is not well-formed',
      );
      return;
    }
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
    if (processed && fannedOut) this.worker.wake();
  }
}
