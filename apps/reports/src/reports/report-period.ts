import { type FieldProblem } from '@governance/platform';

/** A report's time window, resolved when the report is requested so a later run covers the same span. */
export interface ReportPeriod {
  from: Date;
  /** Exclusive. */
  to: Date;
}

export type ParsedPeriod =
  { ok: true; period: ReportPeriod | null } | { ok: false; problems: FieldProblem[] };

const HOUR_MS = 60 * 60 * 1000;
const UNIT_MS: Record<string, number> = { h: HOUR_MS, d: 24 * HOUR_MS, w: 7 * 24 * HOUR_MS };
/** Ten years: longer spans are certainly typos. */
const MAX_SPAN_MS = 3650 * 24 * HOUR_MS;
const SHORTHAND = /^([1-9]\d{0,5})([hdw])$/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

type Bound = 'from' | 'to';

/** A date-only bound is a UTC day: `from` is its first instant, `to` the first instant after it. */
function parseBound(value: unknown, bound: Bound): Date | string {
  if (typeof value !== 'string') return 'must be an ISO 8601 date (2026-01-31) or timestamp with a zone';
  const day = DATE_ONLY.exec(value);
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const start = new Date(Date.UTC(year, month - 1, date));
    if (start.getUTCFullYear() !== year || start.getUTCMonth() !== month - 1 || start.getUTCDate() !== date)
      return 'is not a calendar date';
    return bound === 'from' ? start : new Date(start.getTime() + UNIT_MS['d']!);
  }
  if (TIMESTAMP.test(value)) {
    const at = new Date(value);
    if (!Number.isNaN(at.getTime())) return at;
  }
  return 'must be an ISO 8601 date (2026-01-31) or timestamp with a zone (2026-01-31T00:00:00Z)';
}

/**
 * The `period` of a report request: absent or null for all time; a shorthand `<n>h`, `<n>d` or `<n>w`
 * for the span ending now; or `{from, to?}` with ISO 8601 dates or timestamps (`to` defaults to now).
 */
export function parseReportPeriod(value: unknown, now: Date): ParsedPeriod {
  if (value === undefined || value === null) return { ok: true, period: null };
  const invalid = (field: string, message: string): ParsedPeriod => ({
    ok: false,
    problems: [{ field, message }],
  });
  if (typeof value === 'string') {
    const match = SHORTHAND.exec(value);
    if (!match) return invalid('period', 'must be a span like "30d", "12h" or "4w", or an object {from, to}');
    const span = Number(match[1]) * UNIT_MS[match[2]!]!;
    if (span > MAX_SPAN_MS) return invalid('period', 'must span at most 3650 days');
    return { ok: true, period: { from: new Date(now.getTime() - span), to: now } };
  }
  if (typeof value !== 'object' || Array.isArray(value))
    return invalid('period', 'must be a span like "30d", "12h" or "4w", or an object {from, to}');
  const fields = value as Record<string, unknown>;
  const problems: FieldProblem[] = Object.keys(fields)
    .filter((key) => key !== 'from' && key !== 'to')
    .map((key) => ({ field: `period.${key}`, message: 'is not a period field (from, to)' }));
  const from = fields['from'] === undefined ? 'is required' : parseBound(fields['from'], 'from');
  const to = fields['to'] === undefined || fields['to'] === null ? now : parseBound(fields['to'], 'to');
  if (typeof from === 'string') problems.push({ field: 'period.from', message: from });
  if (typeof to === 'string') problems.push({ field: 'period.to', message: to });
  if (problems.length > 0 || typeof from === 'string' || typeof to === 'string')
    return { ok: false, problems };
  if (from.getTime() >= to.getTime()) return invalid('period.from', 'must be before period.to');
  if (from.getTime() > now.getTime()) return invalid('period.from', 'must not be in the future');
  if (to.getTime() - from.getTime() > MAX_SPAN_MS) return invalid('period', 'must span at most 3650 days');
  return { ok: true, period: { from, to } };
}
