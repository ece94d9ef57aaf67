import { type ReportContent } from '../content/report-content';

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. A field a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR first) is prefixed with an apostrophe.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let field = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(field)) field = `'${field}`;
  return /[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}

export function csvLine(fields: ReadonlyArray<string | number | null>): string {
  return fields.map(csvField).join(',');
}

export const CSV_COLUMNS = [
  'framework',
  'control',
  'control_title',
  'severity',
  'finding_id',
  'finding_title',
  'system_id',
  'system_name',
  'assessment_id',
  'remediation',
] as const;

/** The report's findings, one row each, grouped by control as in the PDF; CRLF line ends, UTF-8. */
export function renderCsv(content: ReportContent): Buffer {
  const lines = [csvLine(CSV_COLUMNS)];
  for (const control of content.controls) {
    for (const finding of control.findings) {
      lines.push(
        csvLine([
          control.framework,
          control.control,
          control.control_title,
          finding.severity,
          finding.finding_id,
          finding.title,
          finding.system_id,
          finding.system_name,
          finding.assessment_id,
          control.remediation,
        ]),
      );
    }
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}
