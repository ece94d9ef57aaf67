import { Injectable } from '@nestjs/common';
import { type ProbeConnection } from '@governance/contracts';
import { type EntityManager } from 'typeorm';

export interface TelemetryTarget {
  organizationId: string;
  probeId: string;
}

export interface TouchedProbe {
  probe_id: string;
  organization_id: string;
  system_id: string;
  /** The connection before this commit: `disconnected` means the telemetry re-arms the silence monitor. */
  previous_connection: ProbeConnection;
}

/** The SQL of the telemetry path: one statement per group commit, whatever the number of batches. */
@Injectable()
export class TelemetryRepository {
  /**
   * Finds each probe (of its organization; another organization's probe is not found) and marks it as
   * heard from at `at`, and connected. A probe already heard from since `touchedSince` is left alone:
   * its row is neither written nor locked, so concurrent group commits of one busy probe do not queue
   * behind each other's row lock, and last_telemetry_at is exact to within the touch interval.
   * Rows that are written are locked in probe id order, so concurrent commits cannot deadlock.
   */
  async touch(
    manager: EntityManager,
    targets: TelemetryTarget[],
    at: Date,
    touchedSince: Date,
  ): Promise<TouchedProbe[]> {
    return manager.query<TouchedProbe[]>(
      `WITH wanted AS (
         SELECT DISTINCT organization_id, probe_id FROM unnest($1::text[], $2::text[]) AS t(organization_id, probe_id)
       ), found AS (
         SELECT p.probe_id, p.organization_id, p.system_id FROM probe_ingest.probes p
         JOIN wanted w ON w.probe_id = p.probe_id AND w.organization_id = p.organization_id
       ), due AS (
         SELECT p.probe_id, p.connection FROM probe_ingest.probes p
         JOIN wanted w ON w.probe_id = p.probe_id AND w.organization_id = p.organization_id
         WHERE p.connection = 'disconnected' OR p.last_telemetry_at IS NULL OR p.last_telemetry_at < $4
         ORDER BY p.probe_id
         FOR UPDATE OF p
       ), touched AS (
         UPDATE probe_ingest.probes p SET
           last_telemetry_at = greatest(p.last_telemetry_at, $3::timestamptz),
           connection = 'connected'
         FROM due
         WHERE p.probe_id = due.probe_id
         RETURNING p.probe_id, due.connection AS previous_connection
       )
       SELECT f.probe_id, f.organization_id, f.system_id,
              coalesce(t.previous_connection, 'connected') AS previous_connection
       FROM found f LEFT JOIN touched t ON t.probe_id = f.probe_id`,
      [targets.map((t) => t.organizationId), targets.map((t) => t.probeId), at, touchedSince],
    );
  }
}
