import { createTestDatabase, eventually, type TestDatabase } from '@governance/testing';
import { Client } from 'pg';
import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { migrateService } from './run-service';

class WidgetsInitial1700000000000 implements MigrationInterface {
  name = 'WidgetsInitial1700000000000';
  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE TABLE widgets.widgets (id text PRIMARY KEY)');
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE widgets.widgets');
  }
}

class WidgetsColour1700000000001 implements MigrationInterface {
  name = 'WidgetsColour1700000000001';
  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE widgets.widgets ADD COLUMN colour text');
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE widgets.widgets DROP COLUMN colour');
  }
}

class WidgetsBroken1700000000002 implements MigrationInterface {
  name = 'WidgetsBroken1700000000002';
  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE widgets.widgets ADD COLUMN size integer');
    await runner.query('ALTER TABLE widgets.no_such_table ADD COLUMN size integer');
  }
  async down(): Promise<void> {}
}

describe('migrateService', () => {
  let database: TestDatabase;
  let sql: Client;

  beforeEach(async () => {
    database = await createTestDatabase();
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  });

  afterEach(async () => {
    await sql.end();
    await database.drop();
  });

  async function applied(): Promise<string[]> {
    const { rows } = await sql.query<{ name: string }>('SELECT name FROM widgets.migrations ORDER BY id');
    return rows.map((row) => row.name);
  }

  async function columns(): Promise<string[]> {
    const { rows } = await sql.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns
       WHERE table_schema = 'widgets' AND table_name = 'widgets' ORDER BY ordinal_position`,
    );
    return rows.map((row) => row.column_name);
  }

  it('creates the schema, applies the migrations in order, and changes nothing when run again', async () => {
    const service = { schema: 'widgets', migrations: [WidgetsInitial1700000000000] };
    await migrateService(database.url, 'widgets-migrate', service);
    expect(await applied()).toEqual(['WidgetsInitial1700000000000']);

    const upgraded = { ...service, migrations: [WidgetsInitial1700000000000, WidgetsColour1700000000001] };
    await migrateService(database.url, 'widgets-migrate', upgraded);
    await migrateService(database.url, 'widgets-migrate', upgraded);
    expect(await applied()).toEqual(['WidgetsInitial1700000000000', 'WidgetsColour1700000000001']);
    expect(await columns()).toEqual(['id', 'colour']);
  });

  it('lets concurrent runs apply each migration once, one run at a time under the lock', async () => {
    const service = {
      schema: 'widgets',
      migrations: [WidgetsInitial1700000000000, WidgetsColour1700000000001],
    };
    await Promise.all([1, 2, 3].map(() => migrateService(database.url, 'widgets-migrate', service)));
    expect(await applied()).toEqual(['WidgetsInitial1700000000000', 'WidgetsColour1700000000001']);
  });

  it('fails on a broken migration, keeps what came before it, and leaves no connection behind', async () => {
    const service = {
      schema: 'widgets',
      migrations: [WidgetsInitial1700000000000, WidgetsBroken1700000000002],
    };
    await expect(migrateService(database.url, 'widgets-migrate', service)).rejects.toThrow(/no_such_table/);
    expect(await applied()).toEqual(['WidgetsInitial1700000000000']);
    // The broken migration ran in its own transaction: its first statement was rolled back too.
    expect(await columns()).toEqual(['id']);
    // A backend may outlive its client's close by a moment.
    await eventually(
      async () => {
        const { rows } = await sql.query<{ sessions: number; locks: number }>(
          `SELECT
             (SELECT count(*)::int FROM pg_stat_activity WHERE application_name = 'widgets-migrate') AS sessions,
             (SELECT count(*)::int FROM pg_locks JOIN pg_database ON pg_database.oid = pg_locks.database
              WHERE locktype = 'advisory' AND datname = current_database()) AS locks`,
        );
        return rows[0]?.sessions === 0 && rows[0].locks === 0;
      },
      10_000,
      'the migration connections to close',
    );
  });
});
