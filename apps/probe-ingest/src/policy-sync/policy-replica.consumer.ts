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
import { PolicyReplicaRepository } from './policy-replica.repository';

type PoliciesTopic = typeof INTERNAL_TOPICS.policies;

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
    // Both event types of the topic carry the policy's snapshot.
    for (const { record } of records)
      await this.policies.applySnapshot(manager, record.organization_id, record.details);
  }
}
