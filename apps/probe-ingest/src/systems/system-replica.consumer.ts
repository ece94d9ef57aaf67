import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { INTERNAL_TOPICS, type SystemsEventRecord } from '@governance/contracts';
import { type ConsumedEvent, ConsumeEvent, parsePayload, UnitOfWork } from '@governance/messaging';
import { LOGGER, type Logger } from '@governance/platform';
import { SystemReplicaRepository } from './system-replica.repository';

/** The consumer group (`probe-ingest.system-replica`) that keeps probe_ingest.systems. */
export const SYSTEM_REPLICA_CONSUMER = 'system-replica';

/** Keeps probe_ingest.systems in step with the systems service's announcements. */
@Controller()
export class SystemReplicaConsumer {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly systems: SystemReplicaRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @ConsumeEvent(INTERNAL_TOPICS.systems, SYSTEM_REPLICA_CONSUMER)
  async onSystemsEvent(@Payload() event: ConsumedEvent): Promise<void> {
    let record: SystemsEventRecord;
    try {
      record = parsePayload<SystemsEventRecord>(event);
    } catch {
      // Throwing would redeliver an unreadable record forever and block the partition behind it.
      this.logger.error({ event_id: event.eventId }, 'skipping a systems event that is not JSON');
      return;
    }
    await this.unitOfWork.runOnce(event, async ({ manager }) => {
      switch (record.event) {
        case 'system.created':
        case 'system.updated':
          return this.systems.applySnapshot(manager, record.organization_id, record.details);
        case 'system.registration_merged':
          await this.systems.merge(
            manager,
            record.organization_id,
            record.details.requested_system_id,
            record.details.system_id,
          );
          return;
      }
    });
  }
}
