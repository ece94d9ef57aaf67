import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { INTERNAL_TOPICS } from '@governance/contracts';
import {
  type ConsumedEvent,
  ConsumeEvent,
  parsePayload,
  type RunOptions,
  type Transaction,
  UnitOfWork,
} from '@governance/messaging';
import { counter, LOGGER, type Logger } from '@governance/platform';
import { SystemsService } from '../systems/systems.service';
import {
  type Checked,
  checkConnectionChanged,
  checkProbeEventRecord,
  checkProbeHeartbeat,
  checkProbeRegistered,
  checkRegistrationRequest,
} from './probe-records';
import { ProbeRepository } from './probe.repository';

const registrations = counter({
  name: 'systems_registration_requests_total',
  help: 'System registrations asked for by probe ingest, by outcome',
  labelNames: ['service', 'outcome'],
});

/**
 * Keeps the inventory and the probe replica in step with probe ingest. One consumer for the whole topic,
 * so one organization's events apply in the order they were published: a system before its probes.
 */
@Controller()
export class ProbeEventsConsumer {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly systems: SystemsService,
    private readonly probes: ProbeRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @ConsumeEvent(INTERNAL_TOPICS.probes, 'probe-events')
  async onProbeEvent(@Payload() event: ConsumedEvent): Promise<void> {
    let parsed: unknown;
    try {
      parsed = parsePayload(event);
    } catch {
      parsed = undefined;
    }
    const checked = checkProbeEventRecord(parsed);
    if (!checked.ok) return this.skip(event, checked.reason);
    const record = checked.value;
    switch (record.event) {
      case 'system.registration_requested': {
        // The system's events reach the bus before this request counts as processed: probe ingest
        // waits for that, so the id it answered with is known to every service at once.
        const decision = await this.apply(
          event,
          checkRegistrationRequest(record.details),
          (tx, request) => this.systems.registerRequested(tx, record.organization_id, request, new Date()),
          { awaitPublished: true },
        );
        // Counted after commit, and not at all for a redelivery.
        if (decision) registrations.inc({ service: 'systems', outcome: decision.kind });
        return;
      }
      case 'probe.registered':
        await this.apply(event, checkProbeRegistered(record.details), async (tx, probe) => {
          const systemId = await this.systems.resolveSystemId(
            tx.manager,
            record.organization_id,
            probe.system_id,
          );
          await this.probes.upsertRegistered(tx.manager, record.organization_id, systemId, probe);
        });
        return;
      case 'probe.heartbeat':
        await this.apply(event, checkProbeHeartbeat(record.details), async (tx, heartbeat) => {
          await this.probes.applyHeartbeat(tx.manager, record.organization_id, heartbeat);
        });
        return;
      case 'probe.connection_changed':
        await this.apply(event, checkConnectionChanged(record.details), async (tx, change) => {
          await this.probes.applyConnection(tx.manager, record.organization_id, change);
        });
        return;
      default:
        // Event types added to the topic later are not ours to handle yet.
        return;
    }
  }

  /** Runs `work` once per event id; undefined when the record was skipped or already processed. */
  private async apply<T, R>(
    event: ConsumedEvent,
    checked: Checked<T>,
    work: (tx: Transaction, value: T) => Promise<R>,
    options: RunOptions = {},
  ): Promise<R | undefined> {
    if (!checked.ok) {
      this.skip(event, checked.reason);
      return undefined;
    }
    const value = checked.value;
    const { result } = await this.unitOfWork.runOnce(event, (tx) => work(tx, value), options);
    return result;
  }

  /** A record we cannot read would block its partition forever if we threw; it is logged and skipped. */
  private skip(event: ConsumedEvent, reason: string): void {
    this.logger.error(
      { event_id: event.eventId, event_type: event.eventType, topic: event.topic, reason },
      'skipping a probe event that is not well-formed',
    );
  }
}
