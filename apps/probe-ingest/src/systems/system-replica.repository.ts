import { Injectable } from '@nestjs/common';
import { type SystemRegistrationRequestedDetails, type SystemSnapshot } from '@governance/contracts';
import { type SystemSnapshotStore } from '@governance/replicas';
import { DataSource, type EntityManager } from 'typeorm';

/** All SQL on probe_ingest.systems: the replica of the systems service's inventory. */
@Injectable()
export class SystemReplicaRepository implements SystemSnapshotStore {
  constructor(private readonly dataSource: DataSource) {}

  /** Whether the organization has the system (announced or requested); outside any transaction by default. */
  async exists(
    organizationId: string,
    systemId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<boolean> {
    const rows = await manager.query<unknown[]>(
      `SELECT 1 FROM probe_ingest.systems WHERE organization_id = $1 AND system_id = $2`,
      [organizationId, systemId],
    );
    return rows.length > 0;
  }

  /** The id of the system an organization knows by this name, case-insensitively; announced systems win over requested ones. */
  async findByName(
    manager: EntityManager,
    organizationId: string,
    name: string,
  ): Promise<string | undefined> {
    const rows = await manager.query<Array<{ system_id: string }>>(
      `SELECT system_id FROM probe_ingest.systems
       WHERE organization_id = $1 AND lower(name) = lower($2)
       ORDER BY (status = 'active') DESC, (snapshot_at IS NOT NULL) DESC, updated_at, system_id
       LIMIT 1`,
      [organizationId, name],
    );
    return rows[0]?.system_id;
  }

  /**
   * Serializes registrations that name the same system, so two probes naming a new system at once
   * request it once. Held until the transaction ends.
   */
  async lockName(manager: EntityManager, organizationId: string, name: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [
      `probe_ingest.system-name:${organizationId}:${name.toLowerCase()}`,
    ]);
  }

  /** A system requested from the systems service, until its snapshot arrives; false if the id is taken. */
  async insertRequested(
    manager: EntityManager,
    organizationId: string,
    system: Omit<SystemRegistrationRequestedDetails, 'probe_id'>,
  ): Promise<boolean> {
    const { system_id, name, host, runtime, vendor, declared } = system;
    const rows = await manager.query<unknown[]>(
      `INSERT INTO probe_ingest.systems (system_id, organization_id, name, host, runtime, vendor, declared)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (system_id) DO NOTHING RETURNING system_id`,
      [system_id, organizationId, name, host, runtime, vendor, declared],
    );
    return rows.length > 0;
  }

  /** Applies a snapshot unless the row already holds a newer one. */
  async applySnapshot(
    manager: EntityManager,
    organizationId: string,
    snapshot: SystemSnapshot,
  ): Promise<void> {
    const { system_id, name, host, runtime, vendor, declared, status, updated_at } = snapshot;
    await manager.query(
      `INSERT INTO probe_ingest.systems
         (system_id, organization_id, name, host, runtime, vendor, declared, status, updated_at, snapshot_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now(), $9)
       ON CONFLICT (system_id) DO UPDATE SET
         name = EXCLUDED.name, host = EXCLUDED.host, runtime = EXCLUDED.runtime, vendor = EXCLUDED.vendor,
         declared = EXCLUDED.declared, status = EXCLUDED.status, updated_at = now(), snapshot_at = EXCLUDED.snapshot_at
       WHERE probe_ingest.systems.organization_id = EXCLUDED.organization_id
         AND (probe_ingest.systems.snapshot_at IS NULL OR probe_ingest.systems.snapshot_at <= EXCLUDED.snapshot_at)`,
      [system_id, organizationId, name, host, runtime, vendor, declared, status, updated_at],
    );
  }

  /** The requested id now stands for `systemId`: its probes follow, and the requested row goes. */
  async merge(
    manager: EntityManager,
    organizationId: string,
    requestedSystemId: string,
    systemId: string,
  ): Promise<number> {
    if (requestedSystemId === systemId) return 0;
    const moved = await manager.query<[unknown[], number]>(
      `UPDATE probe_ingest.probes SET system_id = $3 WHERE organization_id = $1 AND system_id = $2`,
      [organizationId, requestedSystemId, systemId],
    );
    await manager.query(`DELETE FROM probe_ingest.systems WHERE organization_id = $1 AND system_id = $2`, [
      organizationId,
      requestedSystemId,
    ]);
    return moved[1];
  }
}
