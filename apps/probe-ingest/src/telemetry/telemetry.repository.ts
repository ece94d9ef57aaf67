import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export interface ProbeKey {
  organizationId: string;
  probeId: string;
}

export const probeKey = (probe: ProbeKey): string => `${probe.organizationId}/${probe.probeId}`;

export interface FoundProbe extends ProbeKey {
  systemId: string;
  /** Disconnected, or not heard from since the touch interval began: its row is due a touch. */
  due: boolean;
}

export interface TouchedProbe extends ProbeKey {
  systemId: string;
  /** This touch is what reconnected it. */
  reconnected: boolean;
}

/** The SQL of the telemetry path: one read per group commit, and a write only when a probe is due one. */
@Injectable()
export class TelemetryRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The probes of `keys` that exist in their organization, read without locking. */
  async findProbes(keys: readonly ProbeKey[], touchedSince: Date): Promise<FoundProbe[]> {
    return this.dataSource.query<FoundProbe[]>(
      `SELECT p.organization_id AS "organizationId", p.probe_id AS "probeId", p.system_id AS "systemId",
         (p.connection = 'disconnected' OR p.last_telemetry_at IS NULL OR p.last_telemetry_at < $3) AS due
       FROM probe_ingest.probes p
       JOIN unnest($1::text[], $2::text[]) AS w(organization_id, probe_id)
         ON w.probe_id = p.probe_id AND w.organization_id = p.organization_id`,
      [keys.map((key) => key.organizationId), keys.map((key) => key.probeId), touchedSince],
    );
  }

  /**
   * Marks the probes heard from at `at` and connected, unless another commit touched them since
   * `touchedSince` (checked again under the row lock). Rows are locked in probe id order, so concurrent
   * touches cannot deadlock. Returns the probes touched, and whether each was disconnected.
   */
  async touchProbes(
    manager: EntityManager,
    keys: readonly ProbeKey[],
    at: Date,
    touchedSince: Date,
  ): Promise<TouchedProbe[]> {
    return manager.query<TouchedProbe[]>(
      `WITH due AS (
         SELECT p.probe_id, p.connection FROM probe_ingest.probes p
         JOIN unnest($1::text[], $2::text[]) AS w(organization_id, probe_id)
           ON w.probe_id = p.probe_id AND w.organization_id = p.organization_id
         WHERE p.connection = 'disconnected' OR p.last_telemetry_at IS NULL OR p.last_telemetry_at < $4
         ORDER BY p.probe_id
         FOR UPDATE OF p
       ), touched AS (
         UPDATE probe_ingest.probes p SET
           last_telemetry_at = greatest(p.last_telemetry_at, $3::timestamptz),
           connection = 'connected'
         FROM due
         WHERE p.probe_id = due.probe_id
         RETURNING p.organization_id, p.probe_id, p.system_id, due.connection = 'disconnected' AS reconnected
       )
       SELECT organization_id AS "organizationId", probe_id AS "probeId", system_id AS "systemId", reconnected
       FROM touched`,
      [keys.map((key) => key.organizationId), keys.map((key) => key.probeId), at, touchedSince],
    );
  }
}
