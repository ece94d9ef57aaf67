import { join } from 'node:path';
import { type LeasedJobSettings } from '@governance/messaging';
import { readReportBaseUrl, readServiceConfig, type ServiceConfig } from '@governance/service';

export const REPORT_STORAGE_KINDS = ['postgres', 'disk'] as const;
export type ReportStorageKind = (typeof REPORT_STORAGE_KINDS)[number];

export type ReportsConfig = ServiceConfig<{
  /** Reports generated at once by one process, how often an idle worker looks, and each claim's lease. */
  worker: LeasedJobSettings & {
    /**
     * How long the automatic report of a completed assessment waits for findings still in flight; it is
     * generated as soon as all `findings_count` findings arrived, or when this grace ends.
     */
    assessmentGraceMs: number;
  };
  /** Base of report links, without a trailing slash. */
  reportBaseUrl: string;
  /** HMAC-SHA256 key of download links. */
  signingKey: Buffer;
  /** How long a download link works after it was handed out. */
  linkTtlMs: number;
  storage: { kind: ReportStorageKind; directory: string };
}>;

/** The ReportsConfig of this process. */
export const REPORTS_CONFIG = Symbol('REPORTS_CONFIG');

/** Shorter keys make the link signature guessable offline. */
export const MIN_SIGNING_KEY_LENGTH = 32;
const HOUR_MS = 60 * 60 * 1000;

export function readReportsConfig(source: NodeJS.ProcessEnv = process.env): ReportsConfig {
  return readServiceConfig(source, 'reports', (env, { database, publicUrl }) => {
    const signingKey = env.optionalString('REPORT_SIGNING_KEY') ?? '';
    if (signingKey.length < MIN_SIGNING_KEY_LENGTH)
      env.invalid(
        `REPORT_SIGNING_KEY is required: at least ${MIN_SIGNING_KEY_LENGTH} characters (the embedded mode generates one)`,
      );
    return {
      worker: {
        pollIntervalMs: env.int('REPORT_WORKER_POLL_MS', 500, { min: 5, max: 3_600_000 }),
        claimLeaseMs: env.int('REPORT_CLAIM_LEASE_MS', 120_000, { min: 100 }),
        concurrency: env.int('REPORT_CONCURRENCY', 2, { min: 1, max: 16 }),
        assessmentGraceMs: env.int('REPORT_ASSESSMENT_GRACE_MS', 30_000, { min: 0, max: 24 * HOUR_MS }),
      },
      reportBaseUrl: readReportBaseUrl(env, { publicUrl }),
      signingKey: Buffer.from(signingKey, 'utf8'),
      linkTtlMs: env.int('REPORT_LINK_TTL_MS', HOUR_MS, { min: 1_000, max: 7 * 24 * HOUR_MS }),
      storage: {
        kind: env.oneOf('REPORT_STORAGE', REPORT_STORAGE_KINDS, 'postgres'),
        directory: env.string('REPORT_STORAGE_DIR', join(database.dataDir, 'reports')),
      },
    };
  });
}
