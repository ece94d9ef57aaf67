/**
 * Where generated report files live: Postgres (the default) or the local disk. Every call names the
 * organization, and an implementation never returns another organization's file.
 */
export interface ReportStorage {
  /** Stores (or replaces) the file of a report. */
  put(organizationId: string, reportId: string, content: Buffer): Promise<void>;
  get(organizationId: string, reportId: string): Promise<Buffer | undefined>;
}

export const REPORT_STORAGE = Symbol('REPORT_STORAGE');
