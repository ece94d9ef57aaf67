import { newId, type SystemSnapshot } from '@governance/contracts';
import { createTestDatabase, openDataSource, systemSnapshot, type TestDatabase } from '@governance/testing';
import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import {
  type ReplicaTableChange,
  SystemsReplica,
  systemsReplicaMigrations,
  systemsReplicaTableSql,
} from './systems-replica';
import {
  announcementRecord,
  mergeRecord,
  type ReplicaRecord as Record,
  snapshotRecord,
} from './testing/replica-records';

const ORG = newId('organization');
const OTHER_ORG = newId('organization');
const hour = (h: number): string => new Date(Date.UTC(2026, 10, 26, h)).toISOString();

const snapshot = (details: SystemSnapshot, organizationId = ORG) => snapshotRecord(organizationId, details);
const announced = (systemId: string, name: string, organizationId = ORG) =>
  announcementRecord(organizationId, systemId, name);
const merged = (requested: string, systemId: string) => mergeRecord(ORG, requested, systemId);

/** The replica against real Postgres: a batch ends where the same records one at a time do. */
describe('SystemsReplica', () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await openDataSource(database, 2);
    for (const schema of ['batched', 'one_by_one']) {
      await dataSource.query(`CREATE SCHEMA ${schema}`);
      await dataSource.query(systemsReplicaTableSql(schema));
    }
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  const rows = (schema: string) =>
    dataSource.query<Array<{ organization_id: string; system_id: string; name: string }>>(
      `SELECT organization_id, system_id, name, declared, risk_tier, status, updated_at FROM ${schema}.systems
       ORDER BY organization_id, system_id`,
    );

  /** Both tables emptied, then given the same rows, as a replica that has seen earlier batches. */
  const reset = async (existing: readonly Record[]) => {
    for (const schema of ['batched', 'one_by_one']) {
      await dataSource.query(`TRUNCATE ${schema}.systems`);
      await dataSource.transaction((manager) => new SystemsReplica(schema).apply(manager, existing));
    }
  };

  /** Applies `history` as one batch and one record at a time; answers the batch's table. */
  const applyBothWays = async (history: readonly Record[]) => {
    await dataSource.transaction((manager) => new SystemsReplica('batched').apply(manager, history));
    for (const record of history)
      await dataSource.transaction((manager) => new SystemsReplica('one_by_one').apply(manager, [record]));
    const batched = await rows('batched');
    expect(batched).toEqual(await rows('one_by_one'));
    return batched;
  };

  it('applies a batch as the same records one at a time would, merges and stale snapshots included', async () => {
    const described = newId('system');
    const stubOnly = newId('system');
    const requested = newId('system');
    const reannounced = newId('system');
    await reset([]);
    const history: Record[] = [
      announced(described, 'from a probe'),
      snapshot(
        systemSnapshot({ system_id: described, name: 'Described', risk_tier: 'high', updated_at: hour(2) }),
      ),
      snapshot(
        systemSnapshot({ system_id: described, name: 'Stale', risk_tier: 'minimal', updated_at: hour(1) }),
      ),
      announced(described, 'announced late'),
      announced(stubOnly, 'Only announced'),
      announced(requested, 'Requested'),
      merged(requested, described),
      announced(reannounced, 'Before its merge'),
      merged(reannounced, described),
      announced(reannounced, 'After its merge'),
    ];
    const byId = new Map((await applyBothWays(history)).map((row) => [row.system_id, row]));
    expect(byId.get(described)).toMatchObject({ name: 'Described', risk_tier: 'high', declared: true });
    expect(byId.get(stubOnly)).toMatchObject({ name: 'Only announced', declared: false, updated_at: null });
    expect(byId.has(requested)).toBe(false);
    expect(byId.get(reannounced)).toMatchObject({ name: 'After its merge' });
  });

  it('ends where one at a time does in any order, over rows already held and two organizations', async () => {
    const held = newId('system');
    const stub = newId('system');
    const tied = newId('system');
    const fresh = newId('system');
    const existing = [
      snapshot(systemSnapshot({ system_id: held, name: 'Held', updated_at: hour(3) })),
      announced(stub, 'Held stub'),
    ];
    const history: Record[] = [
      snapshot(systemSnapshot({ system_id: held, name: 'Older than held', updated_at: hour(2) })),
      snapshot(systemSnapshot({ system_id: held, name: 'Newer than held', updated_at: hour(4) })),
      snapshot(systemSnapshot({ system_id: stub, name: 'Describes the stub', updated_at: hour(1) })),
      snapshot(systemSnapshot({ system_id: tied, name: 'Tie one', updated_at: hour(5) }), OTHER_ORG),
      snapshot(systemSnapshot({ system_id: tied, name: 'Tie two', updated_at: hour(5) }), OTHER_ORG),
      announced(fresh, 'First of two', OTHER_ORG),
      announced(fresh, 'Second of two', OTHER_ORG),
      announced(tied, 'Announced in the other organization'),
      merged(stub, held),
    ];
    const orders = [history, [...history].reverse(), [...history.slice(4), ...history.slice(0, 4)]];
    for (const order of orders) {
      await reset(existing);
      const table = await applyBothWays(order);
      expect(
        table
          .filter((row) => row.organization_id === OTHER_ORG)
          .map((row) => row.system_id)
          .sort(),
      ).toEqual([tied, fresh].sort());
    }
  });
});

