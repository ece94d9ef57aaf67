import { EnvReader } from '@governance/platform';
import { type DatabaseConfig, readDatabaseConfig } from '@governance/persistence';
import { type MessagingConfig, readMessagingConfig } from '@governance/messaging';

/** Policies have no time-dependent rules; the config is the common service settings only. */
export interface PoliciesConfig {
  port: number;
  logLevel: string;
  runMigrations: boolean;
  database: DatabaseConfig & { url: string };
  messaging: MessagingConfig;
}

export function readPoliciesConfig(source: NodeJS.ProcessEnv = process.env): PoliciesConfig {
  const env = new EnvReader(source);
  const database = readDatabaseConfig(env);
  if (!database.url)
    env.invalid('DATABASE_URL is required (the entry point starts embedded PostgreSQL when it is unset)');
  const config: PoliciesConfig = {
    port: env.int('PORT', 8080, { min: 0, max: 65535 }),
    logLevel: env.oneOf('LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
    runMigrations: env.bool('RUN_MIGRATIONS', true),
    database: { ...database, url: database.url ?? '' },
    messaging: readMessagingConfig(env, 'policies'),
  };
  env.assertValid();
  return config;
}
