import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { INTERNAL_TOPICS, PUBLIC_TOPICS } from '@governance/contracts';
import { type ConsumedEvent, ConsumeEvent, parsePayload, UnitOfWork } from '@governance/messaging';
import { projectionRecord, type ProjectionRecord, type ProjectionSource } from './projection-records';
import { ProjectionService } from './projection.service';

/** The one consumer name of the dashboard: its group is `dashboard.projection`. */
export const PROJECTION_CONSUMER = 'projection';

/** Every topic the read model is built from. */
export const PROJECTED_TOPICS: readonly string[] = [
  ...PUBLIC_TOPICS,
  INTERNAL_TOPICS.systems,
  INTERNAL_TOPICS.probes,
  INTERNAL_TOPICS.policies,
];

function sourceOf(topic: string): ProjectionSource {
  if (topic === INTERNAL_TOPICS.systems) return 'systems';
  if (topic === INTERNAL_TOPICS.probes) return 'probes';
  if (topic === INTERNAL_TOPICS.policies) return 'policies';
  return 'public';
}

/**
 * Builds the read model. One consumer group over all projected topics: on the event log it applies events
 * in log order, so a replay from position 0 walks exactly the order live consumption did. A batch's writes
 * and its processed-event marks commit together, so a redelivery changes nothing. Batches, because one
 * transaction per event held a replay of a big organization to about a thousand events a second.
 */
@Controller()
export class ProjectionConsumer {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly projection: ProjectionService,
  ) {}

  @ConsumeEvent(PROJECTED_TOPICS, PROJECTION_CONSUMER, { batch: true })
  async onEvents(@Payload() events: ConsumedEvent[]): Promise<void> {
    const records = new Map<ConsumedEvent, ProjectionRecord>();
    for (const event of events) {
      const record = projectionRecord(sourceOf(event.topic), parsePayload(event));
      if (record) records.set(event, record);
    }
    await this.unitOfWork.runOnceEach([...records.keys()], (tx, fresh) =>
      this.projection.applyBatch(
        tx.manager,
        fresh.map((event) => records.get(event)!),
      ),
    );
  }
}
