import { Injectable } from '@nestjs/common';
import { type KeysetPosition, violatesUnique } from '@governance/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { EDITABLE_FIELDS, type SystemChanges } from './system-rules';
import { likePattern, type SystemRow } from './system-records';
import { type ListSystemsQuery, SystemResponse, type SystemSort } from './system.dto';

/** The columns: the response's fields, in its order, and the organization. */
const FIELDS = ['organization_id', ...Object.keys(SystemResponse.properties)] as Array<keyof SystemRow>;
const COLUMNS = FIELDS.join(', ');

/** True when `error` is the unique name index refusing a second system of the same name. */
export const isNameTaken = (error: unknown): boolean =>
  violatesUnique(error, 'systems_organization_name_idx');

/** All SQL on systems and merged ids. Every query about a system is scoped by organization id. */
/** The SQL of each order the inventory offers: fixed strings, never built from input. */
const SORT_ORDERS: Record<SystemSort, { column: string; type: string; direction: 'ASC' | 'DESC' }> = {
  '-created_at': { column: 'created_at', type: 'timestamptz', direction: 'DESC' },
  created_at: { column: 'created_at', type: 'timestamptz', direction: 'ASC' },
  name: { column: 'name', type: 'text', direction: 'ASC' },
  '-name': { column: 'name', type: 'text', direction: 'DESC' },
};

@Injectable()
export class SystemRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Serializes an organization's name checks and the writes after them; a unique index has the last say. */
  async lockOrganizationNames(manager: EntityManager, organizationId: string): Promise<void> {
    await manager.query("SELECT pg_advisory_xact_lock(hashtext('systems:names:' || $1))", [organizationId]);
  }

  async insert(manager: EntityManager, row: SystemRow): Promise<SystemRow> {
    const values = FIELDS.map((field) => row[field]);
    const rows = await manager.query<SystemRow[]>(
      `INSERT INTO systems.systems (${COLUMNS}) VALUES (${values.map((_, index) => `$${index + 1}`).join(', ')})
       RETURNING ${COLUMNS}`,
      values,
    );
    return rows[0]!;
  }

  /** Given the transaction's `manager`, locks the row FOR UPDATE. */
  async find(organizationId: string, id: string, manager?: EntityManager): Promise<SystemRow | undefined> {
    const rows = await (manager ?? this.dataSource).query<SystemRow[]>(
      `SELECT ${COLUMNS} FROM systems.systems WHERE organization_id = $1 AND id = $2 ${manager ? 'FOR UPDATE' : ''}`,
      [organizationId, id],
    );
    return rows[0];
  }

  /** Ids are global: an id minted by probe ingest is checked against every organization. */
  async idExists(manager: EntityManager, id: string): Promise<boolean> {
    const rows = await manager.query<unknown[]>('SELECT 1 FROM systems.systems WHERE id = $1', [id]);
    return rows.length > 0;
  }

  async findIdByName(
    manager: EntityManager,
    organizationId: string,
    name: string,
    exceptId?: string,
  ): Promise<string | undefined> {
    const rows = await manager.query<Array<{ id: string }>>(
      `SELECT id FROM systems.systems
       WHERE organization_id = $1 AND lower(name) = lower($2) AND ($3::text IS NULL OR id <> $3)`,
      [organizationId, name, exceptId ?? null],
    );
    return rows[0]?.id;
  }

  async update(
    manager: EntityManager,
    organizationId: string,
    id: string,
    changes: SystemChanges,
    updatedAt: Date,
  ): Promise<SystemRow> {
    const assignments: string[] = [];
    const values: unknown[] = [organizationId, id, updatedAt];
    for (const column of EDITABLE_FIELDS) {
      if (changes[column] === undefined) continue;
      values.push(changes[column]);
      assignments.push(`${column} = $${values.length}`);
    }
    const rows = await manager.query<[SystemRow[], number]>(
      `UPDATE systems.systems SET ${[...assignments, 'updated_at = $3'].join(', ')}
       WHERE organization_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
      values,
    );
    return rows[0][0]!;
  }

  /** Newest first; `after` is the last row of the previous page. */
  async list(
    organizationId: string,
    filters: Pick<ListSystemsQuery, 'declared' | 'risk_tier' | 'status' | 'q'>,
    sort: SystemSort,
    limit: number,
    after?: KeysetPosition,
  ): Promise<SystemRow[]> {
    const { column, type, direction } = SORT_ORDERS[sort];
    const beyond = direction === 'DESC' ? '<' : '>';
    return await this.dataSource.query<SystemRow[]>(
      `SELECT ${COLUMNS} FROM systems.systems
       WHERE organization_id = $1
         AND ($2::boolean IS NULL OR declared = $2)
         AND ($3::text IS NULL OR risk_tier = $3)
         AND ($4::text IS NULL OR status = $4)
         AND ($5::text IS NULL OR name ILIKE $5 OR description ILIKE $5 OR owner ILIKE $5
              OR vendor ILIKE $5 OR model ILIKE $5)
         AND ($6::${type} IS NULL OR (${column}, id) ${beyond} ($6::${type}, $7::text))
       ORDER BY ${column} ${direction}, id ${direction}
       LIMIT $8`,
      [
        organizationId,
        filters.declared === undefined ? null : filters.declared === 'true',
        filters.risk_tier ?? null,
        filters.status ?? null,
        filters.q ? likePattern(filters.q) : null,
        after?.at ?? null,
        after?.id ?? null,
        limit,
      ],
    );
  }

  async recordMerge(
    manager: EntityManager,
    merge: { requestedSystemId: string; organizationId: string; systemId: string },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO systems.merged_system_ids (requested_system_id, organization_id, system_id)
       VALUES ($1, $2, $3) ON CONFLICT (requested_system_id) DO NOTHING`,
      [merge.requestedSystemId, merge.organizationId, merge.systemId],
    );
  }

  /** The system a merged id now stands for, if `requestedSystemId` was merged. */
  async findMergeTarget(manager: EntityManager, requestedSystemId: string): Promise<string | undefined> {
    const rows = await manager.query<Array<{ system_id: string }>>(
      'SELECT system_id FROM systems.merged_system_ids WHERE requested_system_id = $1',
      [requestedSystemId],
    );
    return rows[0]?.system_id;
  }

  /** The id probes of `systemId` are stored under: the merge target when the id was merged. */
  async resolveSystemId(manager: EntityManager, organizationId: string, systemId: string): Promise<string> {
    const rows = await manager.query<Array<{ system_id: string }>>(
      'SELECT system_id FROM systems.merged_system_ids WHERE organization_id = $1 AND requested_system_id = $2',
      [organizationId, systemId],
    );
    return rows[0]?.system_id ?? systemId;
  }
}
