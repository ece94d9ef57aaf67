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

/** The consumer group (`probe-ingest.system-replica`) that keeps probe_ingest.systems. */
export const SYSTEM_REPLICA_CONSUMER = 'system-replica';

type SystemsTopic = typeof INTERNAL_TOPICS.systems;

/** Keeps probe_ingest.systems in step with the systems service's announcements. */
@Controller()
export class SystemReplicaConsumer implements Projection<SystemsTopic> {
  readonly topics = [INTERNAL_TOPICS.systems] as const;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly systems: SystemReplicaRepository,
  ) {}

  @ConsumeEvent(INTERNAL_TOPICS.systems, SYSTEM_REPLICA_CONSUMER)
  async onSystemsEvent(@Payload() event: ConsumedEvent): Promise<void> {
    await project(this.unitOfWork, this, event);
  }

  async apply(manager: EntityManager, records: ReadonlyArray<ProjectedRecord<SystemsTopic>>): Promise<void> {
    for (const { record } of records)
      switch (record.event) {
        case 'system.created':
        case 'system.updated':
          await this.systems.applySnapshot(manager, record.organization_id, record.details);
          break;
        case 'system.registration_merged':
          await this.systems.merge(
            manager,
            record.organization_id,
            record.details.requested_system_id,
            record.details.system_id,
          );
          break;
      }
  }
}
