import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import './register-paths';
import { createLogger } from '@governance/platform';
import { startEmbeddedPostgres, type RunningPostgres } from '@governance/persistence';
import { freePort } from '../service-process';

const KAFKA_MOCK_HEADER = '/usr/include/librdkafka/rdkafka_mock.h';

/**
 * The Kafka tests compile librdkafka's mock cluster from Debian's headers. On a fresh Debian machine, run
 * as root, they are installed here once, so `npm test` needs nothing installed beforehand; elsewhere the
 * Kafka tests say what to install.
 */
function installKafkaMockHeaders(): void {
  if (existsSync(KAFKA_MOCK_HEADER) || process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return;
  process.stdout.write('\nInstalling librdkafka-dev and gcc for the Kafka mock cluster (apt-get)…\n');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '-qq', 'librdkafka-dev', 'gcc'], { env, stdio: 'ignore' });
  if (install().status !== 0) {
    spawnSync('apt-get', ['update', '-qq'], { env, stdio: 'ignore' });
    install();
  }
}

declare global {
  var __TEST_POSTGRES__: RunningPostgres | undefined;
}

/**
 * Integration tests use the PostgreSQL in DATABASE_URL when it is set, else an embedded one started
 * here for the run. Each test file then creates its own database on it (see test-database.ts).
 */
export default async function globalSetup(): Promise<void> {
  installKafkaMockHeaders();
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
