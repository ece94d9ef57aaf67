import multipart from '@fastify/multipart';
import { connectEventBus } from '@governance/messaging';
import { createLogger, createServiceApp, type ServiceInstance } from '@governance/platform';
import { AssessAppModule } from './app.module';
import { BODY_LIMIT_BYTES } from './assessments/assessment-limits';
import { MULTIPART_LIMITS } from './assessments/document-upload';
import { readAssessConfig } from './config';

export const ASSESS_ROUTES = ['/api/service/assess', '/admin/v1/assess'];

/** Builds the assess service (document assessments and the systems replica), consuming and ready to serve. */
export async function createService(env: NodeJS.ProcessEnv = process.env): Promise<ServiceInstance> {
  const config = readAssessConfig(env);
  const logger = createLogger('assess', config.logLevel);
  const app = await createServiceApp(AssessAppModule.register(config, logger), {
    name: 'assess',
    logger,
    bodyLimitBytes: BODY_LIMIT_BYTES,
  });
  // Uploads are read on demand by the route (request.parts()), within these limits.
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  connectEventBus(app, 'assess');
  // Migrations run in init(); a hybrid app's consumers would otherwise subscribe before the tables exist.
  await app.init();
  await app.startAllMicroservices();
  return { name: 'assess', routes: ASSESS_ROUTES, app };
}
