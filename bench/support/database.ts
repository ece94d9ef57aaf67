import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, Pool } from 'pg';
import { type Logger } from '@governance/platform';
import { startEmbeddedPostgres } from '@governance/persistence';
import { freePort } from '@governance/testing';

export interface BenchDatabase {
  /** A database created for this run. */
  url: string;
  /** Where it runs: `DATABASE_URL` or an embedded PostgreSQL, with the server's version. */
  description: string;
  /** Drops the database, and stops and removes the embedded PostgreSQL if one was started. */
  drop(): Promise<void>;
}

/**
 * A fresh database for one bench run, on the PostgreSQL of `DATABASE_URL` when it is set, else on an
 * embedded one started in a temporary directory for the run.
 */
export async function createBenchDatabase(env: NodeJS.ProcessEnv, logger: Logger): Promise<BenchDatabase> {
  let serverUrl = env.DATABASE_URL;
  let stopServer = async (): Promise<void> => {};
  let where = 'DATABASE_URL';
  if (!serverUrl) {
    const dataDir = mkdtempSync(join(tmpdir(), 'governance-bench-pg-'));
    // Run as root, PostgreSQL runs as the `postgres` user, which must be able to enter this directory.
    chmodSync(dataDir, 0o755);
    const postgres = await startEmbeddedPostgres({ dataDir, port: await freePort(), logger });
    serverUrl = postgres.url;
    where = 'embedded';
    stopServer = async () => {
      await postgres.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const name = `bench_${randomBytes(6).toString('hex')}`;
  let version = '';
  try {
    version = await withClient(serverUrl, async (client) => {
      await client.query(`CREATE DATABASE ${name}`);
      const result = await client.query<{ server_version: string }>('SHOW server_version');
      return result.rows[0]?.server_version ?? '';
    });
  } catch (error) {
    await stopServer();
    throw error;
  }
  const server = serverUrl;
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    description: `PostgreSQL ${version} (${where})`,
    drop: async () => {
      try {
        await withClient(server, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      } finally {
        await stopServer();
      }
    },
  };
}

async function withClient<T>(url: string, use: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/**
 * A pool on a bench database. `pool.end()` resolves before its clients have closed, so the database's
 * drop (WITH FORCE) can cut one off in between; the pool then emits an error that, unheard, ends the
 * process. A query's own failure still reaches its caller.
 */
export function benchPool(connectionString: string, max: number): Pool {
  const pool = new Pool({ connectionString, max });
  pool.on('error', () => undefined);
  return pool;
}
