import { INTERNAL_TOPICS, publicTopicFor } from '@governance/contracts';
import { type ProjectedRecord, type Projection } from '@governance/messaging';
import { assertSchemaName } from '@governance/persistence';
import { type EntityManager } from 'typeorm';

/** The topics the replica of systems is built from: the systems service's snapshots, and the announcement. */
export const SYSTEMS_REPLICA_TOPICS = [INTERNAL_TOPICS.systems, publicTopicFor('system.registered')] as const;

export type SystemsReplicaTopic = (typeof SYSTEMS_REPLICA_TOPICS)[number];

/**
 * The replica's table in `schema`, as the initial migrations of dashboard and reports create it.
 * `updated_at` of the snapshot applied last; a row made from a public system.registered has none yet.
 */
export function systemsReplicaTableSql(schema: string): string {
  return `CREATE TABLE ${assertSchemaName(schema)}.systems (
      organization_id text NOT NULL,
      system_id text NOT NULL,
      name text NOT NULL,
      declared boolean NOT NULL,
      risk_tier text NOT NULL DEFAULT 'unclassified',
      status text NOT NULL DEFAULT 'active',
      updated_at timestamptz,
      PRIMARY KEY (organization_id, system_id)
    )`;
}

/**
 * A service's replica of the systems inventory, kept in `<schema>.systems`. Every write is scoped by
 * organization id and order-tolerant: a snapshot keeps the newest by `updated_at`, and the public
 * announcement only fills in a system no snapshot has described yet, so late or repeated records never
 * move it backwards.
 */
export class SystemsReplica implements Projection<SystemsReplicaTopic> {
  readonly topics = SYSTEMS_REPLICA_TOPICS;
  private readonly table: string;

  constructor(schema: string) {
    this.table = `${assertSchemaName(schema)}.systems`;
  }

  async apply(
    manager: EntityManager,
    records: ReadonlyArray<ProjectedRecord<SystemsReplicaTopic>>,
  ): Promise<void> {
    for (const { topic, record } of records) {
      if (topic === INTERNAL_TOPICS.systems)
        switch (record.event) {
          case 'system.created':
          case 'system.updated': {
            const system = record.details;
            await manager.query(
              `INSERT INTO ${this.table} (organization_id, system_id, name, declared, risk_tier, status, updated_at)
               VALUES ($1, $2, $3, $4, $5, $6, $7)
               ON CONFLICT (organization_id, system_id) DO UPDATE SET
                 name = EXCLUDED.name, declared = EXCLUDED.declared, risk_tier = EXCLUDED.risk_tier,
                 status = EXCLUDED.status, updated_at = EXCLUDED.updated_at
               WHERE systems.updated_at IS NULL OR systems.updated_at <= EXCLUDED.updated_at`,
              [
                record.organization_id,
                system.system_id,
                system.name,
                system.declared,
                system.risk_tier,
                system.status,
                system.updated_at,
              ],
            );
            break;
          }
          case 'system.registration_merged': {
            // A requested id that now stands for an existing system is not a system of its own.
            const { requested_system_id: requested, system_id: systemId } = record.details;
            if (requested === systemId) break;
            await manager.query(
              `DELETE FROM ${this.table} WHERE organization_id = $1 AND system_id = $2 AND updated_at IS NULL`,
              [record.organization_id, requested],
            );
            break;
          }
        }
      else if (record.system_id !== null)
        await manager.query(
          `INSERT INTO ${this.table} (organization_id, system_id, name, declared) VALUES ($1, $2, $3, $4)
           ON CONFLICT (organization_id, system_id) DO NOTHING`,
          [record.organization_id, record.system_id, record.details.system_name, record.details.declared],
        );
    }
  }
}
