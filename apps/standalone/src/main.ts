import { join } from 'node:path';
import { describeStartFailure, prepareEmbeddedMode } from '@governance/persistence';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  buildOpenApiDocument,
  createLogger,
  createServiceApp,
  EnvReader,
  type Logger,
  PlatformModule,
  readRequestTimeoutMs,
  serveComposition,
  type ServiceInstance,
  stopOnSignals,
} from '@governance/platform';
import { createConsoleSite } from './console-site';

// webpack's name for the real Node require, which it leaves alone, unlike `require`.
declare const __non_webpack_require__: NodeJS.Require;

/** Every service that exists, in start order: identity first, so keys exist before anyone checks them. */
const SERVICES = [
  'identity',
  'systems',
  'probe-ingest',
  'assess',
  'policies',
  'dashboard',
  'reports',
  'webhooks',
] as const;

/*
 * Each service is loaded from its own built bundle at run time. Apps never import each other's code, so
 * the composition depends on the build output, exactly as a process manager would.
 */
function loadService(name: string): { createService(env: NodeJS.ProcessEnv): Promise<ServiceInstance> } {
  return __non_webpack_require__(join(__dirname, '..', name, 'service.js')) as {
    createService(env: NodeJS.ProcessEnv): Promise<ServiceInstance>;
  };
}

/**
 * Serves /docs and /docs/openapi.json for the whole composition: one document of every service's routes,
 * where each service run alone serves its own. It answers health like a service, for the composition.
 */
async function createDocsApp(
  services: ServiceInstance[],
  logger: Logger,
  overTls: boolean,
): Promise<NestFastifyApplication> {
  const app = await createServiceApp(PlatformModule.forService(logger), {
    name: 'docs',
    logger,
    strictTransportSecurity: overTls,
    openApiDocument: () => buildOpenApiDocument(services.map((service) => service.app)),
  });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

async function main(): Promise<void> {
  const logger = createLogger('standalone');
  const env = new EnvReader(process.env);
  const port = env.int('PORT', 8080, { min: 0, max: 65535 });
  const host = env.string('HOST', '0.0.0.0');
  const shutdownGraceMs = env.int('SHUTDOWN_GRACE_MS', 30_000, { min: 0 });
  const requestTimeoutMs = readRequestTimeoutMs(env);
  // Behind a TLS proxy: every answer, the console's too, tells browsers to keep to HTTPS.
  const overTls = env.optionalString('PUBLIC_URL')?.startsWith('https://') ?? false;
  env.assertValid();

  const embedded = await prepareEmbeddedMode(process.env, logger);
  const services: ServiceInstance[] = [];
  for (const name of SERVICES) {
    const service = await loadService(name).createService(process.env);
    // Fastify compiles its hooks in ready(); routing a request into it before then fails.
    await service.app.getHttpAdapter().getInstance().ready();
    services.push(service);
  }
  const docs = await createDocsApp(services, logger, overTls);
  // The console, built beside the services (tools/build.js); at `/`, as the edge serves it when distributed.
  const consoleSite = await createConsoleSite(join(__dirname, '..', 'console'), {
    strictTransportSecurity: overTls,
  });
  if (!consoleSite)
    logger.warn('dist/apps/console is missing: the console is not served (node tools/build.js builds it)');
  const server = serveComposition(
    [
      ...services.map((service) => ({
        name: service.name,
        routes: service.routes,
        fastify: service.app.getHttpAdapter().getInstance(),
      })),
      { name: 'docs', routes: ['/docs'], fastify: docs.getHttpAdapter().getInstance() },
    ],
    consoleSite,
    requestTimeoutMs,
  );
  server.once('error', (error: NodeJS.ErrnoException) => {
    const advice =
      error.code === 'EADDRINUSE'
        ? `port ${port} is in use: stop what uses it, or start with PORT=<another port>`
        : error.message;
    logger.fatal({ err: error }, `cannot listen on ${host}:${port}: ${advice}`);
    void embedded?.stop().finally(() => process.exit(1));
  });
  server.listen(port, host, () => {
    const address = server.address();
    const boundPort = typeof address === 'object' && address ? address.port : port;
    logger.info(
      { port: boundPort, services: SERVICES, console: consoleSite !== undefined },
      `standalone listening: the console is at http://localhost:${boundPort}/`,
    );
    // On the terminal of whoever started it, never in the log: a first-start link is as good as an owner.
    const notices = services.flatMap((service) => service.notices?.() ?? []);
    if (notices.length > 0) process.stdout.write(`\n${notices.join('\n\n')}\n\n`);
  });

  stopOnSignals(
    async () => {
      // Idle kept-alive connections would hold close() open until the grace period ran out; requests in
      // flight finish first, then their connections go idle and are closed.
      const reaper = setInterval(() => server.closeIdleConnections(), 100);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      clearInterval(reaper);
      await docs.close();
      await consoleSite?.close();
      for (const service of [...services].reverse()) await service.app.close();
      await embedded?.stop();
    },
    { graceMs: shutdownGraceMs, logger },
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${describeStartFailure(error)}\n`);
  process.exit(1);
});
