import { Injectable } from '@nestjs/common';
import { INTERNAL_TOPICS, PUBLIC_TOPICS } from '@governance/contracts';
import { type ProjectedRecord, type Projection } from '@governance/messaging';
import { SystemsReplica } from '@governance/replicas';
import { type EntityManager } from 'typeorm';
import { foldBatch } from './batch-changes';
import { ProjectionRepository } from './projection.repository';

/** Every topic the read model is built from. */
export const PROJECTED_TOPICS = [
  ...PUBLIC_TOPICS,
  INTERNAL_TOPICS.systems,
  INTERNAL_TOPICS.probes,
  INTERNAL_TOPICS.policies,
] as const;

export type ProjectedTopic = (typeof PROJECTED_TOPICS)[number];

/**
 * Applies batches of events to the read model; the consumer owns the transaction. A batch is folded into
 * one change per row (foldBatch), and every write is order-tolerant, so a replay from the start ends
 * where live consumption did, however it is batched.
 */
@Injectable()
export class ProjectionService implements Projection<ProjectedTopic, string[]> {
  readonly topics = PROJECTED_TOPICS;

  constructor(
    private readonly repository: ProjectionRepository,
    private readonly systems: SystemsReplica,
  ) {}

  /** Applies a batch; answers the organizations it touched, whose consoles hear of it once committed. */
  async apply(
    manager: EntityManager,
    inputs: ReadonlyArray<ProjectedRecord<ProjectedTopic>>,
  ): Promise<string[]> {
    const changes = foldBatch(inputs);
    if (changes.systems.length > 0) await this.systems.apply(manager, changes.systems);
    await this.repository.applyChanges(manager, changes);
    return [...changes.organizations.keys()];
  }
}
