import { createLogger, EnvReader, type ServiceInstance, stopOnSignals } from '@governance/platform';
import { prepareEmbeddedMode } from './embedded-mode';

/**
 * The entry point of one service run as its own process (`node dist/apps/<name>/main.js`): embedded
 * PostgreSQL when DATABASE_URL is unset, the service on PORT, and a graceful stop on SIGTERM or SIGINT.
 * A failure to start prints the error and exits 1, so a container restarts.
 */
export function runServiceProcess(
  name: string,
  createService: (env: NodeJS.ProcessEnv) => Promise<ServiceInstance>,
): void {
  start(name, createService).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}

async function start(
  name: string,
  createService: (env: NodeJS.ProcessEnv) => Promise<ServiceInstance>,
): Promise<void> {
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
      await app.close();
      await embedded?.stop();
    },
    { graceMs, logger },
  );
}
