import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { PUBLIC_TOPICS } from '@governance/contracts';
import { type ConsumedEvent, ConsumeEvent, parsePayload, UnitOfWork } from '@governance/messaging';
import { ReportWorker } from '../reports/report-worker';
import { readModelRecord } from './read-model-records';
import { ReadModelService } from './read-model.service';
import { SYSTEM_REPLICA_TOPICS } from './system-replica.consumer';

/** The consumer of findings, assessments and incidents: its group is `reports.read-model`. */
export const READ_MODEL_CONSUMER = 'read-model';

/** The topics of the read model but its systems, which SystemReplicaConsumer keeps. */
export const READ_MODEL_TOPICS: readonly string[] = PUBLIC_TOPICS.filter(
  (topic) => !SYSTEM_REPLICA_TOPICS.includes(topic),
);

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
    const record = readModelRecord('public', parsePayload(event));
    const { result } = await this.unitOfWork.runOnce(event, (tx) => this.readModel.apply(tx.manager, record));
    // A new automatic report, or the finding that completes one, is worth a look before the next poll.
    if (result?.mayReleaseReport) this.worker.wake();
  }
}
