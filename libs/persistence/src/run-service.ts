import {
  closeGracefully,
  createLogger,
  EnvReader,
  type ServiceInstance,
  stopOnSignals,
} from '@governance/platform';
import { createServiceDataSource, migrate, type ServiceDataSourceOptions } from './data-source';
import { prepareEmbeddedMode } from './embedded-mode';
import { EmbeddedPostgresError } from './embedded-postgres';

type CreateService = (env: NodeJS.ProcessEnv) => Promise<ServiceInstance>;

/** A service's own schema and its migrations in order, as its definition declares them. */
type ServiceMigrations = Pick<ServiceDataSourceOptions, 'schema' | 'migrations'>;

/**
 * The entry point of one service run as its own process (`node dist/apps/<name>/main.js`): embedded
 * PostgreSQL when DATABASE_URL is unset, the service on PORT, and a graceful stop on SIGTERM or SIGINT.
 * With the argument `migrate` it applies the service's migrations and exits 0, starting nothing else
 * (the migration job of a deployment). A failure prints the error and exits 1, so a container restarts.
 */
export function runServiceProcess(
  name: string,
  createService: CreateService,
  migrations: ServiceMigrations,
): void {
  run(name, createService, migrations).catch((error: unknown) => {
    process.stderr.write(`${describeStartFailure(error)}\n`);
    process.exit(1);
  });
}

/** What a failed start prints: advice alone where we gave some, else the whole stack. */
export function describeStartFailure(error: unknown): string {
  if (error instanceof EmbeddedPostgresError) return error.message;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/** What `main.js [command]` does: serve (no argument) or `migrate` and exit. */
export function parseServiceCommand(args: readonly string[]): 'serve' | 'migrate' {
  if (args.length === 0) return 'serve';
  if (args.length === 1 && args[0] === 'migrate') return 'migrate';
  // A typo must not start the service: a migration job would then never exit.
  throw new Error(`unknown arguments "${args.join(' ')}"; usage: main.js [migrate]`);
}

async function run(name: string, createService: CreateService, migrations: ServiceMigrations): Promise<void> {
  if (parseServiceCommand(process.argv.slice(2)) === 'serve') return start(name, createService);
  await migrateAndStop(name, migrations);
  // Nothing is left to do; exiting here means no stray handle can keep a one-shot job running.
  process.exit(0);
}

/**
 * Applies a service's pending migrations, creating its schema, under the same advisory lock as a
 * migration at start, and closes its connections. Running it again once the schema is current changes
 * nothing.
 */
export async function migrateService(
  url: string,
  applicationName: string,
  service: ServiceMigrations,
): Promise<void> {
  // One connection holds the lock while another runs the migrations.
  const dataSource = createServiceDataSource({ url, ...service, poolSize: 2, applicationName });
  await dataSource.initialize();
  try {
    await migrate(dataSource, service.schema);
  } finally {
    await dataSource.destroy();
  }
}

async function migrateAndStop(name: string, migrations: ServiceMigrations): Promise<void> {
  const logger = createLogger(name);
  const embedded = await prepareEmbeddedMode(process.env, logger);
  try {
    // Set by now: prepareEmbeddedMode fills it in when the environment left it unset.
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL is unset and no embedded PostgreSQL was started');
    logger.info({ schema: migrations.schema }, `${name} migrating`);
    await migrateService(url, `${name}-migrate`, migrations);
    logger.info({ schema: migrations.schema }, `${name} schema is current`);
  } finally {
    await embedded?.stop();
  }
}

async function start(name: string, createService: CreateService): Promise<void> {
  const logger = createLogger(name);
  const env = new EnvReader(process.env);
  const port = env.int('PORT', 8080, { min: 0, max: 65535 });
  const graceMs = env.int('SHUTDOWN_GRACE_MS', 30_000, { min: 0 });
  env.assertValid();
  const embedded = await prepareEmbeddedMode(process.env, logger);
  const { app } = await createService(process.env);
  await app.listen({ port, host: '0.0.0.0' });
  logger.info({ port }, `${name} service listening`);
  stopOnSignals(
    async () => {
      await closeGracefully(app);
      await embedded?.stop();
    },
    { graceMs, logger },
  );
}
