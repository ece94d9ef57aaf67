import { type MessagingConfig, readMessagingConfig } from '@governance/messaging';
import { type DatabaseConfig, readDatabaseConfig } from '@governance/persistence';
import { EnvReader } from '@governance/platform';

/** What every service reads, whatever its domain. */
export interface ServiceBasics {
  port: number;
  logLevel: string;
  runMigrations: boolean;
  database: DatabaseConfig & { url: string };
  messaging: MessagingConfig;
}

export type ServiceConfig<Own extends object> = ServiceBasics & Own;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * A service's configuration: the basics every service has, then its own variables (`own` may read the
 * basics and report problems with `env.invalid`). Fails once, listing every problem.
 */
export function readServiceConfig<Own extends object>(
  source: NodeJS.ProcessEnv,
  service: string,
  own: (env: EnvReader, basics: ServiceBasics) => Own,
): ServiceConfig<Own> {
  const env = new EnvReader(source);
  const database = readDatabaseConfig(env);
  if (!database.url)
    env.invalid('DATABASE_URL is required (the entry point starts embedded PostgreSQL when it is unset)');
  const basics: ServiceBasics = {
    port: env.int('PORT', 8080, { min: 0, max: 65535 }),
    logLevel: env.oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    runMigrations: env.bool('RUN_MIGRATIONS', true),
    database: { ...database, url: database.url ?? '' },
    messaging: readMessagingConfig(env, service),
  };
  const config = { ...basics, ...own(env, basics) };
  env.assertValid();
  return config;
}

/**
 * REPORT_BASE_URL, the base of report links, which assess hands out and reports serves: by default the
 * reports API on this process's own port.
 */
export function readReportBaseUrl(env: EnvReader, port: number): string {
  return env.httpUrl('REPORT_BASE_URL', `http://localhost:${port}/api/service/reports`);
}

/** For a service with nothing of its own to configure. */
export const nothingOwn = (): Record<never, never> => ({});
