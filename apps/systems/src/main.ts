import { createLogger, EnvReader, stopOnSignals } from '@governance/platform';
import { prepareEmbeddedMode } from '@governance/persistence';
import { readSystemsConfig } from './config';
import { createService } from './service';

async function main(): Promise<void> {
  const logger = createLogger('systems');
  const embedded = await prepareEmbeddedMode(process.env, logger);
  const { port } = readSystemsConfig(process.env);
  const graceMs = new EnvReader(process.env).int('SHUTDOWN_GRACE_MS', 30_000, { min: 0 });
  const { app } = await createService(process.env);
  await app.listen({ port, host: '0.0.0.0' });
  logger.info({ port }, 'systems service listening');
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
