import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { INTERNAL_TOPICS } from '@governance/contracts';
import {
  type ConsumedEvent,
  ConsumeEvent,
  type ProjectedRecord,
  type Projection,
  project,
  UnitOfWork,
} from '@governance/messaging';
import { type EntityManager } from 'typeorm';
import { SystemReplicaRepository } from './system-replica.repository';

/** The consumer group (`assess.system-replica`) that keeps the systems replica. */
export const SYSTEM_REPLICA_CONSUMER = 'system-replica';

type SystemsTopic = typeof INTERNAL_TOPICS.systems;

/** Keeps the replica of the systems inventory: which systems exist in which organization, and their names. */
@Controller()
export class SystemReplicaConsumer implements Projection<SystemsTopic> {
  readonly topics = [INTERNAL_TOPICS.systems] as const;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly systems: SystemReplicaRepository,
  ) {}

  @ConsumeEvent(INTERNAL_TOPICS.systems, SYSTEM_REPLICA_CONSUMER)
  async onSystemEvent(@Payload() event: ConsumedEvent): Promise<void> {
    await project(this.unitOfWork, this, event);
  }

  async apply(manager: EntityManager, records: ReadonlyArray<ProjectedRecord<SystemsTopic>>): Promise<void> {
    for (const { record } of records)
      if (record.event === 'system.created' || record.event === 'system.updated')
        await this.systems.upsert(manager, record.organization_id, record.details);
  }
}
