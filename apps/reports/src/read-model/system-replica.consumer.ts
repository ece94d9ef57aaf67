import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type ConsumedEvent, ConsumeEvent, project, UnitOfWork } from '@governance/messaging';
import { SYSTEM_REPLICA_CONSUMER, SYSTEMS_REPLICA_TOPICS, SystemsReplica } from '@governance/replicas';

/**
 * Keeps the replica of systems in a group of its own: a report request for a just-created system waits
 * for this group only (read your writes), which PDF rendering behind the read model cannot hold back.
 */
@Controller()
export class SystemReplicaConsumer {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly systems: SystemsReplica,
  ) {}

  @ConsumeEvent(SYSTEMS_REPLICA_TOPICS, SYSTEM_REPLICA_CONSUMER)
  async onEvent(@Payload() event: ConsumedEvent): Promise<void> {
    await project(this.unitOfWork, this.systems, event);
  }
}
