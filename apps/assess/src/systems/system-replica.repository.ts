import { Injectable } from '@nestjs/common';
import { type SystemSnapshot } from '@governance/contracts';
import { type SystemSnapshotStore } from '@governance/replicas';
import { DataSource, type EntityManager } from 'typeorm';

/** Enough of a system to name it in findings and to refuse assessing it when retired. */
type SystemOfRecord = Pick<SystemSnapshot, 'name' | 'status'>;

/** All SQL on the systems replica. Lookups are scoped by organization id. */
@Injectable()
export class SystemReplicaRepository implements SystemSnapshotStore {
  constructor(private readonly dataSource: DataSource) {}

  /** Keeps the newest snapshot: an older one arriving late changes nothing. */
  async applySnapshot(manager: EntityManager, organizationId: string, system: SystemSnapshot): Promise<void> {
    await manager.query(
      `INSERT INTO assess.systems (system_id, organization_id, name, status, updated_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (system_id) DO UPDATE
         SET name = EXCLUDED.name, status = EXCLUDED.status, updated_at = EXCLUDED.updated_at
       WHERE assess.systems.organization_id = EXCLUDED.organization_id
         AND assess.systems.updated_at <= EXCLUDED.updated_at`,
      [system.system_id, organizationId, system.name, system.status, system.updated_at],
    );
  }

  async find(
    organizationId: string,
    systemId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<SystemOfRecord | undefined> {
    const rows = await manager.query<SystemOfRecord[]>(
      'SELECT name, status FROM assess.systems WHERE organization_id = $1 AND system_id = $2',
      [organizationId, systemId],
    );
    return rows[0];
  }
}
