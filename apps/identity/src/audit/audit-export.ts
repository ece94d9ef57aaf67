import { canonicalJson } from '@governance/contracts';
import { HASHED_FIELDS, type StoredEntry } from './audit-chain';

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. Text a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe; the JSON
 * export keeps every value exact, for recomputing hashes.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let field = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(field)) field = `'${field}`;
  return /[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}

/** The hashed fields in their order, then the links: what a reader needs to recompute the chain. */
export const AUDIT_CSV_COLUMNS = [...HASHED_FIELDS, 'previous_hash', 'hash'] as const satisfies ReadonlyArray<
  keyof StoredEntry
>;

/** CRLF ends each record, as RFC 4180 says. */
const line = (fields: ReadonlyArray<string | number | null>): string =>
  `${fields.map(csvField).join(',')}\r\n`;

export const csvHeader = (): string => line(AUDIT_CSV_COLUMNS);

/** One entry as a CSV record; before and after as their canonical JSON. */
export function csvRecord(entry: StoredEntry): string {
  return line(
    AUDIT_CSV_COLUMNS.map((column) => {
      const value = entry[column];
      return typeof value === 'object' && value !== null ? canonicalJson(value) : value;
    }),
  );
}
