import { connectEventBus } from '@governance/messaging';
import { createLogger, createServiceApp, type ServiceInstance } from '@governance/platform';
import { PoliciesAppModule } from './app.module';
import { readPoliciesConfig } from './config';

export const POLICIES_ROUTES = ['/api/service/policies', '/admin/v1/policies'];

/** Builds the policies service (policy API and framework import), consuming and ready to serve. */
export async function createService(env: NodeJS.ProcessEnv = process.env): Promise<ServiceInstance> {
  const config = readPoliciesConfig(env);
  const logger = createLogger('policies', config.logLevel);
  const app = await createServiceApp(PoliciesAppModule.register(config, logger), {
    name: 'policies',
    logger,
  });
  connectEventBus(app, 'policies');
  // Migrations run in init(); a hybrid app's consumers would otherwise subscribe before the tables exist.
  await app.init();
  await app.startAllMicroservices();
  return { name: 'policies', routes: POLICIES_ROUTES, app };
}
