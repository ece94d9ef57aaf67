import { histogramQuantile, LATENCY_BINS, latencyBin, metricHours } from './telemetry-hours';
import { buildSeries, seriesRange } from './telemetry-series';

const SYSTEM = 'sys_01M80KHQC9DHV63SDEFT718QZ3';

describe('latency histogram', () => {
  it('reads quantiles within 5 % of the values', () => {
    const values = Array.from({ length: 1000 }, (_, i) => 50 + i); // 50 … 1049
    const histogram = new Array<number>(LATENCY_BINS).fill(0);
    for (const value of values) histogram[latencyBin(value)]! += 1;
    expect(histogramQuantile(histogram, 0.5)! / 549.5).toBeGreaterThan(0.95);
    expect(histogramQuantile(histogram, 0.5)! / 549.5).toBeLessThan(1.05);
    expect(Math.abs(histogramQuantile(histogram, 0.95)! / 999 - 1)).toBeLessThan(0.05);
    expect(histogramQuantile(new Array<number>(LATENCY_BINS).fill(0), 0.5)).toBeNull();
  });

  it('keeps zero, negative and huge values in the end bins', () => {
    expect(latencyBin(0)).toBe(0);
    expect(latencyBin(-5)).toBe(0);
    expect(latencyBin(1e12)).toBe(LATENCY_BINS - 1);
  });
});

describe('metricHours', () => {
  const receivedAt = '2026-11-22T10:30:00.000Z';
  it('folds records into (system, metric, hour), trusting a record time only near its arrival', () => {
    const hours = metricHours([
      {
        probe_id: 'prb_01M80KH9Z8Y7X6W5V4T3S2R1Q0',
        system_id: SYSTEM,
        received_at: receivedAt,
        records: [
          { timestamp: '2026-11-22T09:10:00.000Z', metrics: { latency_ms: 100, 'input.tokens': 10 } },
          { timestamp: '2026-11-22T09:50:00.000Z', metrics: { latency_ms: 300, 'input.tokens': 5 } },
          // A week old, or a day ahead: counted when it arrived.
          { timestamp: '2026-11-15T09:00:00.000Z', metrics: { latency_ms: 200 } },
          { timestamp: '2026-11-23T10:00:00.000Z', metrics: { latency_ms: 200 } },
          { timestamp: '2026-11-22T10:00:00.000Z', system_id: 'not-a-system', metrics: { latency_ms: 1 } },
        ],
      },
    ]);
    const byKey = new Map(hours.map((hour) => [`${hour.metric}@${hour.hour.toISOString()}`, hour]));
    expect(byKey.get('latency_ms@2026-11-22T09:00:00.000Z')).toMatchObject({ count: 2, sum: 400 });
    expect(byKey.get('input.tokens@2026-11-22T09:00:00.000Z')).toMatchObject({
      count: 2,
      sum: 15,
      histogram: null,
    });
    expect(byKey.get('latency_ms@2026-11-22T10:00:00.000Z')).toMatchObject({ count: 2, sum: 400 });
    expect(hours).toHaveLength(3);
    const histogram = byKey.get('latency_ms@2026-11-22T09:00:00.000Z')!.histogram!;
    expect(histogram.reduce((a, b) => a + b, 0)).toBe(2);
  });
});

describe('seriesRange', () => {
  const now = new Date('2026-11-22T10:30:00.000Z');
  it('rounds to whole buckets, the current one included, 24 by default', () => {
    expect(seriesRange({}, now)).toEqual({
      range: {
        bucket: 'hour',
        since: new Date('2026-11-21T11:00:00.000Z'),
        until: new Date('2026-11-22T11:00:00.000Z'),
      },
    });
    expect(seriesRange({ bucket: 'day', since: '2026-11-01T05:00:00Z' }, now)).toEqual({
      range: {
        bucket: 'day',
        since: new Date('2026-11-01T00:00:00.000Z'),
        until: new Date('2026-11-23T00:00:00.000Z'),
      },
    });
  });

  it('refuses an empty or reversed range, and more than 336 buckets', () => {
    expect(seriesRange({ since: '2026-11-22T12:00:00Z', until: '2026-11-22T09:00:00Z' }, now)).toMatchObject({
      field: 'since',
    });
    expect(seriesRange({ since: '2026-11-01T00:00:00Z' }, now)).toMatchObject({
      field: 'since',
      message: expect.stringContaining('336'),
    });
    expect(seriesRange({ bucket: 'day', since: '2026-01-01T00:00:00Z' }, now)).toMatchObject({
      range: { bucket: 'day' },
    });
  });
});

describe('buildSeries', () => {
  const range = {
    bucket: 'hour' as const,
    since: new Date('2026-11-22T08:00:00.000Z'),
    until: new Date('2026-11-22T11:00:00.000Z'),
  };
  const at = (hour: number) => new Date(`2026-11-22T${String(hour).padStart(2, '0')}:00:00.000Z`);

  it('gives one point per bucket, empty ones included, and each drifted metric against its baseline', () => {
    const histogram = new Array<number>(LATENCY_BINS).fill(0);
    histogram[latencyBin(200)] = 10;
    const series = buildSeries(
      SYSTEM,
      range,
      [
        { start: at(9), metric: 'latency_ms', count: 10, sum: 2000, histogram },
        { start: at(9), metric: 'input.tokens', count: 10, sum: 1234, histogram: null },
        { start: at(9), metric: 'output.score', count: 4, sum: 10, histogram: null },
      ],
      [{ start: at(10), count: 2 }],
      [
        {
          driftId: 'dft_1',
          metric: 'output.score',
          layer: 'output',
          baselineMean: 0.1,
          detectedAt: new Date('2026-11-22T09:30:00.000Z'),
          severity: 'HIGH',
          windowMean: 2.6,
          driftScore: 1.234567,
        },
      ],
    );
    expect(series.points.map((point) => point.start)).toEqual([
      '2026-11-22T08:00:00.000Z',
      '2026-11-22T09:00:00.000Z',
      '2026-11-22T10:00:00.000Z',
    ]);
    expect(series.points[0]).toMatchObject({
      latency_p50_ms: null,
      requests: 0,
      input_tokens: 0,
      violations: 0,
    });
    expect(series.points[1]).toMatchObject({ requests: 10, input_tokens: 1234, output_tokens: 0 });
    expect(Math.abs(series.points[1]!.latency_p50_ms! / 200 - 1)).toBeLessThan(0.05);
    expect(series.points[2]).toMatchObject({ violations: 2 });
    expect(series.drifted_metrics).toEqual([
      {
        metric: 'output.score',
        detection_layer: 'output',
        baseline_mean: 0.1,
        points: [
          { start: '2026-11-22T08:00:00.000Z', mean: null, count: 0 },
          { start: '2026-11-22T09:00:00.000Z', mean: 2.5, count: 4 },
          { start: '2026-11-22T10:00:00.000Z', mean: null, count: 0 },
        ],
        alerts: [
          {
            drift_id: 'dft_1',
            detected_at: '2026-11-22T09:30:00.000Z',
            severity: 'HIGH',
            window_mean: 2.6,
            drift_score: 1.2346,
          },
        ],
      },
    ]);
  });
});
