import { connectEventBus } from '@governance/messaging';
import { createLogger, createServiceApp, type ServiceInstance } from '@governance/platform';
import { DashboardAppModule } from './app.module';
import { readDashboardConfig } from './config';

export const DASHBOARD_ROUTES = ['/api/service/dashboard', '/admin/v1/dashboard'];

/** Builds the dashboard service (its read model's projection and the dashboard API), consuming and ready. */
export async function createService(env: NodeJS.ProcessEnv = process.env): Promise<ServiceInstance> {
  const config = readDashboardConfig(env);
  const logger = createLogger('dashboard', config.logLevel);
  const app = await createServiceApp(DashboardAppModule.register(config, logger), {
    name: 'dashboard',
    logger,
  });
  connectEventBus(app, 'dashboard');
  // Migrations run in init(); a hybrid app's consumers would otherwise subscribe before the tables exist.
  await app.init();
  await app.startAllMicroservices();
  return { name: 'dashboard', routes: DASHBOARD_ROUTES, app };
}
