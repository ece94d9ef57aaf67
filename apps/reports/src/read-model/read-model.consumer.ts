import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { INTERNAL_TOPICS, PUBLIC_TOPICS } from '@governance/contracts';
import { type ConsumedEvent, ConsumeEvent, parsePayload, UnitOfWork } from '@governance/messaging';
import { ReportWorker } from '../reports/report-worker';
import { readModelRecord } from './read-model-records';
import { ReadModelService } from './read-model.service';

/** The one consumer name of the reports service: its group is `reports.read-model`. */
export const READ_MODEL_CONSUMER = 'read-model';

/** Every topic the read model is built from. */
export const READ_MODEL_TOPICS: readonly string[] = [...PUBLIC_TOPICS, INTERNAL_TOPICS.systems];

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
    const record = readModelRecord(
      event.topic === INTERNAL_TOPICS.systems ? 'systems' : 'public',
      parsePayload(event),
    );
    const { result } = await this.unitOfWork.runOnce(event, (tx) => this.readModel.apply(tx.manager, record));
    // A new automatic report, or the finding that completes one, is worth a look before the next poll.
    if (result?.mayReleaseReport) this.worker.wake();
  }
}
