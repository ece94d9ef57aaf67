import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import './register-paths';
import { startTestPostgres } from './test-postgres';

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
  var __TEST_POSTGRES__: Awaited<ReturnType<typeof startTestPostgres>> | undefined;
}

/**
 * The integration, end-to-end and browser tiers use the PostgreSQL in DATABASE_URL when it is set, else
 * an embedded one started here for the run; each test file creates its own database on it (see
 * test-database.ts). Each of those tiers names this setup, and jest runs it once per tier that has tests
 * in the run: the first starts the server, the others find it. Unit tests need none of it.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) return;
  installKafkaMockHeaders();
  if (process.env.DATABASE_URL) {
    process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
    return;
  }
  globalThis.__TEST_POSTGRES__ = await startTestPostgres();
  process.env.TEST_DATABASE_URL = globalThis.__TEST_POSTGRES__.url;
}
