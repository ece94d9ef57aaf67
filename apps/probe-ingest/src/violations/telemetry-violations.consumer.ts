import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { INTERNAL_TOPICS, type TelemetryEventRecord } from '@governance/contracts';
import { type ConsumedEvent, ConsumeEvent, parsePayload, UnitOfWork } from '@governance/messaging';
import { ViolationsService } from './violations.service';

/**
 * Policy evaluation of telemetry.received, off the HTTP path. Its own consumer group, so drift and
 * violations each keep their position and see every batch.
 */
@Controller()
export class TelemetryViolationsConsumer {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly violations: ViolationsService,
  ) {}

  @ConsumeEvent(INTERNAL_TOPICS.telemetry, 'violations', { batch: true })
  async onTelemetry(@Payload() events: ConsumedEvent[]): Promise<void> {
    // The bus checked each record against the telemetry topic's contract before this runs.
    await this.unitOfWork.runOnceEach(events, (tx, fresh) =>
      this.violations.evaluateBatches(
        tx,
        fresh.map((event) => parsePayload<TelemetryEventRecord>(event)),
      ),
    );
  }
}
