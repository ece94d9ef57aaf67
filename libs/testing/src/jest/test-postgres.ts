import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@governance/platform';
import { type RunningPostgres, startEmbeddedPostgres } from '@governance/persistence';
import { freePort } from '../service-process';

const REAPER = join(__dirname, 'reap-orphaned-postgres.mjs');

/**
 * A throw-away PostgreSQL for one test run, in its own temporary directory. A watcher in its own process
 * group ends it and deletes the directory if this process dies without calling `stop` (a killed run).
 */
export async function startTestPostgres(): Promise<RunningPostgres & { dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'governance-test-pg-'));
  // Run as root, PostgreSQL runs as the `postgres` user, which must be able to enter this directory.
  chmodSync(dataDir, 0o755);
  // Started first: a run killed while PostgreSQL starts is cleaned up too.
  spawn(process.execPath, [REAPER, String(process.pid), dataDir], {
    detached: true,
    stdio: 'ignore',
  }).unref();
  const server = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    logger: createLogger('test-postgres', 'warn'),
    // Two e2e files at once run up to twenty service processes, each with its own pool.
    maxConnections: 400,
  });
  return {
    dataDir,
    url: server.url,
    stop: async () => {
      await server.stop();
      // The watcher sees the directory gone and exits.
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
