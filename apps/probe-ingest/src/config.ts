import { EnvReader } from '@governance/platform';
import { type DatabaseConfig, readDatabaseConfig } from '@governance/persistence';
import { type MessagingConfig, readMessagingConfig } from '@governance/messaging';
import { type DriftConfig, readDriftConfig } from './drift/drift-config';

export interface SilenceConfig {
  /** A probe silent for longer than this is disconnected (spec: more than 5 minutes). */
  silenceMs: number;
  /** How often the monitor looks for silent probes. */
  sweepIntervalMs: number;
}

export interface TelemetryIngestConfig {
  /** Most telemetry batches coalesced into one transaction. */
  maxBatchesPerCommit: number;
  /** Group commits running at once; each holds one pooled connection while it commits. */
  commitConcurrency: number;
  /**
   * A probe's last_telemetry_at is rewritten at most this often: telemetry within the interval finds
   * the probe without writing (or locking) its row. Well below the silence window, so it never
   * makes a live probe look silent.
   */
  touchIntervalMs: number;
}

export interface ProbeIngestConfig {
  port: number;
  logLevel: string;
  runMigrations: boolean;
  database: DatabaseConfig & { url: string };
  messaging: MessagingConfig;
  silence: SilenceConfig;
  telemetry: TelemetryIngestConfig;
  drift: DriftConfig;
}

export function readProbeIngestConfig(source: NodeJS.ProcessEnv = process.env): ProbeIngestConfig {
  const env = new EnvReader(source);
  const database = readDatabaseConfig(env);
  if (!database.url)
    env.invalid('DATABASE_URL is required (the entry point starts embedded PostgreSQL when it is unset)');
  const silenceMs = env.int('PROBE_SILENCE_MS', 300_000, { min: 100 });
  const config: ProbeIngestConfig = {
    port: env.int('PORT', 8080, { min: 0, max: 65535 }),
    logLevel: env.oneOf('LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
    runMigrations: env.bool('RUN_MIGRATIONS', true),
    database: { ...database, url: database.url ?? '' },
    messaging: readMessagingConfig(env, 'probe-ingest'),
    silence: {
      silenceMs,
      sweepIntervalMs: env.int('PROBE_SILENCE_SWEEP_MS', 10_000, { min: 10, max: 3_600_000 }),
    },
    telemetry: {
      maxBatchesPerCommit: env.int('PROBE_TELEMETRY_MAX_BATCHES_PER_COMMIT', 64, { min: 1, max: 1_000 }),
      commitConcurrency: env.int('PROBE_TELEMETRY_COMMIT_CONCURRENCY', 2, { min: 1, max: 64 }),
      touchIntervalMs: env.int('PROBE_TELEMETRY_TOUCH_MS', Math.min(1_000, Math.floor(silenceMs / 10)), {
        min: 0,
      }),
    },
    drift: readDriftConfig(env),
  };
  if (config.telemetry.commitConcurrency >= config.database.poolSize)
    env.invalid(
      'PROBE_TELEMETRY_COMMIT_CONCURRENCY must be below DATABASE_POOL_SIZE, so other work keeps a connection',
    );
  if (config.telemetry.touchIntervalMs * 2 > silenceMs)
    env.invalid('PROBE_TELEMETRY_TOUCH_MS must be at most half of PROBE_SILENCE_MS');
  env.assertValid();
  return config;
}
