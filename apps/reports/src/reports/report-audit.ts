import { type AuditEntry } from '@governance/messaging';
import { type ReportFormat, type ReportSpec } from '../content/report-content';
import { type ReportOrigin, type ReportJobRow } from './report-records';

const target = (id: string) => ({ type: 'report', id });

/** A report queued: asked for through the API, or automatically for a completed assessment. */
export function reportRequestedAudit(
  report: ReportSpec & { format: ReportFormat; origin: ReportOrigin },
): AuditEntry {
  return {
    organizationId: report.organizationId,
    action: 'report.requested',
    target: target(report.id),
    after: {
      status: 'queued',
      type: report.type,
      format: report.format,
      origin: report.origin,
      system_id: report.systemId,
      framework: report.framework,
      assessment_id: report.assessmentId,
      period_from: report.period?.from.toISOString() ?? null,
      period_to: report.period?.to.toISOString() ?? null,
    },
  };
}

/** The worker stored a report's file. */
export function reportGeneratedAudit(
  row: ReportJobRow,
  file: { sizeBytes: number; fileName: string },
): AuditEntry {
  return {
    organizationId: row.organization_id,
    action: 'report.generated',
    target: target(row.id),
    before: { status: 'running' },
    after: { status: 'complete', size_bytes: file.sizeBytes, file_name: file.fileName },
  };
}

/** The worker gave a report up. */
export function reportFailedAudit(row: ReportJobRow, error: string): AuditEntry {
  return {
    organizationId: row.organization_id,
    action: 'report.failed',
    target: target(row.id),
    before: { status: 'running' },
    after: { status: 'failed', error },
  };
}
