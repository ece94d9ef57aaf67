import {
  type DriftedMetricSeries,
  MAX_SERIES_BUCKETS,
  type SeriesBucket,
  type SeriesPoint,
  type TelemetrySeriesResponse,
} from './telemetry-series.dto';
import { histogramQuantile, LATENCY_METRIC, TOKEN_METRICS } from './telemetry-hours';

const BUCKET_MS: Record<SeriesBucket, number> = { hour: 60 * 60 * 1000, day: 24 * 60 * 60 * 1000 };
/** Drifted metrics shown at most, the latest to drift first. */
export const MAX_DRIFTED_METRICS = 10;
/** The points of a range left out of the query: 24 of its bucket. */
const DEFAULT_BUCKETS = 24;

export interface SeriesRange {
  bucket: SeriesBucket;
  since: Date;
  until: Date;
}

/** A request's range, or the message of the field that makes it unreadable. */
export type RangeDecision = { range: SeriesRange } | { field: 'since' | 'until'; message: string };

/**
 * The buckets a read covers: `since` rounded down and `until` rounded up to whole buckets (UTC), so the
 * current bucket is there as it fills; at most MAX_SERIES_BUCKETS of them.
 */
export function seriesRange(
  query: { bucket?: SeriesBucket; since?: string; until?: string },
  now: Date,
): RangeDecision {
  const bucket = query.bucket ?? 'hour';
  const size = BUCKET_MS[bucket];
  const until =
    Math.ceil((query.until === undefined ? now.getTime() + 1 : Date.parse(query.until)) / size) * size;
  const since =
    query.since === undefined
      ? until - DEFAULT_BUCKETS * size
      : Math.floor(Date.parse(query.since) / size) * size;
  if (since >= until) return { field: 'since', message: 'since must be before until' };
  if ((until - since) / size > MAX_SERIES_BUCKETS)
    return {
      field: 'since',
      message: `the range holds at most ${MAX_SERIES_BUCKETS} buckets of a ${bucket}; narrow it or use a wider bucket`,
    };
  return { range: { bucket, since: new Date(since), until: new Date(until) } };
}

/** The start of each bucket of a range, oldest first. */
export function bucketStarts({ bucket, since, until }: SeriesRange): Date[] {
  const starts: Date[] = [];
  for (let at = since.getTime(); at < until.getTime(); at += BUCKET_MS[bucket]) starts.push(new Date(at));
  return starts;
}

/** One metric's values in one bucket, as the repository adds up its hours. */
export interface MetricBucketRow {
  start: Date;
  metric: string;
  count: number;
  sum: number;
  histogram: number[] | null;
}

/** One drift alert of the system within the range, with its metric's baseline. */
export interface DriftAlertRow {
  driftId: string;
  metric: string;
  layer: string;
  baselineMean: number;
  detectedAt: Date;
  severity: 'MEDIUM' | 'HIGH';
  windowMean: number;
  driftScore: number;
}

const round = (value: number, digits = 3): number => Number(value.toFixed(digits));

/** Telemetry, violations and drift of one system as points per bucket. */
export function buildSeries(
  systemId: string,
  range: SeriesRange,
  metrics: readonly MetricBucketRow[],
  violations: ReadonlyArray<{ start: Date; count: number }>,
  drifts: readonly DriftAlertRow[],
): TelemetrySeriesResponse {
  const starts = bucketStarts(range);
  const byMetric = new Map<string, Map<number, MetricBucketRow>>();
  for (const row of metrics) {
    const rows = byMetric.get(row.metric) ?? new Map<number, MetricBucketRow>();
    rows.set(row.start.getTime(), row);
    byMetric.set(row.metric, rows);
  }
  const violationsAt = new Map(violations.map((row) => [row.start.getTime(), row.count]));
  const sumOf = (metric: string, at: number) => byMetric.get(metric)?.get(at)?.sum ?? 0;

  const points = starts.map((start): SeriesPoint => {
    const at = start.getTime();
    const latency = byMetric.get(LATENCY_METRIC)?.get(at);
    const histogram = latency?.histogram ?? [];
    const p50 = histogramQuantile(histogram, 0.5);
    const p95 = histogramQuantile(histogram, 0.95);
    return {
      start: start.toISOString(),
      latency_p50_ms: p50 === null ? null : round(p50, 1),
      latency_p95_ms: p95 === null ? null : round(p95, 1),
      requests: latency?.count ?? 0,
      input_tokens: sumOf(TOKEN_METRICS[0], at),
      output_tokens: sumOf(TOKEN_METRICS[1], at),
      violations: violationsAt.get(at) ?? 0,
    };
  });

  // The latest alert first; each metric once, with all its alerts in time order.
  const latestFirst = [...drifts].sort((a, b) => b.detectedAt.getTime() - a.detectedAt.getTime());
  const metricsShown = [...new Set(latestFirst.map((alert) => alert.metric))].slice(0, MAX_DRIFTED_METRICS);
  const drifted = metricsShown.map((metric): DriftedMetricSeries => {
    const alerts = drifts.filter((alert) => alert.metric === metric);
    const rows = byMetric.get(metric);
    return {
      metric,
      detection_layer: alerts[0]!.layer,
      baseline_mean: round(alerts[0]!.baselineMean),
      points: starts.map((start) => {
        const row = rows?.get(start.getTime());
        return {
          start: start.toISOString(),
          mean: row && row.count > 0 ? round(row.sum / row.count) : null,
          count: row?.count ?? 0,
        };
      }),
      alerts: [...alerts]
        .sort((a, b) => a.detectedAt.getTime() - b.detectedAt.getTime())
        .map((alert) => ({
          drift_id: alert.driftId,
          detected_at: alert.detectedAt.toISOString(),
          severity: alert.severity,
          window_mean: round(alert.windowMean),
          drift_score: round(alert.driftScore, 4),
        })),
    };
  });

  return {
    system_id: systemId,
    bucket: range.bucket,
    since: range.since.toISOString(),
    until: range.until.toISOString(),
    points,
    drifted_metrics: drifted,
  };
}
