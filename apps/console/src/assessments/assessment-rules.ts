/** The decisions of the Assessments pages, free of React: what a file may be, how findings filter. */

/** As the assess service accepts them: by extension (browsers send generic types for .md). */
export const DOCUMENT_EXTENSIONS = ['pdf', 'docx', 'md', 'markdown', 'txt'] as const;
export const DOCUMENT_ACCEPT = DOCUMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',');
/** 10 MiB, the service's limit for an uploaded file. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** Why this file cannot be uploaded, or undefined when it can. */
export function fileProblem(file: { name: string; size: number }): string | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  if (!extension || !(DOCUMENT_EXTENSIONS as readonly string[]).includes(extension))
    return 'Choose a PDF, Word (.docx), Markdown (.md) or text (.txt) file.';
  if (file.size === 0) return 'This file is empty.';
  if (file.size > DOCUMENT_MAX_BYTES) return `This file is ${formatBytes(file.size)}; the limit is 10 MB.`;
  return undefined;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Whole percent of an upload, from the progress event's counts; 0 while the total is unknown. */
export function uploadPercent(loaded: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((loaded / total) * 100)));
}

/** A score of 0..1 as the percent people read. */
export const scorePercent = (score: number): string => `${Math.round(score * 100)}%`;

export type FindingStatus = 'met' | 'partial' | 'missing';
export type FindingSeverity = 'CRITICAL' | 'HIGH' | 'MEDIUM' | 'INFO';

export interface FindingFilters {
  status?: FindingStatus | undefined;
  severity?: FindingSeverity | undefined;
}

export function filterFindings<Finding extends { status: FindingStatus; severity: FindingSeverity }>(
  findings: readonly Finding[],
  { status, severity }: FindingFilters,
): Finding[] {
  return findings.filter(
    (finding) =>
      (status === undefined || finding.status === status) &&
      (severity === undefined || finding.severity === severity),
  );
}

/** Sort ranks: the worst first when sorted descending. */
export const STATUS_RANK: Readonly<Record<FindingStatus, number>> = { met: 0, partial: 1, missing: 2 };
export const SEVERITY_RANK: Readonly<Record<FindingSeverity, number>> = {
  INFO: 0,
  MEDIUM: 1,
  HIGH: 2,
  CRITICAL: 3,
};

/** `FRAMEWORK:ID` as people read it: the control's own id. */
export const controlId = (control: string): string => control.slice(control.indexOf(':') + 1);
