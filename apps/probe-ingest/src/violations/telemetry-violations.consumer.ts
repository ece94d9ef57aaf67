import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { INTERNAL_TOPICS, type TelemetryEventRecord } from '@governance/contracts';
import { type ConsumedEvent, ConsumeEvent, UnitOfWork } from '@governance/messaging';
import { LOGGER, type Logger } from '@governance/platform';
import { readTelemetryEvent } from '../drift/telemetry-event';
import { ViolationsService } from './violations.service';

/**
 * Policy evaluation of telemetry.received, off the HTTP path: the request only makes the batch durable.
 * Its own consumer group, so drift and violations each keep their position and see every batch; the
 * bus server runs only this group's handler for its records.
 */
@Controller()
export class TelemetryViolationsConsumer {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly violations: ViolationsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @ConsumeEvent(INTERNAL_TOPICS.telemetry, 'violations', { batch: true })
  async onTelemetry(@Payload() events: ConsumedEvent[]): Promise<void> {
    const records = new Map<ConsumedEvent, TelemetryEventRecord>();
    for (const event of events) {
      const record = readTelemetryEvent(event);
      if (record) records.set(event, record);
      else if (event.eventType === 'telemetry.received')
        this.logger.error({ event_id: event.eventId }, 'skipping a telemetry event that is not well-formed');
    }
    await this.unitOfWork.runOnceEach([...records.keys()], (tx, fresh) =>
      this.violations.evaluateBatches(
        tx,
        fresh.map((event) => records.get(event)!),
      ),
    );
  }
}
