import { Nullable, StringEnum, Timestamp } from '@governance/platform';
import { type Static, Type } from '@sinclair/typebox';
import { IsIn, IsISO8601, IsOptional } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

export const SERIES_BUCKETS = ['hour', 'day'] as const;
export type SeriesBucket = (typeof SERIES_BUCKETS)[number];

/** The most buckets one read answers: 14 days of hours, or about six months of days. */
export const MAX_SERIES_BUCKETS = 14 * 24;

export class TelemetrySeriesQuery {
  @IsOptional()
  @IsIn(SERIES_BUCKETS, { message: `bucket must be one of: ${SERIES_BUCKETS.join(', ')}` })
  @JSONSchema({ description: 'The width of each point, in UTC; `hour` when left out.' })
  bucket?: SeriesBucket;

  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'since must be an ISO 8601 timestamp' })
  @JSONSchema({
    format: 'date-time',
    description: 'The start, rounded down to its bucket; 24 buckets before `until` when left out.',
  })
  since?: string;

  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'until must be an ISO 8601 timestamp' })
  @JSONSchema({
    format: 'date-time',
    description: 'The end, exclusive, rounded up to its bucket; now when left out.',
  })
  until?: string;
}

const Point = Type.Object({
  start: Timestamp('The bucket’s start, UTC.'),
  latency_p50_ms: Nullable(Type.Number({ description: 'Median `latency_ms`; null without values.' })),
  latency_p95_ms: Nullable(
    Type.Number({ description: '95th percentile of `latency_ms`; null without values.' }),
  ),
  requests: Type.Integer({ minimum: 0, description: 'Records that reported `latency_ms`.' }),
  input_tokens: Type.Number({ minimum: 0, description: 'Sum of `input.tokens`.' }),
  output_tokens: Type.Number({ minimum: 0, description: 'Sum of `output.tokens`.' }),
  violations: Type.Integer({ minimum: 0, description: 'Policy violations recorded.' }),
});

const DriftedMetric = Type.Object({
  metric: Type.String(),
  detection_layer: Type.String(),
  baseline_mean: Type.Number({
    description: 'The mean of the metric’s baseline, which drift is measured against.',
  }),
  points: Type.Array(
    Type.Object({
      start: Timestamp(),
      mean: Nullable(Type.Number({ description: 'The metric’s mean in the bucket; null without values.' })),
      count: Type.Integer({ minimum: 0 }),
    }),
    { description: 'One per bucket, as `points` of the series.' },
  ),
  alerts: Type.Array(
    Type.Object({
      drift_id: Type.String(),
      detected_at: Timestamp(),
      severity: StringEnum(['MEDIUM', 'HIGH']),
      window_mean: Type.Number({ description: 'The mean of the window that drifted.' }),
      drift_score: Type.Number(),
    }),
  ),
});

export const TelemetrySeriesResponse = Type.Object({
  system_id: Type.String(),
  bucket: StringEnum(SERIES_BUCKETS),
  since: Timestamp('The first bucket’s start.'),
  until: Timestamp('The end of the last bucket, exclusive.'),
  points: Type.Array(Point, { description: 'One per bucket, oldest first, empty buckets included.' }),
  drifted_metrics: Type.Array(DriftedMetric, {
    description:
      'Each metric that drifted within the range (at most 10, the latest first): its mean per bucket ' +
      'beside its baseline mean, and its drift alerts.',
  }),
});
export type TelemetrySeriesResponse = Static<typeof TelemetrySeriesResponse>;
export type SeriesPoint = Static<typeof Point>;
export type DriftedMetricSeries = Static<typeof DriftedMetric>;
