import { type DynamicModule, Global, Module } from '@nestjs/common';
import { type MigrationInterface } from 'typeorm';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  AuthModule,
  type AuthOptions,
  PeopleReplica1765050000000,
  SessionBinding1765330000000,
} from '@governance/auth';
import {
  connectEventBus,
  DeadLetters1764700000000,
  EventLog1764800000000,
  MessagingModule,
} from '@governance/messaging';
import { LiveChangesModule, PersistenceModule, runServiceProcess } from '@governance/persistence';
import {
  createLogger,
  createServiceApp,
  type Logger,
  PlatformModule,
  type ServiceInstance,
  StartupNotices,
} from '@governance/platform';
import { type ServiceBasics } from './service-config';

type MigrationClass = new () => MigrationInterface;

/** What a service declares: its name, data, routes and domain. Everything else is the same for all. */
export interface ServiceDefinition<Config extends ServiceBasics> {
  name: string;
  /** Its own Postgres schema; nothing else writes to it. */
  schema: string;
  /** Applied in this order at start (RUN_MIGRATIONS) or by `main.js migrate`, which then exits. */
  migrations: MigrationClass[];
  /** Path prefixes it answers; the composition and the edge proxy route by them. */
  routes: readonly string[];
  readConfig(source: NodeJS.ProcessEnv): Config;
  /** Its feature modules, and the providers made from its configuration (visible to every module). */
  domain(config: Config, logger: Logger): Pick<DynamicModule, 'imports' | 'providers' | 'exports'>;
  /** It checks API keys against a tenant replica: every service but the one that issues them. */
  authenticates?: boolean;
  /**
   * It consumes events, so it keeps a dead-letter table and serves its admin API at
   * `/admin/v1/<name>/dead-letters`: true unless said otherwise.
   */
  consumes?: boolean;
  /** Largest request body, when more than the default 1 MiB. */
  bodyLimitBytes?: number;
  /** Runs before the app initialises, to register Fastify plugins (multipart). */
  prepare?(app: NestFastifyApplication): Promise<void>;
}

export interface DefinedService<Config extends ServiceBasics> {
  readonly name: string;
  readonly schema: string;
  readonly migrations: MigrationClass[];
  readConfig: (source?: NodeJS.ProcessEnv) => Config;
  /** The root module of its Nest application (the OpenAPI generator scans it in preview mode). */
  rootModule: (source: NodeJS.ProcessEnv, logger: Logger) => DynamicModule;
  /** The service consuming and ready to serve; main.js listens on a port, the standalone composes it. */
  createService: (source?: NodeJS.ProcessEnv) => Promise<ServiceInstance>;
  /** The process entry point (`main.js`): serve, or with `migrate`, migrate and exit. */
  runProcess: () => void;
}

/** The root of every service's Nest application; global, so the domain's providers reach every module. */
@Global()
@Module({})
class ServiceRootModule {}

/** What the guard needs of a service's configuration. */
export function authOptions(config: ServiceBasics): AuthOptions {
  return { allowedOrigins: config.publicOrigin ? [config.publicOrigin] : [], ...config.auth };
}

export function defineService<Config extends ServiceBasics>(
  definition: ServiceDefinition<Config>,
): DefinedService<Config> {
  const { name, schema } = definition;
  const consumes = definition.consumes !== false;
  // The messaging lib's tables: a consumer's dead letters in the service's own schema, and the shared
  // event log (the bus when no Kafka is configured).
  const authenticates = definition.authenticates !== false;
  // In the order they run: TypeORM applies migrations by their timestamps.
  const migrations = [
    ...definition.migrations,
    ...(consumes ? [DeadLetters1764700000000] : []),
    EventLog1764800000000,
    ...(authenticates ? [PeopleReplica1765050000000, SessionBinding1765330000000] : []),
  ];
  const routes = [...definition.routes, ...(consumes ? [`/admin/v1/${name}`] : [])];
  const rootModule = (config: Config, logger: Logger): DynamicModule => {
    const domain = definition.domain(config, logger);
    return {
      module: ServiceRootModule,
      imports: [
        PlatformModule.forService(logger),
        PersistenceModule.forService({
          url: config.database.url,
          schema,
          migrations,
          poolSize: config.database.poolSize,
          applicationName: name,
          runMigrations: config.runMigrations,
        }),
        MessagingModule.forService({ service: name, schema, config: config.messaging, consumes }),
        LiveChangesModule.forService({ schema, streamMaxMs: config.live.streamMaxMs }),
        ...(authenticates ? [AuthModule.forService(schema, authOptions(config))] : []),
        ...(domain.imports ?? []),
      ],
      providers: domain.providers ?? [],
      exports: domain.exports ?? [],
    };
  };

  const createService = async (source: NodeJS.ProcessEnv = process.env): Promise<ServiceInstance> => {
    const config = definition.readConfig(source);
    const logger = createLogger(name, config.logLevel);
    const app = await createServiceApp(rootModule(config, logger), {
      name,
      logger,
      trustProxy: config.trustProxy,
      requestTimeoutMs: config.requestTimeoutMs,
      strictTransportSecurity: config.publicOrigin?.startsWith('https://') ?? false,
      ...(definition.bodyLimitBytes ? { bodyLimitBytes: definition.bodyLimitBytes } : {}),
    });
    await definition.prepare?.(app);
    connectEventBus(app, name);
    // Migrations run in init(); a hybrid app's consumers would otherwise subscribe before the tables exist.
    await app.init();
    await app.startAllMicroservices();
    return { name, routes, app, notices: () => app.get(StartupNotices).list() };
  };

  return {
    name,
    schema,
    migrations,
    readConfig: (source = process.env) => definition.readConfig(source),
    rootModule: (source, logger) => rootModule(definition.readConfig(source), logger),
    createService,
    runProcess: () => runServiceProcess(name, createService, { schema, migrations }),
  };
}
