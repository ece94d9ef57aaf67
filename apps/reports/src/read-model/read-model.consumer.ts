import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type ConsumedEvent, ConsumeEvent, project, UnitOfWork } from '@governance/messaging';
import { ReportWorker } from '../reports/report-worker';
import { READ_MODEL_CONSUMER, READ_MODEL_TOPICS, ReadModelService } from './read-model.service';

/**
 * Builds the read model reports are made from. Each event's writes (and the automatic report an
 * assessment.complete queues) commit with its processed-event mark, so a redelivery changes nothing.
 */
@Controller()
export class ReadModelConsumer {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly readModel: ReadModelService,
    private readonly worker: ReportWorker,
  ) {}

  @ConsumeEvent(READ_MODEL_TOPICS, READ_MODEL_CONSUMER)
  async onEvent(@Payload() event: ConsumedEvent): Promise<void> {
    const applied = await project(this.unitOfWork, this.readModel, event);
    // A new automatic report, or the finding that completes one, is worth a look before the next poll.
    if (applied?.mayReleaseReport) this.worker.wake();
  }
}
