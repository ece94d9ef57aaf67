import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import './register-paths';
import { createLogger } from '@governance/platform';
import { startEmbeddedPostgres, type RunningPostgres } from '@governance/persistence';
import { freePort } from '../service-process';

declare global {
  var __TEST_POSTGRES__: RunningPostgres | undefined;
}

/**
 * Integration tests use the PostgreSQL in DATABASE_URL when it is set, else an embedded one started
 * here for the run. Each test file then creates its own database on it (see test-database.ts).
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.DATABASE_URL) {
    process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'governance-test-pg-'));
  // Run as root, PostgreSQL runs as the `postgres` user, which must be able to enter this directory.
  chmodSync(dataDir, 0o755);
  globalThis.__TEST_POSTGRES__ = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    logger: createLogger('test-postgres', 'warn'),
    // Two e2e files at once run up to twenty service processes, each with its own pool.
    maxConnections: 400,
  });
  process.env.TEST_DATABASE_URL = globalThis.__TEST_POSTGRES__.url;
}
