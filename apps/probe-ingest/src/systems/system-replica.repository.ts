import { Injectable } from '@nestjs/common';
import { type SystemSnapshot } from '@governance/contracts';
import { type SystemSnapshotStore } from '@governance/replicas';
import { DataSource, type EntityManager } from 'typeorm';

export interface ReplicaSystemRow {
  system_id: string;
  organization_id: string;
  name: string;
  declared: boolean;
  status: string;
}

export interface RequestedSystem {
  systemId: string;
  organizationId: string;
  name: string;
  host: string | null;
  runtime: string | null;
  declared: boolean;
}

/** All SQL on probe_ingest.systems: the replica of the systems service's inventory. */
@Injectable()
export class SystemReplicaRepository implements SystemSnapshotStore {
  constructor(private readonly dataSource: DataSource) {}

  /** Outside any transaction: whether the organization has the system (announced or requested). */
  async exists(organizationId: string, systemId: string): Promise<boolean> {
    return (await this.findById(this.dataSource.manager, organizationId, systemId)) !== undefined;
  }

  async findById(
    manager: EntityManager,
    organizationId: string,
    systemId: string,
  ): Promise<ReplicaSystemRow | undefined> {
    const rows = await manager.query<ReplicaSystemRow[]>(
      `SELECT system_id, organization_id, name, declared, status FROM probe_ingest.systems
       WHERE organization_id = $1 AND system_id = $2`,
      [organizationId, systemId],
    );
    return rows[0];
  }

  /** The system an organization knows by this name, case-insensitively; announced systems win over requested ones. */
  async findByName(
    manager: EntityManager,
    organizationId: string,
    name: string,
  ): Promise<ReplicaSystemRow | undefined> {
    const rows = await manager.query<ReplicaSystemRow[]>(
      `SELECT system_id, organization_id, name, declared, status FROM probe_ingest.systems
       WHERE organization_id = $1 AND lower(name) = lower($2)
       ORDER BY (status = 'active') DESC, (snapshot_at IS NOT NULL) DESC, updated_at, system_id
       LIMIT 1`,
      [organizationId, name],
    );
    return rows[0];
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

  async insertRequested(manager: EntityManager, system: RequestedSystem): Promise<void> {
    await manager.query(
      `INSERT INTO probe_ingest.systems (system_id, organization_id, name, host, runtime, declared)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [system.systemId, system.organizationId, system.name, system.host, system.runtime, system.declared],
    );
  }

  /** Applies a snapshot unless the row already holds a newer one. */
  async applySnapshot(
    manager: EntityManager,
    organizationId: string,
    snapshot: SystemSnapshot,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO probe_ingest.systems
         (system_id, organization_id, name, host, runtime, vendor, declared, status, updated_at, snapshot_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now(), $9)
       ON CONFLICT (system_id) DO UPDATE SET
         name = EXCLUDED.name, host = EXCLUDED.host, runtime = EXCLUDED.runtime, vendor = EXCLUDED.vendor,
         declared = EXCLUDED.declared, status = EXCLUDED.status, updated_at = now(), snapshot_at = EXCLUDED.snapshot_at
       WHERE probe_ingest.systems.organization_id = EXCLUDED.organization_id
         AND (probe_ingest.systems.snapshot_at IS NULL OR probe_ingest.systems.snapshot_at <= EXCLUDED.snapshot_at)`,
      [
        snapshot.system_id,
        organizationId,
        snapshot.name,
        snapshot.host,
        snapshot.runtime,
        snapshot.vendor,
        snapshot.declared,
        snapshot.status,
        snapshot.updated_at,
      ],
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
