import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { INTERNAL_TOPICS, type SystemSnapshot } from '@governance/contracts';
import {
  type ConsumedEvent,
  ConsumeEvent,
  type ProjectedRecord,
  type Projection,
  project,
  UnitOfWork,
} from '@governance/messaging';
import { type EntityManager } from 'typeorm';

/** The consumer group (`<service>.system-replica`) that keeps a service's replica of systems. */
export const SYSTEM_REPLICA_CONSUMER = 'system-replica';

/** Where a service keeps the systems service's snapshots; every call runs in the consumer's transaction. */
export interface SystemSnapshotStore {
  /** Keeps `snapshot` unless the replica holds a newer one. */
  applySnapshot(manager: EntityManager, organizationId: string, snapshot: SystemSnapshot): Promise<void>;
  /** `system.registration_merged`: `requestedSystemId` now stands for `systemId`. Unset: nothing follows. */
  merge?(
    manager: EntityManager,
    organizationId: string,
    requestedSystemId: string,
    systemId: string,
  ): Promise<unknown>;
}

/** The provider the consumer writes to: each service binds its own replica repository. */
export const SYSTEM_SNAPSHOT_STORE = Symbol('SYSTEM_SNAPSHOT_STORE');

type SystemsTopic = typeof INTERNAL_TOPICS.systems;

/** Keeps a service's replica of systems (its SYSTEM_SNAPSHOT_STORE) in step with the systems service. */
@Controller()
export class SystemSnapshotsConsumer implements Projection<SystemsTopic> {
  readonly topics = [INTERNAL_TOPICS.systems] as const;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    @Inject(SYSTEM_SNAPSHOT_STORE) private readonly store: SystemSnapshotStore,
  ) {}

  @ConsumeEvent(INTERNAL_TOPICS.systems, SYSTEM_REPLICA_CONSUMER)
  async onSystemsEvent(@Payload() event: ConsumedEvent): Promise<void> {
    await project(this.unitOfWork, this, event);
  }

  async apply(manager: EntityManager, records: ReadonlyArray<ProjectedRecord<SystemsTopic>>): Promise<void> {
    for (const { record } of records)
      if (record.event === 'system.registration_merged') {
        const { requested_system_id: requested, system_id: systemId } = record.details;
        await this.store.merge?.(manager, record.organization_id, requested, systemId);
      } else await this.store.applySnapshot(manager, record.organization_id, record.details);
  }
}
