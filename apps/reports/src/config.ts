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
  /** How big one report may grow; a report past a bound says where it was cut. */
  limits: ReportLimits;
  /** PDFs are drawn in a child process with these bounds (one per worker slot). */
  rendering: { timeoutMs: number; memoryMb: number };
}>;

export interface ReportLimits {
  /** The most severe findings listed; the summary counts them all. */
  findings: number;
  /** The newest assessments listed (one per system and framework). */
  assessments: number;
  /** Pages of a PDF; the rest of its rows are left to the CSV and JSON exports. */
  pages: number;
  /** Characters kept of one user-provided text (a title, a name). */
  textLength: number;
}

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
      limits: {
        findings: env.int('REPORT_MAX_FINDINGS', 5_000, { min: 1, max: 100_000 }),
        assessments: env.int('REPORT_MAX_ASSESSMENTS', 1_000, { min: 1, max: 100_000 }),
        pages: env.int('REPORT_MAX_PAGES', 300, { min: 5, max: 5_000 }),
        textLength: env.int('REPORT_MAX_TEXT_LENGTH', 500, { min: 40, max: 10_000 }),
      },
      rendering: {
        timeoutMs: env.int('REPORT_RENDER_TIMEOUT_MS', 120_000, { min: 100, max: 3_600_000 }),
        memoryMb: env.int('REPORT_RENDER_MEMORY_MB', 256, { min: 64, max: 16_384 }),
      },
    };
  });
}
