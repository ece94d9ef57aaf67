import { createLogger, EnvReader, stopOnSignals } from '@governance/platform';
import { prepareEmbeddedMode } from '@governance/persistence';
import { readProbeIngestConfig } from './config';
import { createService } from './service';

async function main(): Promise<void> {
  const logger = createLogger('probe-ingest');
  const embedded = await prepareEmbeddedMode(process.env, logger);
  const { port } = readProbeIngestConfig(process.env);
  const graceMs = new EnvReader(process.env).int('SHUTDOWN_GRACE_MS', 30_000, { min: 0 });
  const { app } = await createService(process.env);
  await app.listen({ port, host: '0.0.0.0' });
  logger.info({ port }, 'probe ingest service listening');
  stopOnSignals(
    async () => {
      await app.close();
      await embedded?.stop();
    },
    { graceMs, logger },
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
