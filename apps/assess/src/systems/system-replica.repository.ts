import { Injectable } from '@nestjs/common';
import { type SystemSnapshot } from '@governance/contracts';
import { DataSource, type EntityManager } from 'typeorm';

/** Enough of a system to name it in findings and to refuse assessing it when retired. */
type SystemOfRecord = Pick<SystemSnapshot, 'name' | 'status'>;

/** Reads of the systems replica (SystemsReplica writes it), scoped by organization id. */
@Injectable()
export class SystemReplicaRepository {
  constructor(private readonly dataSource: DataSource) {}

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
