import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type ConsumedEvent, ConsumeEvent, projectEach, UnitOfWork } from '@governance/messaging';
import { LiveChanges } from '@governance/persistence';
import { PROJECTED_TOPICS, ProjectionService } from './projection.service';

/** The one consumer name of the dashboard: its group is `dashboard.projection`. */
export const PROJECTION_CONSUMER = 'projection';

/**
 * Builds the read model: one group over every projected topic, so a replay walks the log in the order live
 * consumption did. A batch's writes commit with its processed-event marks; batches keep replays fast.
 */
@Controller()
export class ProjectionConsumer {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly projection: ProjectionService,
    private readonly live: LiveChanges,
  ) {}

  @ConsumeEvent(PROJECTED_TOPICS, PROJECTION_CONSUMER, { batch: true })
  async onEvents(@Payload() events: ConsumedEvent[]): Promise<void> {
    const touched = await projectEach(this.unitOfWork, this.projection, events);
    for (const organizationId of touched ?? []) this.live.changed(organizationId, 'activity');
  }
}
