import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createTestDatabase, freePort, startServiceProcess, type TestDatabase } from '@governance/testing';
import { Client } from 'pg';
import { dashboardService } from './service';
import { DASHBOARD_READ_MODEL_TABLES } from './migrations/1764200000000-dashboard-initial';

const MAIN = resolve(__dirname, '../../../dist/apps/dashboard/main.js');

/** The read model, and the outbox, inbox and tenant replica every service keeps in its schema. */
const EXPECTED_TABLES = [
  ...DASHBOARD_READ_MODEL_TABLES,
  'dashboard.outbox',
  'dashboard.processed_events',
  'dashboard.dead_letters',
  'dashboard.organizations',
  'dashboard.api_keys',
  'dashboard.sessions',
  'dashboard.memberships',
  'dashboard.migrations',
].sort();

interface Run {
  code: number | string;
  output: string;
  /** Whether anything answered on PORT while the process ran. */
  listened: boolean;
}

/** Runs `main.js migrate` to its end, knocking on PORT all the while. */
async function migrate(env: Record<string, string>): Promise<Run> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing; build first (node tools/build.js dashboard)`);
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN, 'migrate'], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | string>((resolveExit) =>
    child.once('exit', (code, signal) => resolveExit(code ?? signal ?? 'unknown')),
  );
  let running = true;
  void exited.then(() => (running = false));
  let listened = false;
  while (running) {
    if (await answers(port)) listened = true;
    await new Promise((resolveWait) => setTimeout(resolveWait, 20));
  }
  return { code: await exited, output, listened };
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolveAnswer) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolveAnswer(true);
    });
    socket.once('error', () => resolveAnswer(false));
  });
}

async function inspect(url: string): Promise<{ tables: string[]; applied: string[] }> {
  const sql = new Client({ connectionString: url });
  await sql.connect();
  try {
    const tables = await sql.query<{ name: string }>(
      `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
       WHERE table_schema = $1 ORDER BY name`,
      [dashboardService.schema],
    );
    const applied = await sql.query<{ name: string }>('SELECT name FROM dashboard.migrations ORDER BY id');
    return { tables: tables.rows.map((r) => r.name).sort(), applied: applied.rows.map((r) => r.name) };
  } finally {
    await sql.end();
  }
}

const MIGRATION_NAMES = dashboardService.migrations.map((migration) => migration.name);

/** `node dist/apps/dashboard/main.js migrate`: the command a deployment's migration job runs. */
describe('dashboard main.js migrate', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  it('creates the schema, applies every migration and exits 0 without opening a port', async () => {
    const run = await migrate({ DATABASE_URL: database.url });

    expect({ code: run.code, output: run.output }).toEqual({ code: 0, output: expect.any(String) });
    expect(run.listened).toBe(false);
    expect(run.output).not.toContain('listening');
    expect(await inspect(database.url)).toEqual({ tables: EXPECTED_TABLES, applied: MIGRATION_NAMES });
  }, 90_000);

  it('changes nothing when run again on a current schema', async () => {
    const sql = new Client({ connectionString: database.url });
    await sql.connect();
    try {
      await sql.query(
        `INSERT INTO dashboard.systems (organization_id, system_id, name, declared) VALUES ('org_1', 'sys_1', 'kept', true)`,
      );
      const run = await migrate({ DATABASE_URL: database.url });

      expect({ code: run.code, output: run.output }).toEqual({ code: 0, output: expect.any(String) });
      expect(run.listened).toBe(false);
      expect(await inspect(database.url)).toEqual({ tables: EXPECTED_TABLES, applied: MIGRATION_NAMES });
      const kept = await sql.query('SELECT name FROM dashboard.systems');
      expect(kept.rows).toEqual([{ name: 'kept' }]);
    } finally {
      await sql.end();
    }
  }, 90_000);

  it('exits 1 and prints the error when the database cannot be reached', async () => {
    const unreachable = `postgres://governance:governance@127.0.0.1:${await freePort()}/governance`;
    const run = await migrate({ DATABASE_URL: unreachable });

    expect(run.code).toBe(1);
    expect(run.output).toMatch(/ECONNREFUSED/);
    expect(run.listened).toBe(false);
  }, 90_000);

  it('without DATABASE_URL migrates the embedded PostgreSQL under DATA_DIR and stops it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dashboard-migrate-'));
    // Run as root, PostgreSQL runs as the `postgres` user, which must be able to enter this directory.
    chmodSync(dataDir, 0o755);
    const postgresPort = await freePort();
    const env = { DATA_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(postgresPort) };

    const first = await migrate(env);
    expect({ code: first.code, output: first.output }).toEqual({ code: 0, output: expect.any(String) });
    expect(first.listened).toBe(false);
    // Stopped on the way out: the next start of the service finds the cluster free.
    expect(await answers(postgresPort)).toBe(false);
    const again = await migrate(env);
    expect({ code: again.code, output: again.output }).toEqual({ code: 0, output: expect.any(String) });

    // The service starts on that schema without migrating, and its PostgreSQL shows what the job did.
    const service = await startServiceProcess('dashboard', { ...env, RUN_MIGRATIONS: 'false' }, 90_000);
    try {
      const password = readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim();
      const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${postgresPort}/governance`;
      expect(await inspect(url)).toEqual({ tables: EXPECTED_TABLES, applied: MIGRATION_NAMES });
    } finally {
      expect(await service.stop()).toBe(0);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
