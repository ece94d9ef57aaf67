import { HttpStatus, Injectable } from '@nestjs/common';
import {
  INTERNAL_TOPICS,
  isId,
  SYSTEMS_REGISTRATION_GROUP,
  newId,
  type SystemRegistrationRequestedDetails,
} from '@governance/contracts';
import { type OutboxMessage, ReplicaCatchUp, type Transaction, UnitOfWork } from '@governance/messaging';
import { ApiError, ErrorCode } from '@governance/platform';
import { SYSTEM_REPLICA_CONSUMER } from '@governance/replicas';
import { SystemReplicaRepository } from '../systems/system-replica.repository';
import {
  type HeartbeatDto,
  type HeartbeatResponse,
  type ProbeRegistrationResponse,
  type ProbeResponse,
  type RegisterProbeDto,
} from './probe.dto';
import { probeEvent } from './probe-event';
import { mergeRegistration } from './probe-registration';
import { probeRegisteredAudit, probeReregisteredAudit } from './probe-audit';
import { type ProbeRow, ProbeRepository } from './probe.repository';

function toRegistrationResponse(row: ProbeRow): ProbeRegistrationResponse {
  return {
    probe_id: row.probe_id,
    system_id: row.system_id,
    probe_name: row.probe_name,
    host: row.host,
    runtime: row.runtime,
    environment: row.environment,
    version: row.version,
    registered_at: row.registered_at.toISOString(),
  };
}

function toProbeResponse(row: ProbeRow): ProbeResponse {
  return {
    ...toRegistrationResponse(row),
    status: row.status,
    uptime_seconds: row.uptime_seconds,
    queue_depth: row.queue_depth,
    last_heartbeat_at: row.last_heartbeat_at?.toISOString() ?? null,
    last_telemetry_at: row.last_telemetry_at?.toISOString() ?? null,
    connection: row.connection,
  };
}

/** probe.registered carries the registration response's fields, in its own published order. */
function registeredEvent(row: ProbeRow, at: Date): OutboxMessage {
  const { probe_id, system_id, probe_name, ...rest } = toRegistrationResponse(row);
  const details = { probe_id, probe_name, system_id, ...rest };
  return probeEvent(row.organization_id, 'probe.registered', details, at.toISOString());
}

@Injectable()
export class ProbesService {
  constructor(
    private readonly probes: ProbeRepository,
    private readonly systems: SystemReplicaRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly catchUp: ReplicaCatchUp,
  ) {}

  /** Registers a probe, or finds it again by (organization, name, host); `created` is false the second time. */
  async register(
    organizationId: string,
    body: RegisterProbeDto,
  ): Promise<{ created: boolean; probe: ProbeRegistrationResponse }> {
    if ((body.system_id === undefined) === (body.system_name === undefined)) {
      throw ApiError.validation([
        { field: 'system_id', message: 'give exactly one of system_id and system_name' },
      ]);
    }
    // A system id the replica does not know yet: once more after the replica caught up with the bus, so
    // an id the systems service just returned is known here at once. Outside the transaction, so the
    // wait holds no connection.
    if (body.system_id !== undefined) {
      const systemId = body.system_id;
      await this.catchUp.find(SYSTEM_REPLICA_CONSUMER, INTERNAL_TOPICS.systems, () =>
        this.systems.exists(organizationId, systemId),
      );
    }
    const now = new Date();
    let request: OutboxMessage | undefined;
    const registered = await this.unitOfWork.run(async (tx) => {
      const { systemId, requested } = await this.resolveSystem(tx, organizationId, body, now);
      const inserted = await this.probes.insertIfAbsent(tx.manager, {
        probe_id: newId('probe', now.getTime()),
        organization_id: organizationId,
        system_id: systemId,
        probe_name: body.probe_name,
        host: body.host,
        runtime: body.runtime ?? null,
        environment: body.environment ?? null,
        version: body.version ?? null,
        registered_at: now,
      });
      // Not inserted: the probe exists, since a probe is never deleted.
      const probe =
        inserted ?? (await this.probes.lockByName(tx.manager, organizationId, body.probe_name, body.host))!;
      if (requested) {
        const details = { ...requested, probe_id: probe.probe_id };
        request = probeEvent(organizationId, 'system.registration_requested', details, now.toISOString());
        tx.publish(request);
      }
      if (inserted) {
        tx.publish(registeredEvent(inserted, now));
        tx.audit(probeRegisteredAudit(inserted));
        return { created: true, probe: toRegistrationResponse(inserted) };
      }
      const { changed, fields } = mergeRegistration(probe, { ...body, system_id: systemId });
      if (!changed) return { created: false, probe: toRegistrationResponse(probe) };
      const updated = await this.probes.updateRegistration(
        tx.manager,
        organizationId,
        probe.probe_id,
        fields,
      );
      tx.publish(registeredEvent(updated, now));
      tx.audit(probeReregisteredAudit(probe, updated));
      return { created: false, probe: toRegistrationResponse(updated) };
    });
    // A system minted here is announced by the systems service: the answer waits until the request is on
    // the bus and the systems service has processed it (which publishes the system before it counts as
    // processed), so the system id works at once on every service. Both waits are bounded.
    if (request) {
      await this.unitOfWork.awaitPublished([request]);
      await this.catchUp.otherGroupCaughtUp(SYSTEMS_REGISTRATION_GROUP, INTERNAL_TOPICS.probes);
    }
    return registered;
  }

