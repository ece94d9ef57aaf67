import { LiveChanges } from '@governance/persistence';
import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { INTERNAL_TOPICS, type TopicRecord } from '@governance/contracts';
import { type ConsumedEvent, ConsumeEvent, parsePayload, UnitOfWork } from '@governance/messaging';
import { counter, LOGGER, type Logger } from '@governance/platform';
import { SystemsService } from '../systems/systems.service';
import { cleanProbeHeartbeat, cleanProbeRegistered, registrationRequest } from './probe-records';
import { ProbeRepository } from './probe.repository';

const registrations = counter({
  name: 'systems_registration_requests_total',
  help: 'System registrations asked for by probe ingest, by outcome',
  labelNames: ['service', 'outcome'],
});

/** Follows probe ingest; one consumer for the topic applies events in order: a system before its probes. */
@Controller()
export class ProbeEventsConsumer {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly systems: SystemsService,
    private readonly probes: ProbeRepository,
    private readonly live: LiveChanges,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @ConsumeEvent(INTERNAL_TOPICS.probes, 'probe-events')
  async onProbeEvent(@Payload() event: ConsumedEvent): Promise<void> {
    const record = parsePayload<TopicRecord<typeof INTERNAL_TOPICS.probes>>(event);
    await this.apply(event, record);
    // Committed (or a redelivery, which costs the console one needless refetch).
    this.live.changed(record.organization_id, record.event.startsWith('probe.') ? 'probes' : 'systems');
  }

  private async apply(
    event: ConsumedEvent,
    record: TopicRecord<typeof INTERNAL_TOPICS.probes>,
  ): Promise<void> {
    const organizationId = record.organization_id;
    switch (record.event) {
      case 'system.registration_requested': {
        const request = registrationRequest(record.details);
        if (!request) return this.skip(event, 'no usable name');
        // The system's events reach the bus before this request counts as processed: probe ingest
        // waits for that, so the id it answered with is known to every service at once.
        const { result: decision } = await this.unitOfWork.runOnce(
          event,
          (tx) => this.systems.registerRequested(tx, organizationId, request, new Date()),
          { awaitPublished: true },
        );
        // Counted after commit, and not at all for a redelivery.
        if (decision) registrations.inc({ service: 'systems', outcome: decision.kind });
        return;
      }
      case 'probe.registered': {
        const probe = cleanProbeRegistered(record.details);
        await this.unitOfWork.runOnce(event, async ({ manager }) => {
          const systemId = await this.systems.resolveSystemId(manager, organizationId, probe.system_id);
          await this.probes.upsertRegistered(manager, organizationId, systemId, probe);
        });
        return;
      }
      case 'probe.heartbeat': {
        const heartbeat = cleanProbeHeartbeat(record.details);
        await this.unitOfWork.runOnce(event, ({ manager }) =>
          this.probes.applyHeartbeat(manager, organizationId, heartbeat),
        );
        return;
      }
      case 'probe.connection_changed':
        await this.unitOfWork.runOnce(event, ({ manager }) =>
          this.probes.applyConnection(manager, organizationId, record.details),
        );
        return;
    }
  }

  /** A request whose name cleans to nothing cannot make a system; it is logged and skipped. */
  private skip(event: ConsumedEvent, reason: string): void {
    this.logger.error(
      { event_id: event.eventId, event_type: event.eventType, topic: event.topic, reason },
      'skipping a registration request without a usable name',
    );
  }
}
