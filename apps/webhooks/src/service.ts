import { connectEventBus } from '@governance/messaging';
import { createLogger, createServiceApp, type ServiceInstance } from '@governance/platform';
import { WebhooksAppModule } from './app.module';
import { readWebhooksConfig } from './config';

export const WEBHOOKS_ROUTES = ['/v1/webhooks', '/admin/v1/webhooks'];

/** Builds the webhooks service (management API and dispatcher), consuming and ready to serve. */
export async function createService(env: NodeJS.ProcessEnv = process.env): Promise<ServiceInstance> {
  const config = readWebhooksConfig(env);
  const logger = createLogger('webhooks', config.logLevel);
  const app = await createServiceApp(WebhooksAppModule.register(config, logger), {
    name: 'webhooks',
    logger,
  });
  connectEventBus(app, 'webhooks');
  // Migrations run in init(); a hybrid app's consumers would otherwise subscribe before the tables exist.
  await app.init();
  await app.startAllMicroservices();
  return { name: 'webhooks', routes: WEBHOOKS_ROUTES, app };
}
