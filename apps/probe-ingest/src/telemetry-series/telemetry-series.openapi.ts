import { type TelemetrySeriesResponse } from './telemetry-series.dto';

/* Examples of the telemetry series; the response type checks them. */

const starts = ['2026-11-22T08:00:00.000Z', '2026-11-22T09:00:00.000Z'];

export const examples = {
  series: {
    system_id: 'sys_01JD60A1B2C3D4E5F6G7H8J9KM',
    bucket: 'hour',
    since: '2026-11-22T08:00:00.000Z',
    until: '2026-11-22T10:00:00.000Z',
    points: [
      {
        start: starts[0]!,
        latency_p50_ms: 243.6,
        latency_p95_ms: 471.5,
        requests: 1200,
        input_tokens: 480_000,
        output_tokens: 312_000,
        violations: 0,
      },
      {
        start: starts[1]!,
        latency_p50_ms: 392.4,
        latency_p95_ms: 759.4,
        requests: 1130,
        input_tokens: 701_000,
        output_tokens: 455_000,
        violations: 3,
      },
    ],
    drifted_metrics: [
      {
        metric: 'latency_ms',
        detection_layer: 'performance',
        baseline_mean: 265.2,
        points: [
          { start: starts[0]!, mean: 268.1, count: 1200 },
          { start: starts[1]!, mean: 431.7, count: 1130 },
        ],
        alerts: [
          {
            drift_id: 'dft_01JD60F1G2H3J4K5M6N7P8Q9R0',
            detected_at: '2026-11-22T09:20:00.000Z',
            severity: 'HIGH',
            window_mean: 428.3,
            drift_score: 0.61,
          },
        ],
      },
    ],
  } satisfies TelemetrySeriesResponse,
};
