import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { INTERNAL_TOPICS } from '@governance/contracts';
import { type ConsumedEvent, ConsumeEvent, UnitOfWork } from '@governance/messaging';
import { LOGGER, type Logger } from '@governance/platform';
import { ShadowDiscoveryService } from '../discovery/shadow-discovery.service';
import { DriftService } from './drift.service';
import { readTelemetryEvent } from './telemetry-event';

/**
 * The one consumer of telemetry.received in this service: shadow-AI discovery, then drift detection, in
 * one transaction per batch. One handler, not two: Nest chains every handler of a topic behind the
 * first, so a second @ConsumeEvent on this topic would also run inside this group's delivery and race it
 * for the same processed-event key.
 */
@Controller()
export class TelemetryDriftConsumer {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly discovery: ShadowDiscoveryService,
    private readonly drift: DriftService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @ConsumeEvent(INTERNAL_TOPICS.telemetry, 'drift')
  async onTelemetry(@Payload() event: ConsumedEvent): Promise<void> {
    const record = readTelemetryEvent(event);
    if (!record) {
      if (event.eventType === 'telemetry.received')
        this.logger.error({ event_id: event.eventId }, 'skipping a telemetry event that is not well-formed');
      return;
    }
    await this.unitOfWork.runOnce(event, async (tx) => {
      // Discovery first, so a drift of a system discovered in this very batch is announced by its name.
      await this.discovery.observeBatch(tx, record.organization_id, record.details);
      await this.drift.observeBatch(tx, record.organization_id, record.details);
    });
  }
}
