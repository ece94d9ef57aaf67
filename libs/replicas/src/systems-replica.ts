import { INTERNAL_TOPICS, publicTopicFor, type SystemSnapshot } from '@governance/contracts';
import { type ProjectedRecord, type Projection } from '@governance/messaging';
import { assertSchemaName, unnestColumns } from '@governance/persistence';
import { type EntityManager, type MigrationInterface, type QueryRunner } from 'typeorm';

/** The topics the replica of systems is built from: the systems service's snapshots, and the announcement. */
export const SYSTEMS_REPLICA_TOPICS = [INTERNAL_TOPICS.systems, publicTopicFor('system.registered')] as const;

export type SystemsReplicaTopic = (typeof SYSTEMS_REPLICA_TOPICS)[number];

/** Snapshot fields the replica leaves out: the keys and `updated_at` it keeps apart, and what no reader needs. */
type NotReplicated =
  | 'system_id'
  | 'updated_at'
  | 'created_at'
  | 'description'
  | 'owner'
  | 'vendor'
  | 'model'
  | 'environment'
  | 'host'
  | 'runtime'
  | 'tags'
  | 'registration_source'
  | 'discovery_method';

/**
 * The snapshot fields the replica keeps beside its keys and `updated_at`, with their column types: the
 * upsert, `SystemsReplicaRow` and readers' column lists follow from it. Every snapshot field is either
 * here or in `NotReplicated`, so the compiler asks about a new one; a field added here needs its column
 * added in `SYSTEMS_REPLICA_TABLE_CHANGES` too, which every service keeping the replica then runs.
 */
const REPLICA_COLUMNS = {
  name: 'text',
  declared: 'boolean',
  risk_tier: 'text',
  status: 'text',
} as const satisfies Record<Exclude<keyof SystemSnapshot, NotReplicated>, 'text' | 'boolean' | 'timestamptz'>;

type ReplicaColumn = keyof typeof REPLICA_COLUMNS;
/** The replica's columns beside `organization_id`, `system_id` and `updated_at`, in a fixed order. */
export const SYSTEMS_REPLICA_COLUMNS = Object.keys(REPLICA_COLUMNS) as readonly ReplicaColumn[];
const COLUMNS = SYSTEMS_REPLICA_COLUMNS;

/** A system as a service's replica holds it. */
export type SystemsReplicaRow = Pick<SystemSnapshot, 'system_id' | ReplicaColumn>;

/**
 * The replica's table in `schema`, as the initial migrations of dashboard and reports created it (so it
 * never changes: later columns come in `SYSTEMS_REPLICA_TABLE_CHANGES`). `updated_at` of the snapshot
 * applied last; a row made from a public system.registered has none yet.
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

/** A change of the replica's table after `systemsReplicaTableSql`, over `<schema>.systems`. */
export interface ReplicaTableChange {
  /** When it was written (ms since the epoch): its place among each service's migrations. */
  timestamp: number;
  up: (table: string) => string;
  down: (table: string) => string;
}

/** The replica table's changes, oldest first. Appending one migrates every service that keeps it. */
export const SYSTEMS_REPLICA_TABLE_CHANGES: readonly ReplicaTableChange[] = [];

/**
 * The migrations (TypeORM classes, named `SystemsReplica<Schema><timestamp>`) that bring `<schema>.systems`
 * from `systemsReplicaTableSql` to the current shape; each service that keeps the replica lists them
 * after its own.
 */
