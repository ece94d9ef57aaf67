import { EnvReader } from '@governance/platform';
import { type DatabaseConfig, readDatabaseConfig } from '@governance/persistence';
import { type MessagingConfig, readMessagingConfig } from '@governance/messaging';

export interface TenancyConfig {
  port: number;
  logLevel: string;
  runMigrations: boolean;
  database: DatabaseConfig & { url: string };
  messaging: MessagingConfig;
  adminToken: string;
}

export function readTenancyConfig(source: NodeJS.ProcessEnv = process.env): TenancyConfig {
  const env = new EnvReader(source);
  const database = readDatabaseConfig(env);
  const adminToken = env.optionalString('ADMIN_TOKEN');
  if (!database.url)
    env.invalid('DATABASE_URL is required (the entry point starts embedded PostgreSQL when it is unset)');
  // Its length is checked with the messaging config, which every service reads.
  if (!adminToken) env.invalid('ADMIN_TOKEN is required');
  const config = {
    port: env.int('PORT', 8080, { min: 0, max: 65535 }),
    logLevel: env.oneOf('LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
    runMigrations: env.bool('RUN_MIGRATIONS', true),
    database: { ...database, url: database.url ?? '' },
    messaging: readMessagingConfig(env, 'tenancy'),
    adminToken: adminToken ?? '',
  };
  env.assertValid();
  return config;
}
