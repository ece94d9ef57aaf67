import { EnvReader } from '@governance/platform';
import { type DatabaseConfig, readDatabaseConfig } from '@governance/persistence';
import { type MessagingConfig, readMessagingConfig } from '@governance/messaging';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface DashboardConfig {
  port: number;
  logLevel: string;
  runMigrations: boolean;
  database: DatabaseConfig & { url: string };
  messaging: MessagingConfig;
  /** How far back `violations_24h` (and the runtime health score) counts policy violations. */
  violationWindowMs: number;
  /** How far back `drift_alerts_7d` (and the runtime health score) counts drift alerts. */
  driftWindowMs: number;
}

export function readDashboardConfig(source: NodeJS.ProcessEnv = process.env): DashboardConfig {
  const env = new EnvReader(source);
  const database = readDatabaseConfig(env);
  if (!database.url)
    env.invalid('DATABASE_URL is required (the entry point starts embedded PostgreSQL when it is unset)');
  const config: DashboardConfig = {
    port: env.int('PORT', 8080, { min: 0, max: 65535 }),
    logLevel: env.oneOf('LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
    runMigrations: env.bool('RUN_MIGRATIONS', true),
    database: { ...database, url: database.url ?? '' },
    messaging: readMessagingConfig(env, 'dashboard'),
    violationWindowMs: env.int('DASHBOARD_VIOLATION_WINDOW_MS', DAY_MS, { min: 1_000 }),
    driftWindowMs: env.int('DASHBOARD_DRIFT_WINDOW_MS', 7 * DAY_MS, { min: 1_000 }),
  };
  env.assertValid();
  return config;
}
