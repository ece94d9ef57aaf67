import { Injectable } from '@nestjs/common';
import { type ProbeConnection, type ProbeStatus } from '@governance/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { type HeartbeatDto } from './probe.dto';
import { type RegistrationFields } from './probe-registration';

export interface ProbeRow {
  probe_id: string;
  organization_id: string;
  system_id: string;
  probe_name: string;
  host: string;
  runtime: string | null;
  environment: string | null;
  version: string | null;
  status: ProbeStatus | null;
  uptime_seconds: number | null;
  queue_depth: number | null;
  last_heartbeat_at: Date | null;
  last_telemetry_at: Date | null;
  connection: ProbeConnection;
  registered_at: Date;
}

/** A probe as registration first writes it; health and connection start empty. */
type NewProbe = Omit<
  ProbeRow,
  'status' | 'uptime_seconds' | 'queue_depth' | 'last_heartbeat_at' | 'last_telemetry_at' | 'connection'
>;

// bigint columns come back from pg as strings; float8 keeps them numbers (exact up to 2^53).
const PROBE_COLUMNS = `probe_id, organization_id, system_id, probe_name, host, runtime, environment, version, status,
  uptime_seconds::float8 AS uptime_seconds, queue_depth::float8 AS queue_depth, last_heartbeat_at,
  last_telemetry_at, connection, registered_at`;

/** All SQL on probe_ingest.probes for registration, heartbeats and reads. Every query names the organization. */
@Injectable()
export class ProbeRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Outside any transaction by default. */
  async find(
    organizationId: string,
    probeId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<ProbeRow | undefined> {
    const rows = await manager.query<ProbeRow[]>(
      `SELECT ${PROBE_COLUMNS} FROM probe_ingest.probes WHERE organization_id = $1 AND probe_id = $2`,
      [organizationId, probeId],
    );
    return rows[0];
  }

  /** Inserts the probe unless (organization, name, host) already has one; returns the new row, if any. */
  async insertIfAbsent(manager: EntityManager, probe: NewProbe): Promise<ProbeRow | undefined> {
    const rows = await manager.query<ProbeRow[]>(
      `INSERT INTO probe_ingest.probes
         (probe_id, organization_id, system_id, probe_name, host, runtime, environment, version, registered_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (organization_id, probe_name, host) DO NOTHING
       RETURNING ${PROBE_COLUMNS}`,
      [
        probe.probe_id,
        probe.organization_id,
        probe.system_id,
        probe.probe_name,
        probe.host,
        probe.runtime,
        probe.environment,
        probe.version,
        probe.registered_at,
      ],
    );
    return rows[0];
  }

  async lockByName(
    manager: EntityManager,
    organizationId: string,
    probeName: string,
    host: string,
  ): Promise<ProbeRow | undefined> {
    const rows = await manager.query<ProbeRow[]>(
      `SELECT ${PROBE_COLUMNS} FROM probe_ingest.probes
       WHERE organization_id = $1 AND probe_name = $2 AND host = $3 FOR UPDATE`,
      [organizationId, probeName, host],
    );
    return rows[0];
  }

  async updateRegistration(
    manager: EntityManager,
    organizationId: string,
    probeId: string,
    fields: RegistrationFields,
  ): Promise<ProbeRow> {
    const rows = await manager.query<[ProbeRow[], number]>(
      `UPDATE probe_ingest.probes SET system_id = $3, runtime = $4, environment = $5, version = $6
       WHERE organization_id = $1 AND probe_id = $2
       RETURNING ${PROBE_COLUMNS}`,
      [organizationId, probeId, fields.system_id, fields.runtime, fields.environment, fields.version],
    );
    return rows[0][0]!;
  }

  async recordHeartbeat(
    manager: EntityManager,
    organizationId: string,
    heartbeat: HeartbeatDto,
    receivedAt: Date,
  ): Promise<ProbeRow | undefined> {
    const rows = await manager.query<[ProbeRow[], number]>(
      `UPDATE probe_ingest.probes SET status = $3, version = coalesce($4, version), uptime_seconds = $5,
         queue_depth = $6, last_heartbeat_at = $7
       WHERE organization_id = $1 AND probe_id = $2
       RETURNING ${PROBE_COLUMNS}`,
      [
        organizationId,
        heartbeat.probe_id,
        heartbeat.status,
        heartbeat.version ?? null,
        heartbeat.uptime_seconds ?? null,
        heartbeat.queue_depth ?? null,
        receivedAt,
      ],
    );
    return rows[0][0];
  }
}
