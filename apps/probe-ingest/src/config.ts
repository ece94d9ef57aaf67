import { readServiceConfig, type ServiceConfig } from '@governance/service';
import { type DriftConfig, readDriftConfig } from './drift/drift-config';
import { SPEC_PROBE_SILENCE_MS } from './silence/silence-decision';

export const PROBE_INGEST_CONFIG = Symbol('PROBE_INGEST_CONFIG');

export type ProbeIngestConfig = ServiceConfig<{
  /** A probe silent for longer than silenceMs is disconnected; the monitor looks every sweepIntervalMs. */
  silence: { silenceMs: number; sweepIntervalMs: number };
  /**
   * Group commit: at most maxBatchesPerCommit batches per commit, commitConcurrency commits at once (each
   * holds a pooled connection). A probe's last_telemetry_at is rewritten at most every touchIntervalMs, so
   * telemetry in between neither writes nor locks its row; well below the silence window.
   */
  telemetry: { maxBatchesPerCommit: number; commitConcurrency: number; touchIntervalMs: number };
  drift: DriftConfig;
  /** Hourly telemetry aggregates are kept retentionMs, purged every sweepIntervalMs. */
  telemetrySeries: { retentionMs: number; sweepIntervalMs: number };
  /**
   * Telemetry a rule set may cost more than an event-loop slice on is evaluated in a worker thread, at
   * most evaluationBudgetMs per batch; the records left when it runs out are skipped and counted.
   */
  policies: { evaluationBudgetMs: number };
}>;

const DAY_MS = 24 * 60 * 60 * 1000;

export function readProbeIngestConfig(source: NodeJS.ProcessEnv = process.env): ProbeIngestConfig {
  return readServiceConfig(source, 'probe-ingest', (env, { database }) => {
    const silenceMs = env.int('PROBE_SILENCE_MS', SPEC_PROBE_SILENCE_MS, { min: 100 });
    const telemetry = {
      maxBatchesPerCommit: env.int('PROBE_TELEMETRY_MAX_BATCHES_PER_COMMIT', 64, { min: 1, max: 1_000 }),
      commitConcurrency: env.int('PROBE_TELEMETRY_COMMIT_CONCURRENCY', 2, { min: 1, max: 64 }),
      touchIntervalMs: env.int('PROBE_TELEMETRY_TOUCH_MS', Math.min(1_000, Math.floor(silenceMs / 10)), {
        min: 0,
      }),
    };
    if (telemetry.commitConcurrency >= database.poolSize)
      env.invalid(
        'PROBE_TELEMETRY_COMMIT_CONCURRENCY must be below DATABASE_POOL_SIZE, so other work keeps a connection',
      );
    if (telemetry.touchIntervalMs * 2 > silenceMs)
      env.invalid('PROBE_TELEMETRY_TOUCH_MS must be at most half of PROBE_SILENCE_MS');
    return {
      silence: {
        silenceMs,
        sweepIntervalMs: env.int('PROBE_SILENCE_SWEEP_MS', 10_000, { min: 10, max: 3_600_000 }),
      },
      telemetry,
      drift: readDriftConfig(env),
      telemetrySeries: {
        retentionMs: env.int('TELEMETRY_SERIES_RETENTION_MS', 90 * DAY_MS, {
          min: 60_000,
          max: 3_650 * DAY_MS,
        }),
        sweepIntervalMs: env.int('TELEMETRY_SERIES_SWEEP_MS', 60 * 60 * 1000, { min: 100, max: DAY_MS }),
      },
      policies: {
        evaluationBudgetMs: env.int('POLICY_EVAL_BUDGET_MS', 2_000, { min: 10, max: 600_000 }),
      },
    };
  });
}
