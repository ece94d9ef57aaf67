import { Injectable } from '@nestjs/common';
import { type EnforcementMode, type PolicySnapshot, type PolicyStatus } from '@governance/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { type ScopeColumns, scopeColumns } from './policy-scope';
import { type SyncedPolicy } from './policy-sync.dto';

/** A policy's status in the replica: its own, or `deleted` for the tombstone of a deleted one. */
export type ReplicaStatus = PolicyStatus | 'deleted';

/** A policy as policy-sync serves it, its timestamp still a Date. */
export type ReplicaPolicyRow = Omit<SyncedPolicy, 'updated_at'> & { updated_at: Date };

/** An active policy as the violations consumer reads it; rules stay text until a version is first seen. */
export interface ActivePolicyRow {
  policy_id: string;
  organization_id: string;
  name: string;
  enforcement_mode: EnforcementMode;
  version: number;
  scope: ScopeColumns;
  rulesText: string;
}

/** All SQL on probe_ingest.policies: the replica of the policies service's policies. */
@Injectable()
export class PolicyReplicaRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Applies a snapshot, in `status`, unless the row already holds this version or a newer one. */
  async applySnapshot(
    manager: EntityManager,
    organizationId: string,
    snapshot: PolicySnapshot,
    status: ReplicaStatus,
  ): Promise<void> {
    const scope = scopeColumns(snapshot.scope);
    await manager.query(
      `INSERT INTO probe_ingest.policies
         (policy_id, organization_id, name, description, enforcement_mode, status, severity, rules,
          all_systems, system_ids, framework, control, version, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       ON CONFLICT (policy_id) DO UPDATE SET
         name = EXCLUDED.name, description = EXCLUDED.description,
         enforcement_mode = EXCLUDED.enforcement_mode, status = EXCLUDED.status, severity = EXCLUDED.severity,
         rules = EXCLUDED.rules, all_systems = EXCLUDED.all_systems, system_ids = EXCLUDED.system_ids,
         framework = EXCLUDED.framework, control = EXCLUDED.control, version = EXCLUDED.version,
         updated_at = EXCLUDED.updated_at
       WHERE probe_ingest.policies.organization_id = EXCLUDED.organization_id
         AND probe_ingest.policies.version < EXCLUDED.version`,
      [
        snapshot.policy_id,
        organizationId,
        snapshot.name,
        snapshot.description,
        snapshot.enforcement_mode,
        status,
        snapshot.severity,
        JSON.stringify(snapshot.rules),
        scope.allSystems,
        scope.systemIds,
        snapshot.framework,
        snapshot.control,
        snapshot.version,
        snapshot.updated_at,
      ],
    );
  }

  /** The active policies of the organization that apply to the system, by id. */
  async activeForSystem(organizationId: string, systemId: string): Promise<ReplicaPolicyRow[]> {
    return this.dataSource.query<ReplicaPolicyRow[]>(
      `SELECT policy_id, name, description, enforcement_mode, rules, framework, control, version, updated_at
       FROM probe_ingest.policies
       WHERE organization_id = $1 AND status = 'active' AND (all_systems OR $2 = ANY(system_ids))
       ORDER BY policy_id`,
      [organizationId, systemId],
    );
  }

  /** Every active policy of these organizations, for evaluation in the caller's transaction. */
  async activeForOrganizations(
    manager: EntityManager,
    organizationIds: readonly string[],
  ): Promise<ActivePolicyRow[]> {
    return manager.query<ActivePolicyRow[]>(
      `SELECT policy_id, organization_id, name, enforcement_mode, version,
         json_build_object('allSystems', all_systems, 'systemIds', system_ids) AS scope,
         rules::text AS "rulesText"
       FROM probe_ingest.policies
       WHERE organization_id = ANY($1::text[]) AND status = 'active'
       ORDER BY organization_id, policy_id`,
      [organizationIds],
    );
  }
}
