import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { INTERNAL_TOPICS } from '@governance/contracts';
import { type ConsumedEvent, ConsumeEvent, parsePayload, UnitOfWork } from '@governance/messaging';
import { LOGGER, type Logger } from '@governance/platform';
import { replicatedSystem } from './system-replica';
import { SystemReplicaRepository } from './system-replica.repository';

/** The consumer group (`assess.system-replica`) that keeps the systems replica. */
export const SYSTEM_REPLICA_CONSUMER = 'system-replica';

/** Keeps the replica of the systems inventory: which systems exist in which organization, and their names. */
@Controller()
export class SystemReplicaConsumer {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly systems: SystemReplicaRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @ConsumeEvent(INTERNAL_TOPICS.systems, SYSTEM_REPLICA_CONSUMER)
  async onSystemEvent(@Payload() event: ConsumedEvent): Promise<void> {
    if (event.eventType !== 'system.created' && event.eventType !== 'system.updated') return;
    let parsed: unknown;
    try {
      parsed = parsePayload(event);
    } catch {
      parsed = undefined;
    }
    const system = replicatedSystem(parsed);
    if (!system) {
      this.logger.error(
        { event_id: event.eventId, event_type: event.eventType, topic: event.topic },
        'skipping a systems event that is not well-formed',
      );
      return;
    }
    await this.unitOfWork.runOnce(event, (tx) => this.systems.upsert(tx.manager, system));
  }
}
