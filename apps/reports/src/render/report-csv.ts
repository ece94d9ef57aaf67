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

/** Rows written between two turns of the event loop: a slice takes a few milliseconds. */
const ROWS_PER_SLICE = 250;

/** The report's findings as CSV lines, the header first, grouped by control as in the PDF. */
export function* csvLines(content: ReportContent): Generator<string> {
  yield csvLine(CSV_COLUMNS);
  for (const control of content.controls) {
    for (const finding of control.findings) {
      yield csvLine([
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
      ]);
    }
  }
}

/**
 * The report's findings, one row each; CRLF line ends, UTF-8. Written in slices with a turn of the event
 * loop between them, so thousands of long rows never hold the service's requests up.
 */
export async function renderCsv(content: ReportContent): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let slice: string[] = [];
  for (const line of csvLines(content)) {
    slice.push(line);
    if (slice.length === ROWS_PER_SLICE) {
      chunks.push(Buffer.from(`${slice.join('\r\n')}\r\n`, 'utf8'));
      slice = [];
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  if (slice.length > 0) chunks.push(Buffer.from(`${slice.join('\r\n')}\r\n`, 'utf8'));
  return Buffer.concat(chunks);
}
