import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { INTERNAL_TOPICS, type PolicyEventRecord } from '@governance/contracts';
import {
  type ConsumedEvent,
  ConsumeEvent,
  type ProjectedRecord,
  type Projection,
  project,
  UnitOfWork,
} from '@governance/messaging';
import { type EntityManager } from 'typeorm';
import { PolicyReplicaRepository, type ReplicaStatus } from './policy-replica.repository';

type PoliciesTopic = typeof INTERNAL_TOPICS.policies;

/** A deleted policy becomes a tombstone: kept at its last version so no older snapshot revives it. */
export function replicaStatus(record: PolicyEventRecord): ReplicaStatus {
  return record.event === 'policy.deleted' ? 'deleted' : record.details.status;
}

/** Keeps probe_ingest.policies in step with the policies service's snapshots: policy-sync serves it. */
@Controller()
export class PolicyReplicaConsumer implements Projection<PoliciesTopic> {
  readonly topics = [INTERNAL_TOPICS.policies] as const;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly policies: PolicyReplicaRepository,
  ) {}

  @ConsumeEvent(INTERNAL_TOPICS.policies, 'policy-replica')
  async onPolicyEvent(@Payload() event: ConsumedEvent): Promise<void> {
    await project(this.unitOfWork, this, event);
  }

  async apply(manager: EntityManager, records: ReadonlyArray<ProjectedRecord<PoliciesTopic>>): Promise<void> {
    // Every event type of the topic carries the policy's snapshot.
    for (const { record } of records)
      await this.policies.applySnapshot(
        manager,
        record.organization_id,
        record.details,
        replicaStatus(record),
      );
  }
}
