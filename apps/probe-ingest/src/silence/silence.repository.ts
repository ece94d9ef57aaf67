import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type SilenceCandidate } from './silence-decision';

export type SilentProbeRow = SilenceCandidate & { organization_id: string; system_id: string };

/** The SQL of the silence monitor. */
@Injectable()
export class SilenceRepository {
  /** One sweeper at a time across replicas; false when another replica is sweeping now. */
  async tryLockSweep(manager: EntityManager): Promise<boolean> {
    const rows = await manager.query<Array<{ locked: boolean }>>(
      `SELECT pg_try_advisory_xact_lock(hashtext('probe_ingest.silence-monitor')) AS locked`,
    );
    return rows[0]?.locked === true;
  }

  /**
   * Connected probes last seen before `cutoff`, locked. Probes a telemetry commit holds right now are
   * skipped: they are being heard from.
   */
  async lockSilentCandidates(manager: EntityManager, cutoff: Date, limit: number): Promise<SilentProbeRow[]> {
    return manager.query<SilentProbeRow[]>(
      `SELECT p.probe_id, p.organization_id, p.system_id, p.probe_name, p.environment, p.connection,
         p.last_telemetry_at, p.registered_at
       FROM probe_ingest.probes p
       WHERE p.connection = 'connected' AND coalesce(p.last_telemetry_at, p.registered_at) < $1
       ORDER BY coalesce(p.last_telemetry_at, p.registered_at), p.probe_id
       LIMIT $2
       FOR UPDATE SKIP LOCKED`,
      [cutoff, limit],
    );
  }

  /**
   * Marks the probes disconnected, only if they are still connected and still silent, and returns the
   * ids it changed: even two sweepers without the lock could not both announce one silence.
   */
  async markDisconnected(manager: EntityManager, probeIds: string[], cutoff: Date): Promise<Set<string>> {
    if (probeIds.length === 0) return new Set();
    const rows = await manager.query<[Array<{ probe_id: string }>, number]>(
      `UPDATE probe_ingest.probes p SET connection = 'disconnected'
       WHERE p.probe_id = ANY($1::text[]) AND p.connection = 'connected'
         AND coalesce(p.last_telemetry_at, p.registered_at) < $2
       RETURNING p.probe_id`,
      [probeIds, cutoff],
    );
    return new Set(rows[0].map((row) => row.probe_id));
  }
}
