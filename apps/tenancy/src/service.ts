import { createLogger, createServiceApp, type ServiceInstance } from '@governance/platform';
import { TenancyAppModule } from './app.module';
import { readTenancyConfig } from './config';

export const TENANCY_ROUTES = ['/admin/v1'];

/** Builds the tenancy service, ready to serve; main.ts listens on a port, the standalone composes it. */
export async function createService(env: NodeJS.ProcessEnv = process.env): Promise<ServiceInstance> {
  const config = readTenancyConfig(env);
  const logger = createLogger('tenancy', config.logLevel);
  const app = await createServiceApp(TenancyAppModule.register(config, logger), { name: 'tenancy', logger });
  await app.init();
  return { name: 'tenancy', routes: TENANCY_ROUTES, app };
}
