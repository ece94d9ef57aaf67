import { EnvReader } from '@governance/platform';
import { type DatabaseConfig, readDatabaseConfig } from '@governance/persistence';
import { type MessagingConfig, readMessagingConfig } from '@governance/messaging';

export interface WorkerConfig {
  /** How often an idle worker looks for queued assessments. */
  pollIntervalMs: number;
  /** How long a claimed assessment is reserved before another worker may take it over. */
  claimLeaseMs: number;
  /** Assessments run at once by one process. */
  concurrency: number;
}

export interface AssessConfig {
  port: number;
  logLevel: string;
  runMigrations: boolean;
  database: DatabaseConfig & { url: string };
  messaging: MessagingConfig;
  worker: WorkerConfig;
  /** Base of report links; an assessment's report is `<base>/assessments/<id>`. */
  reportBaseUrl: string;
}

/** Report links point at this process's own port unless REPORT_BASE_URL says otherwise. */
export function defaultReportBaseUrl(port: number): string {
  return `http://localhost:${port}/api/service/reports`;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function readAssessConfig(source: NodeJS.ProcessEnv = process.env): AssessConfig {
  const env = new EnvReader(source);
  const database = readDatabaseConfig(env);
  if (!database.url)
    env.invalid('DATABASE_URL is required (the entry point starts embedded PostgreSQL when it is unset)');
  const port = env.int('PORT', 8080, { min: 0, max: 65535 });
  const reportBaseUrl = env.string('REPORT_BASE_URL', defaultReportBaseUrl(port)).replace(/\/+$/, '');
  if (!isHttpUrl(reportBaseUrl))
    env.invalid(`REPORT_BASE_URL must be an http(s) URL, got "${reportBaseUrl}"`);
  const config: AssessConfig = {
    port,
    logLevel: env.oneOf('LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
    runMigrations: env.bool('RUN_MIGRATIONS', true),
    database: { ...database, url: database.url ?? '' },
    messaging: readMessagingConfig(env, 'assess'),
    worker: {
      pollIntervalMs: env.int('ASSESS_WORKER_POLL_MS', 500, { min: 5, max: 3_600_000 }),
      claimLeaseMs: env.int('ASSESS_CLAIM_LEASE_MS', 300_000, { min: 100 }),
      concurrency: env.int('ASSESS_CONCURRENCY', 2, { min: 1, max: 64 }),
    },
    reportBaseUrl,
  };
  env.assertValid();
  return config;
}