/** A change of the replica's table reaches every service that keeps it, through TypeORM's own runner. */
describe('systemsReplicaMigrations', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('runs each table change once, in timestamp order, after the service’s own migrations, and reverts it', async () => {
    const changes: ReplicaTableChange[] = [
      {
        timestamp: 1890000000000,
        up: (table) => `ALTER TABLE ${table} ADD COLUMN owner_email text`,
        down: (table) => `ALTER TABLE ${table} DROP COLUMN owner_email`,
      },
      {
        timestamp: 1880000000000,
        up: (table) => `ALTER TABLE ${table} ADD COLUMN region text NOT NULL DEFAULT 'eu'`,
        down: (table) => `ALTER TABLE ${table} DROP COLUMN region`,
      },
    ];
    const initial = class ReplicaKeeperInitial1764400000000 implements MigrationInterface {
      async up(runner: QueryRunner): Promise<void> {
        await runner.query('CREATE SCHEMA replica_keeper');
        await runner.query(systemsReplicaTableSql('replica_keeper'));
      }
      async down(runner: QueryRunner): Promise<void> {
        await runner.query('DROP SCHEMA replica_keeper CASCADE');
      }
    };
    const migrations = [initial, ...systemsReplicaMigrations('replica_keeper', changes)];
    const dataSource = await new DataSource({
      type: 'postgres',
      url: database.url,
      migrations,
      migrationsTableName: 'replica_keeper_migrations',
    }).initialize();
    try {
      const ran = await dataSource.runMigrations();
      expect(ran.map((migration) => migration.name)).toEqual([
        'ReplicaKeeperInitial1764400000000',
        'SystemsReplicaReplicaKeeper1880000000000',
        'SystemsReplicaReplicaKeeper1890000000000',
      ]);
      const columns = async () =>
        (
          await dataSource.query<Array<{ column_name: string }>>(
            `SELECT column_name FROM information_schema.columns
             WHERE table_schema = 'replica_keeper' AND table_name = 'systems' ORDER BY ordinal_position`,
          )
        ).map((row) => row.column_name);
      expect((await columns()).slice(-2)).toEqual(['region', 'owner_email']);
      expect(await dataSource.runMigrations()).toEqual([]);

      await dataSource.undoLastMigration();
      expect(await columns()).not.toContain('owner_email');
      expect(await columns()).toContain('region');
    } finally {
      await dataSource.destroy();
    }
  });
});
