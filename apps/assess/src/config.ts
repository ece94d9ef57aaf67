import { type LeasedJobSettings } from '@governance/messaging';
import { readReportBaseUrl, readServiceConfig, type ServiceConfig } from '@governance/service';

export type AssessConfig = ServiceConfig<{
  /** Assessments run at once by one process, how often an idle worker looks, and each claim's lease. */
  worker: LeasedJobSettings;
  /** Base of report links; an assessment's report is `<base>/assessments/<id>`. */
  reportBaseUrl: string;
}>;

export function readAssessConfig(source: NodeJS.ProcessEnv = process.env): AssessConfig {
  return readServiceConfig(source, 'assess', (env, { port }) => ({
    worker: {
      pollIntervalMs: env.int('ASSESS_WORKER_POLL_MS', 500, { min: 5, max: 3_600_000 }),
      claimLeaseMs: env.int('ASSESS_CLAIM_LEASE_MS', 300_000, { min: 100 }),
      concurrency: env.int('ASSESS_CONCURRENCY', 2, { min: 1, max: 64 }),
    },
    reportBaseUrl: readReportBaseUrl(env, port),
  }));
}