export function systemsReplicaMigrations(
  schema: string,
  changes: readonly ReplicaTableChange[] = SYSTEMS_REPLICA_TABLE_CHANGES,
): Array<new () => MigrationInterface> {
  const table = `${assertSchemaName(schema)}.systems`;
  const prefix = `SystemsReplica${schema.replace(/(^|_)([a-z])/g, (_, __, letter: string) => letter.toUpperCase())}`;
  return changes.map(({ timestamp, up, down }) => {
    const name = `${prefix}${timestamp}`;
    const migration = class implements MigrationInterface {
      name = name;
      async up(runner: QueryRunner): Promise<void> {
        await runner.query(up(table));
      }
      async down(runner: QueryRunner): Promise<void> {
        await runner.query(down(table));
      }
    };
    Object.defineProperty(migration, 'name', { value: name });
    return migration;
  });
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
  /** Built once from REPLICA_COLUMNS, so its text never varies. */
  private readonly upsertSql: string;

  constructor(schema: string) {
    this.table = `${assertSchemaName(schema)}.systems`;
    const arrays = COLUMNS.map((column, index) => `$${index + 3}::${REPLICA_COLUMNS[column]}[]`);
    const updates = [...COLUMNS, 'updated_at'].map((column) => `${column} = EXCLUDED.${column}`);
    this.upsertSql = `INSERT INTO ${this.table} AS s (organization_id, system_id, ${COLUMNS.join(', ')}, updated_at)
       SELECT * FROM unnest($1::text[], $2::text[], ${arrays.join(', ')}, $${COLUMNS.length + 3}::timestamptz[])
       ON CONFLICT (organization_id, system_id) DO UPDATE SET ${updates.join(', ')}
       WHERE s.updated_at IS NULL OR s.updated_at <= EXCLUDED.updated_at`;
  }

  /**
   * Applies a batch in three statements per run of records between merges: the newest snapshot of each
   * system, the announcements, and then the merge that ends the run. Snapshots and announcements commute
   * (a snapshot overwrites a row an announcement made; an announcement leaves a row a snapshot made), so
   * only a merge, whose delete a later announcement would undo, fixes the order.
   */
  async apply(
    manager: EntityManager,
    records: ReadonlyArray<ProjectedRecord<SystemsReplicaTopic>>,
  ): Promise<void> {
    for (const run of replicaRuns(records)) {
      if (run.snapshots.length > 0) await this.upsertSnapshots(manager, run.snapshots);
      if (run.announcements.length > 0) await this.insertAnnouncements(manager, run.announcements);
      if (run.merge) await this.dropRequested(manager, run.merge);
    }
  }

  private async upsertSnapshots(manager: EntityManager, snapshots: readonly KeptSnapshot[]): Promise<void> {
    await manager.query(
      this.upsertSql,
      unnestColumns(snapshots, ({ organizationId, snapshot }) => [
        organizationId,
        snapshot.system_id,
        ...COLUMNS.map((column) => snapshot[column]),
        snapshot.updated_at,
      ]),
    );
  }

  /** Only a system no record has described yet gets a row, from its first announcement. */
  private async insertAnnouncements(
    manager: EntityManager,
    announced: readonly Announcement[],
  ): Promise<void> {
    await manager.query(
      `INSERT INTO ${this.table} (organization_id, system_id, name, declared)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::boolean[])
       ON CONFLICT (organization_id, system_id) DO NOTHING`,
      unnestColumns(announced, (announcement) => [
        announcement.organizationId,
        announcement.systemId,
        announcement.name,
        announcement.declared,
      ]),
    );
  }

  /** A requested id that now stands for an existing system is not a system of its own. */
  private async dropRequested(manager: EntityManager, merge: Merge): Promise<void> {
    await manager.query(
      `DELETE FROM ${this.table} WHERE organization_id = $1 AND system_id = $2 AND updated_at IS NULL`,
      [merge.organizationId, merge.requestedSystemId],
    );
  }
}

interface KeptSnapshot {
  organizationId: string;
  snapshot: SystemSnapshot;
}

interface Announcement {
  organizationId: string;
  systemId: string;
  name: string;
  declared: boolean;
}

interface Merge {
  organizationId: string;
  requestedSystemId: string;
}

/** Records up to and including a merge (or the batch's end), as the writes they come to. */
export interface ReplicaRun {
  /** The newest snapshot of each system, by `updated_at`; of equal ones, the later record's. */
  snapshots: KeptSnapshot[];
  /** The first announcement of each system: the one a row is made from, when none exists. */
  announcements: Announcement[];
  merge?: Merge;
}

const systemKey = (organizationId: string, systemId: string): string => `${organizationId}\u0000${systemId}`;

/**
 * Splits a batch into runs, each ending at a merge of a requested id into another system (pure:
 * systems-replica.unit.spec.ts). Snapshots compare by `updated_at` to the millisecond, as the systems
 * service writes it; Postgres would tell apart microseconds.
 */
export function replicaRuns(records: ReadonlyArray<ProjectedRecord<SystemsReplicaTopic>>): ReplicaRun[] {
  const runs: ReplicaRun[] = [];
  let snapshots = new Map<string, KeptSnapshot>();
  let announcements = new Map<string, Announcement>();
  const close = (merge?: Merge) => {
    if (snapshots.size > 0 || announcements.size > 0 || merge)
      runs.push({ snapshots: [...snapshots.values()], announcements: [...announcements.values()], merge });
    snapshots = new Map();
    announcements = new Map();
  };
  for (const { topic, record } of records) {
    if (topic !== INTERNAL_TOPICS.systems) {
      const systemId = record.system_id;
      if (systemId === null) continue;
      const key = systemKey(record.organization_id, systemId);
      if (!announcements.has(key))
        announcements.set(key, {
          organizationId: record.organization_id,
          systemId,
          name: record.details.system_name,
          declared: record.details.declared,
        });
    } else if (record.event === 'system.registration_merged') {
      const { requested_system_id: requested, system_id: systemId } = record.details;
      if (requested !== systemId)
        close({ organizationId: record.organization_id, requestedSystemId: requested });
    } else {
      const key = systemKey(record.organization_id, record.details.system_id);
      const held = snapshots.get(key);
      if (!held || Date.parse(held.snapshot.updated_at) <= Date.parse(record.details.updated_at))
        snapshots.set(key, { organizationId: record.organization_id, snapshot: record.details });
    }
  }
  close();
  return runs;
}
