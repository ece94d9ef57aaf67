import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type ReplicatedSystem } from './system-replica';

/** All SQL on the systems replica. Lookups are scoped by organization id. */
@Injectable()
export class SystemReplicaRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Keeps the newest snapshot: an older one arriving late changes nothing. */
  async upsert(manager: EntityManager, system: ReplicatedSystem): Promise<void> {
    await manager.query(
      `INSERT INTO assess.systems (system_id, organization_id, name, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (system_id) DO UPDATE SET name = EXCLUDED.name, updated_at = EXCLUDED.updated_at
       WHERE assess.systems.organization_id = EXCLUDED.organization_id
         AND assess.systems.updated_at <= EXCLUDED.updated_at`,
      [system.systemId, system.organizationId, system.name, system.updatedAt],
    );
  }

  async findName(
    organizationId: string,
    systemId: string,
    manager?: EntityManager,
  ): Promise<string | undefined> {
    const rows = await (manager ?? this.dataSource.manager).query<Array<{ name: string }>>(
      'SELECT name FROM assess.systems WHERE organization_id = $1 AND system_id = $2',
      [organizationId, systemId],
    );
    return rows[0]?.name;
  }
}
