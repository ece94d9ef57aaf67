import { Injectable } from '@nestjs/common';
import { type EnforcementMode } from '@governance/contracts';
import { type PolicySeverity } from './policy-rules';
import { type KeysetPosition, violatesUnique } from '@governance/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { type PolicyRow } from './policy-records';
import { type PolicyChanges } from './policy-rules';
import { type ListPoliciesQuery, PolicyResponse } from './policy.dto';

/** The columns: the response's fields, in its order, and the organization. */
const FIELDS = ['organization_id', ...Object.keys(PolicyResponse.properties)] as Array<keyof PolicyRow>;
const COLUMNS = FIELDS.join(', ');

/** True when `error` is the unique name index refusing a second policy of the same name. */
export const isNameTaken = (error: unknown): boolean =>
  violatesUnique(error, 'policies_organization_name_idx');

/** All SQL on policies. Every query is scoped by organization id; a deleted policy is found by none. */
@Injectable()
export class PolicyRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Serializes an organization's name checks and the writes after them; unique indexes have the last say. */
  async lockOrganization(manager: EntityManager, organizationId: string): Promise<void> {
    await manager.query("SELECT pg_advisory_xact_lock(hashtext('policies:names:' || $1))", [organizationId]);
  }

  /** Inserts `row`; undefined when the organization already has a policy for its control. */
  async insert(manager: EntityManager, row: PolicyRow): Promise<PolicyRow | undefined> {
    // rules and scope go as JSON text: node-pg would send an array as a Postgres array.
    const values = FIELDS.map((field) =>
      field === 'rules' || field === 'scope' ? JSON.stringify(row[field]) : row[field],
    );
    const rows = await manager.query<PolicyRow[]>(
      `INSERT INTO policies.policies (${COLUMNS}) VALUES (${values.map((_, index) => `$${index + 1}`).join(', ')})
       ON CONFLICT (organization_id, control) WHERE control IS NOT NULL AND deleted_at IS NULL DO NOTHING
       RETURNING ${COLUMNS}`,
      values,
    );
    return rows[0];
  }

  /** Given the transaction's `manager`, locks the row FOR UPDATE. */
  async find(organizationId: string, id: string, manager?: EntityManager): Promise<PolicyRow | undefined> {
    const rows = await (manager ?? this.dataSource).query<PolicyRow[]>(
      `SELECT ${COLUMNS} FROM policies.policies
       WHERE organization_id = $1 AND id = $2 AND deleted_at IS NULL ${manager ? 'FOR UPDATE' : ''}`,
      [organizationId, id],
    );
    return rows[0];
  }

  async nameExists(manager: EntityManager, organizationId: string, name: string): Promise<boolean> {
    const rows = await manager.query<unknown[]>(
      `SELECT 1 FROM policies.policies
       WHERE organization_id = $1 AND lower(name) = lower($2) AND deleted_at IS NULL`,
      [organizationId, name],
    );
    return rows.length > 0;
  }

  /** Control reference → policy id, for the organization's policies imported from `framework`. */
  async importedControls(
    manager: EntityManager,
    organizationId: string,
    framework: string,
  ): Promise<Map<string, string>> {
    const rows = await manager.query<Array<{ id: string; control: string }>>(
      `SELECT id, control FROM policies.policies
       WHERE organization_id = $1 AND framework = $2 AND control IS NOT NULL AND deleted_at IS NULL`,
      [organizationId, framework],
    );
    return new Map(rows.map((row) => [row.control, row.id]));
  }

  /** Sets the mode and moves to the next version; the caller holds the row lock. */
  async setEnforcementMode(
    manager: EntityManager,
    organizationId: string,
    id: string,
    mode: EnforcementMode,
    modeSeverity: PolicySeverity,
    updatedAt: Date,
  ): Promise<PolicyRow> {
    const rows = await manager.query<[PolicyRow[], number]>(
      `UPDATE policies.policies SET enforcement_mode = $3, version = version + 1, updated_at = $5,
         severity = CASE WHEN severity_by_mode THEN $4 ELSE severity END
       WHERE organization_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
      [organizationId, id, mode, modeSeverity, updatedAt],
    );
    return rows[0][0]!;
  }

  /** Writes the changed fields and moves to the next version; the caller holds the row lock. */
  async update(
    manager: EntityManager,
    organizationId: string,
    id: string,
    changes: PolicyChanges,
    updatedAt: Date,
  ): Promise<PolicyRow> {
    const fields = Object.keys(changes) as Array<keyof PolicyChanges>;
    // rules and scope go as JSON text, as at insert.
    const values = fields.map((field) =>
      field === 'rules' || field === 'scope' ? JSON.stringify(changes[field]) : changes[field],
    );
    const assignments = fields.map((field, index) => `${field} = $${index + 4}`);
    const rows = await manager.query<[PolicyRow[], number]>(
      `UPDATE policies.policies SET ${[...assignments, 'version = version + 1', 'updated_at = $3'].join(', ')}
       WHERE organization_id = $1 AND id = $2 AND deleted_at IS NULL RETURNING ${COLUMNS}`,
      [organizationId, id, updatedAt, ...values],
    );
    return rows[0][0]!;
  }

  /**
   * Marks the policy deleted at its next version and returns it so; the row stays for the history that
   * names it. The caller holds the row lock.
   */
  async markDeleted(
    manager: EntityManager,
    organizationId: string,
    id: string,
    deletedAt: Date,
  ): Promise<PolicyRow> {
    const rows = await manager.query<[PolicyRow[], number]>(
      `UPDATE policies.policies SET deleted_at = $3, updated_at = $3, version = version + 1
       WHERE organization_id = $1 AND id = $2 AND deleted_at IS NULL RETURNING ${COLUMNS}`,
      [organizationId, id, deletedAt],
    );
    return rows[0][0]!;
  }

  /** Newest first; `after` is the last row of the previous page. */
  async list(
    organizationId: string,
    filters: Pick<ListPoliciesQuery, 'status' | 'enforcement_mode' | 'framework'>,
    limit: number,
    after?: KeysetPosition,
  ): Promise<PolicyRow[]> {
    return await this.dataSource.query<PolicyRow[]>(
      `SELECT ${COLUMNS} FROM policies.policies
       WHERE organization_id = $1 AND deleted_at IS NULL
         AND ($2::text IS NULL OR status = $2)
         AND ($3::text IS NULL OR enforcement_mode = $3)
         AND ($4::text IS NULL OR framework = $4)
         AND ($5::timestamptz IS NULL OR (created_at, id) < ($5::timestamptz, $6::text))
       ORDER BY created_at DESC, id DESC
       LIMIT $7`,
      [
        organizationId,
        filters.status ?? null,
        filters.enforcement_mode ?? null,
        filters.framework ?? null,
        after?.at ?? null,
        after?.id ?? null,
        limit,
      ],
    );
  }
}