  async heartbeat(organizationId: string, body: HeartbeatDto): Promise<HeartbeatResponse> {
    const receivedAt = new Date();
    const received_at = receivedAt.toISOString();
    const row = await this.unitOfWork.run(async (tx) => {
      const updated = await this.probes.recordHeartbeat(tx.manager, organizationId, body, receivedAt);
      if (!updated) return undefined;
      const { probe_id, system_id, version, uptime_seconds, queue_depth } = updated;
      const details = {
        probe_id,
        system_id,
        status: body.status,
        version,
        uptime_seconds,
        queue_depth,
        received_at,
      };
      tx.publish(probeEvent(organizationId, 'probe.heartbeat', details, received_at));
      return updated;
    });
    if (!row) throw ApiError.notFound('Probe');
    return { probe_id: row.probe_id, received_at };
  }

  async get(organizationId: string, probeId: string): Promise<ProbeResponse> {
    const row = isId('probe', probeId) ? await this.probes.find(organizationId, probeId) : undefined;
    if (!row) throw ApiError.notFound('Probe');
    return toProbeResponse(row);
  }

  /**
   * The system the probe names. An unknown name is minted here and requested from the systems service
   * in the same transaction, so the probe has its system id at once.
   */
  private async resolveSystem(
    tx: Transaction,
    organizationId: string,
    body: RegisterProbeDto,
    now: Date,
  ): Promise<{ systemId: string; requested?: Omit<SystemRegistrationRequestedDetails, 'probe_id'> }> {
    if (body.system_id !== undefined) {
      if (!(await this.systems.exists(organizationId, body.system_id, tx.manager))) {
        throw new ApiError(HttpStatus.NOT_FOUND, ErrorCode.NotFound, `System ${body.system_id} not found`, [
          { field: 'system_id', message: 'is not a system of this organization' },
        ]);
      }
      return { systemId: body.system_id };
    }
    const name = body.system_name!;
    await this.systems.lockName(tx.manager, organizationId, name);
    const known = await this.systems.findByName(tx.manager, organizationId, name);
    if (known) return { systemId: known };
    const systemId = newId('system', now.getTime());
    const requested = {
      system_id: systemId,
      name,
      registration_source: 'probe' as const,
      discovery_method: 'probe_registration' as const,
      declared: true,
      host: body.host,
      runtime: body.runtime ?? null,
      environment: body.environment ?? null,
      vendor: null,
      model: null,
    };
    await this.systems.insertRequested(tx.manager, organizationId, requested);
    return { systemId, requested };
  }
}
