import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { INTERNAL_TOPICS, publicTopicFor } from '@governance/contracts';
import { type ConsumedEvent, ConsumeEvent, parsePayload, UnitOfWork } from '@governance/messaging';
import { readModelRecord } from './read-model-records';
import { ReadModelService } from './read-model.service';

/** The consumer group (`reports.system-replica`) that keeps reports.systems. */
export const SYSTEM_REPLICA_CONSUMER = 'system-replica';

/** The topics reports.systems is built from: the systems service's snapshots and the public announcement. */
export const SYSTEM_REPLICA_TOPICS: readonly string[] = [
  INTERNAL_TOPICS.systems,
  publicTopicFor('system.registered'),
];

/**
 * Keeps the replica of systems in a group of its own: a report request for a just-created system waits
 * for this group only (read your writes), which PDF rendering behind the read model cannot hold back.
 */
@Controller()
export class SystemReplicaConsumer {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly readModel: ReadModelService,
  ) {}

  @ConsumeEvent(SYSTEM_REPLICA_TOPICS, SYSTEM_REPLICA_CONSUMER)
  async onEvent(@Payload() event: ConsumedEvent): Promise<void> {
    const record = readModelRecord(
      event.topic === INTERNAL_TOPICS.systems ? 'systems' : 'public',
      parsePayload(event),
    );
    await this.unitOfWork.runOnce(event, (tx) => this.readModel.apply(tx.manager, record));
  }
}
