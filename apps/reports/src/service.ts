import { connectEventBus } from '@governance/messaging';
import { createLogger, createServiceApp, type ServiceInstance } from '@governance/platform';
import { ReportsAppModule } from './app.module';
import { readReportsConfig } from './config';

export const REPORTS_ROUTES = ['/api/service/reports', '/admin/v1/reports'];

/** Builds the reports service (its read model's projection, the report worker and the reports API). */
export async function createService(env: NodeJS.ProcessEnv = process.env): Promise<ServiceInstance> {
  const config = readReportsConfig(env);
  const logger = createLogger('reports', config.logLevel);
  const app = await createServiceApp(ReportsAppModule.register(config, logger), {
    name: 'reports',
    logger,
  });
  connectEventBus(app, 'reports');
  // Migrations run in init(); a hybrid app's consumers would otherwise subscribe before the tables exist.
  await app.init();
  await app.startAllMicroservices();
  return { name: 'reports', routes: REPORTS_ROUTES, app };
}
