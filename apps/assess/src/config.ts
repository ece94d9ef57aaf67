import { type LeasedJobSettings } from '@governance/messaging';
import { type IsolatedProcessLimits } from '@governance/platform';
import { type EngineThreadLimits } from './engine';
import { readReportBaseUrl, readServiceConfig, type ServiceConfig } from '@governance/service';

export type AssessConfig = ServiceConfig<{
  /** Assessments run at once by one process, how often an idle worker looks, and each claim's lease. */
  worker: LeasedJobSettings;
  /** The engine runs on threads of its own: each document's deadline and each thread's heap. */
  engine: EngineThreadLimits;
  /** Uploaded files are read in child processes: how many at once, how many wait, and each one's limits. */
  documentReading: Omit<IsolatedProcessLimits, 'maxOutputBytes'>;
  /** Base of report links; an assessment's report is `<base>/assessments/<id>`. */
  reportBaseUrl: string;
}>;

export function readAssessConfig(source: NodeJS.ProcessEnv = process.env): AssessConfig {
  return readServiceConfig(source, 'assess', (env, basics) => ({
    worker: {
      pollIntervalMs: env.int('ASSESS_WORKER_POLL_MS', 500, { min: 5, max: 3_600_000 }),
      claimLeaseMs: env.int('ASSESS_CLAIM_LEASE_MS', 300_000, { min: 100 }),
      concurrency: env.int('ASSESS_CONCURRENCY', 2, { min: 1, max: 64 }),
    },
    engine: {
      timeoutMs: env.int('ASSESS_ENGINE_TIMEOUT_MS', 120_000, { min: 100, max: 3_600_000 }),
      memoryMb: env.int('ASSESS_ENGINE_MEMORY_MB', 1_024, { min: 64, max: 16_384 }),
    },
    documentReading: {
      concurrency: env.int('DOCUMENT_READERS', 2, { min: 1, max: 64 }),
      queue: env.int('DOCUMENT_READ_QUEUE', 8, { min: 0, max: 1_000 }),
      timeoutMs: env.int('DOCUMENT_READ_TIMEOUT_MS', 20_000, { min: 100, max: 600_000 }),
      memoryMb: env.int('DOCUMENT_READ_MEMORY_MB', 384, { min: 64, max: 16_384 }),
    },
    reportBaseUrl: readReportBaseUrl(env, basics),
  }));
}
