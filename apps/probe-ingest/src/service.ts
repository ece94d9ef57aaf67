import { connectEventBus } from '@governance/messaging';
import { createLogger, createServiceApp, type ServiceInstance } from '@governance/platform';
import { ProbeIngestAppModule } from './app.module';
import { readProbeIngestConfig } from './config';

export const PROBE_ROUTES = ['/api/service/probe', '/admin/v1/probe-ingest'];

/** Builds the probe ingest service (registration, heartbeats, telemetry, silence monitor), consuming and ready. */
export async function createService(env: NodeJS.ProcessEnv = process.env): Promise<ServiceInstance> {
  const config = readProbeIngestConfig(env);
  const logger = createLogger('probe-ingest', config.logLevel);
  const app = await createServiceApp(ProbeIngestAppModule.register(config, logger), {
    name: 'probe-ingest',
    logger,
  });
  connectEventBus(app, 'probe-ingest');
  // Migrations run in init(); a hybrid app's consumers would otherwise subscribe before the tables exist.
  await app.init();
  await app.startAllMicroservices();
  return { name: 'probe-ingest', routes: PROBE_ROUTES, app };
}
