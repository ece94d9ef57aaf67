import type { NewReport, Report } from './reports.queries';

export { FRAMEWORK_LABELS } from '../api/catalog.generated';

export const REPORT_TYPES: ReadonlyArray<Report['type']> = [
  'compliance',
  'executive',
  'system',
  'assessment',
];
export const REPORT_TYPE_LABELS: Readonly<Record<Report['type'], string>> = {
  compliance: 'Compliance',
  executive: 'Executive summary',
  system: 'System',
  assessment: 'Assessment',
};

export const REPORT_FORMATS: ReadonlyArray<Report['format']> = ['pdf', 'csv', 'json'];
export const REPORT_FORMAT_LABELS: Readonly<Record<Report['format'], string>> = {
  pdf: 'PDF',
  csv: 'CSV',
  json: 'JSON',
};

export const REPORT_STATUSES: ReadonlyArray<Report['status']> = ['queued', 'running', 'complete', 'failed'];
export const REPORT_STATUS_LABELS: Readonly<Record<Report['status'], string>> = {
  queued: 'Queued',
  running: 'Generating',
  complete: 'Ready',
  failed: 'Failed',
};

export type Framework = NonNullable<NewReport['framework']>;

/** The period choices of the form: a span ending now (the API's `30d` form), all time, or dates. */
export const PERIOD_OPTIONS = [
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
  { value: '52w', label: 'Last 12 months' },
  { value: 'all', label: 'All time' },
  { value: 'custom', label: 'Between dates…' },
] as const;

/** "1.2 MB": a file's size for people. */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes == null) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
