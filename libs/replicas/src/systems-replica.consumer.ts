import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type ConsumedEvent, ConsumeEvent, project, UnitOfWork } from '@governance/messaging';
import { SYSTEM_REPLICA_CONSUMER } from './system-snapshots.consumer';
import { SYSTEMS_REPLICA_TOPICS, SystemsReplica } from './systems-replica';

/**
 * Keeps a service's SystemsReplica (its provider) in a group of its own: a request about a just-created
 * system waits for this group only (read your writes), which slower consumers cannot hold back.
 */
@Controller()
export class SystemsReplicaConsumer {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly systems: SystemsReplica,
  ) {}

  @ConsumeEvent(SYSTEMS_REPLICA_TOPICS, SYSTEM_REPLICA_CONSUMER)
  async onEvent(@Payload() event: ConsumedEvent): Promise<void> {
    await project(this.unitOfWork, this.systems, event);
  }
}
