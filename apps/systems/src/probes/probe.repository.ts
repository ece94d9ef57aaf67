import { Injectable } from '@nestjs/common';
import {
  type ProbeConnectionChangedDetails,
  type ProbeHeartbeatDetails,
  type ProbeRegisteredDetails,
} from '@governance/contracts';
import { type WithDates } from '@governance/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { type ProbeResponse } from '../systems/system.dto';

/** A row of systems.probes. */
export type ProbeRow = WithDates<ProbeResponse, 'last_heartbeat_at' | 'last_seen_at' | 'registered_at'> & {
  organization_id: string;
  system_id: string;
};

const COLUMNS = `probe_id, organization_id, system_id, probe_name, host, runtime, environment, version, status,
  connection, last_heartbeat_at, last_seen_at, uptime_seconds, queue_depth, registered_at`;

/** All SQL on the probe replica, scoped by organization: a probe id under another one touches nothing. */
@Injectable()
export class ProbeRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A (re-)registration: the probe is connected and was last seen when it registered. */
  async upsertRegistered(
    manager: EntityManager,
    organizationId: string,
    systemId: string,
    probe: ProbeRegisteredDetails,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO systems.probes (probe_id, organization_id, system_id, probe_name, host, runtime, environment,
         version, connection, last_seen_at, registered_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'connected', $9, $9)
       ON CONFLICT (probe_id) DO UPDATE SET
         system_id = EXCLUDED.system_id,
         probe_name = EXCLUDED.probe_name,
         host = EXCLUDED.host,
         runtime = EXCLUDED.runtime,
         environment = EXCLUDED.environment,
         version = EXCLUDED.version,
         connection = 'connected',
         last_seen_at = EXCLUDED.last_seen_at,
         registered_at = EXCLUDED.registered_at
       WHERE probes.organization_id = EXCLUDED.organization_id`,
      [
        probe.probe_id,
        organizationId,
        systemId,
        probe.probe_name,
        probe.host,
        probe.runtime,
        probe.environment,
        probe.version,
        probe.registered_at,
      ],
    );
  }

  /** Applies a heartbeat unless a later one was already applied. */
  async applyHeartbeat(
    manager: EntityManager,
    organizationId: string,
    heartbeat: ProbeHeartbeatDetails,
  ): Promise<void> {
    await manager.query(
      `UPDATE systems.probes SET
         status = $3,
         version = COALESCE($4, version),
         uptime_seconds = $5,
         queue_depth = $6,
         last_heartbeat_at = $7
       WHERE organization_id = $1 AND probe_id = $2
         AND (last_heartbeat_at IS NULL OR last_heartbeat_at <= $7::timestamptz)`,
      [
        organizationId,
        heartbeat.probe_id,
        heartbeat.status,
        heartbeat.version,
        heartbeat.uptime_seconds,
        heartbeat.queue_depth,
        heartbeat.received_at,
      ],
    );
  }

  /** Applies a connection change unless it is older than what the replica already knows. */
  async applyConnection(
    manager: EntityManager,
    organizationId: string,
    change: ProbeConnectionChangedDetails,
  ): Promise<void> {
    await manager.query(
      `UPDATE systems.probes SET connection = $3, last_seen_at = $4
       WHERE organization_id = $1 AND probe_id = $2
         AND (last_seen_at IS NULL OR last_seen_at <= $4::timestamptz)`,
      [organizationId, change.probe_id, change.connection, change.last_seen_at],
    );
  }

  /** Moves the probes of a merged system id to the system it now stands for. */
  async repointSystem(
    manager: EntityManager,
    organizationId: string,
    fromSystemId: string,
    toSystemId: string,
  ): Promise<void> {
    await manager.query(
      'UPDATE systems.probes SET system_id = $3 WHERE organization_id = $1 AND system_id = $2',
      [organizationId, fromSystemId, toSystemId],
    );
  }

  async listForSystem(organizationId: string, systemId: string): Promise<ProbeRow[]> {
    return await this.dataSource.query<ProbeRow[]>(
      `SELECT ${COLUMNS} FROM systems.probes WHERE organization_id = $1 AND system_id = $2
       ORDER BY registered_at, probe_id`,
      [organizationId, systemId],
    );
  }
}
