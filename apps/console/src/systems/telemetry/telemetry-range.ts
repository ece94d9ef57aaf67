import type { operations } from '../../api/schema';

export type TelemetrySeries =
  operations['TelemetrySeries_read']['responses'][200]['content']['application/json'];
export type SeriesPoint = TelemetrySeries['points'][number];

/** The ranges a person picks from, each with the bucket that keeps it readable. */
export const RANGES = [
  { key: '24h', label: '24 hours', bucket: 'hour', buckets: 24 },
  { key: '7d', label: '7 days', bucket: 'hour', buckets: 7 * 24 },
  { key: '30d', label: '30 days', bucket: 'day', buckets: 30 },
] as const;
export type RangeKey = (typeof RANGES)[number]['key'];

const HOUR_MS = 60 * 60 * 1000;

/** The query of a range ending now: `since` as many buckets back, the current one included. */
export function rangeQuery(key: RangeKey, now: Date): { bucket: 'hour' | 'day'; since: string } {
  const range = RANGES.find((candidate) => candidate.key === key)!;
  const size = range.bucket === 'hour' ? HOUR_MS : 24 * HOUR_MS;
  const current = Math.floor(now.getTime() / size) * size;
  return { bucket: range.bucket, since: new Date(current - (range.buckets - 1) * size).toISOString() };
}

/** An x axis label: the hour within a day's range, the date beyond it (the viewer's zone). */
export function bucketLabel(start: string, bucket: 'hour' | 'day', count: number): string {
  const at = new Date(start);
  if (bucket === 'hour' && count <= 24)
    return at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  return at.toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
}

/** The range's totals, for the sentence above the charts. */
export function totals(points: readonly SeriesPoint[]) {
  return points.reduce(
    (sum, point) => ({
      requests: sum.requests + point.requests,
      tokens: sum.tokens + point.input_tokens + point.output_tokens,
      violations: sum.violations + point.violations,
      worstP95: Math.max(sum.worstP95, point.latency_p95_ms ?? 0),
    }),
    { requests: 0, tokens: 0, violations: 0, worstP95: 0 },
  );
}
