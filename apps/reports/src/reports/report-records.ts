import { type ReportFormat, type ReportSpec, type ReportType } from '../content/report-content';
import { reportSubject } from '../content/report-subject';
import { type ReportResponse } from './report.dto';

export const REPORT_STATUSES = ['queued', 'running', 'complete', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export type ReportOrigin = 'request' | 'assessment_complete';

/** A row of reports.reports, as a worker claims it. */
export interface ReportJobRow {
  id: string;
  organization_id: string;
  type: ReportType;
  format: ReportFormat;
  origin: ReportOrigin;
  status: ReportStatus;
  system_id: string | null;
  framework: string | null;
  assessment_id: string | null;
  period_from: Date | null;
  period_to: Date | null;
  error: string | null;
  size_bytes: number | null;
  file_name: string | null;
  created_at: Date;
  completed_at: Date | null;
}

/** A report as the API reads it: its row and the names of its subject, from the read model. */
export interface ReportRow extends ReportJobRow {
  /** The name of its system, or of its assessment's system; null while the read model knows neither. */
  system_name: string | null;
  assessment_framework: string | null;
  assessment_completed_at: Date | null;
}

export const MEDIA_TYPES: Record<ReportFormat, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json',
};

export function reportFileName(type: ReportType, id: string, format: ReportFormat): string {
  return `${type}-report-${id}.${format}`;
}

export function toReportResponse(row: ReportRow, downloadUrl: string): ReportResponse {
  return {
    id: row.id,
    type: row.type,
    subject: reportSubject({
      type: row.type,
      systemName: row.system_name,
      framework: row.framework ?? row.assessment_framework,
      period: periodOf(row),
      assessmentCompletedAt: row.assessment_completed_at,
    }),
    format: row.format,
    status: row.status,
    created_at: row.created_at.toISOString(),
    completed_at: row.completed_at?.toISOString() ?? null,
    size_bytes: row.size_bytes,
    download_url: row.status === 'complete' ? downloadUrl : null,
    ...(row.status === 'failed' ? { error: row.error ?? 'Report generation failed' } : {}),
  };
}

const periodOf = (row: ReportJobRow): ReportSpec['period'] =>
  row.period_from && row.period_to ? { from: row.period_from, to: row.period_to } : null;

export function specOf(row: ReportJobRow): ReportSpec {
  return {
    id: row.id,
    organizationId: row.organization_id,
    type: row.type,
    systemId: row.system_id,
    framework: row.framework,
    assessmentId: row.assessment_id,
    period: periodOf(row),
  };
}
