import { connectEventBus } from '@governance/messaging';
import { createLogger, createServiceApp, type ServiceInstance } from '@governance/platform';
import { SystemsAppModule } from './app.module';
import { readSystemsConfig } from './config';

export const SYSTEMS_ROUTES = ['/api/service/systems', '/admin/v1/systems'];

/** Builds the systems service (inventory API and probe replica), consuming and ready to serve. */
export async function createService(env: NodeJS.ProcessEnv = process.env): Promise<ServiceInstance> {
  const config = readSystemsConfig(env);
  const logger = createLogger('systems', config.logLevel);
  const app = await createServiceApp(SystemsAppModule.register(config, logger), { name: 'systems', logger });
  connectEventBus(app, 'systems');
  // Migrations run in init(); a hybrid app's consumers would otherwise subscribe before the tables exist.
  await app.init();
  await app.startAllMicroservices();
  return { name: 'systems', routes: SYSTEMS_ROUTES, app };
}
