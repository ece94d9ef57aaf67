import { type TelemetryRecord } from '@governance/contracts';
import { announcePolicy, policySnapshot } from '../policy-sync/testing/policy-test-support';
import { normal, seededRng } from '../drift/testing/synthetic-stream';
import {
  ProbeIngestHarness,
  processed,
  seedProbe,
  sendTelemetry,
  telemetryMessage,
  type TestOrganization,
} from '../testing/probe-ingest-harness';

interface Series {
  bucket: string;
  since: string;
  until: string;
  points: Array<{
    start: string;
    latency_p50_ms: number | null;
    latency_p95_ms: number | null;
    requests: number;
    input_tokens: number;
    output_tokens: number;
    violations: number;
  }>;
  drifted_metrics: Array<{
    metric: string;
    detection_layer: string;
    baseline_mean: number;
    points: Array<{ start: string; mean: number | null; count: number }>;
    alerts: Array<{ severity: string; window_mean: number }>;
  }>;
}

const HOUR_MS = 60 * 60 * 1000;
const hourOf = (at: number) => new Date(Math.floor(at / HOUR_MS) * HOUR_MS).toISOString();
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/*
 * A system's telemetry over time, end to end: batches posted to the telemetry endpoint go through the
 * event log to the drift consumer, which adds them to their hours; violations come from a real policy.
 * Small drift sizes so a shift of the score drifts within one test.
 */
describe('a system’s telemetry series', () => {
  let harness: ProbeIngestHarness;
  let org: TestOrganization;
  let probe: { systemId: string; probeId: string };
  let batches = 0;
  const now = Date.now();
  const twoHoursAgo = new Date(now - 2 * HOUR_MS).toISOString();
  const rng = seededRng(20261202);
  const baseline = Array.from({ length: 40 }, () => normal(rng));
  const shifted = Array.from({ length: 20 }, () => 6 + normal(rng));

  beforeAll(async () => {
    harness = await ProbeIngestHarness.start({
      env: {
        PROBE_SILENCE_MS: '600000',
        DRIFT_BASELINE_SIZE: '40',
        DRIFT_WINDOW_SIZE: '20',
        DRIFT_BINS: '4',
        DRIFT_NOISE_Z: '0',
      },
    });
    org = await harness.createOrganization();
    probe = await seedProbe(harness, org.id, { name: 'Claims Triage' });
    await announcePolicy(harness, org.id, policySnapshot());

    const post = async (records: TelemetryRecord[]) => {
      const response = await sendTelemetry(harness, org, probe.probeId, records);
      expect(response.statusCode).toBe(202);
      batches += 1;
    };
    // Two hours ago: three requests.
    await post(
      [100, 200, 300].map((latency) => ({
        timestamp: twoHoursAgo,
        metrics: { latency_ms: latency, 'input.tokens': 10, 'output.tokens': 20 },
      })),
    );
    // Now: the score's baseline, then a window far from it, and one toxic answer.
    const at = new Date(now).toISOString();
    await post(baseline.map((score) => ({ timestamp: at, metrics: { 'output.score': score } })));
    await post(shifted.map((score) => ({ timestamp: at, metrics: { 'output.score': score } })));
    await post([{ timestamp: at, metrics: { toxicity: 0.95, latency_ms: 50 } }]);
    await processed(harness, 'drift', batches);
    await processed(harness, 'violations', batches);
  });

  afterAll(() => harness.close());

  const read = (query = '', key = org.apiKey, system = probe.systemId) =>
    harness.request('GET', `/api/service/probe/systems/${system}/telemetry${query}`, key);
  // The 24 hours up to the end of `now`'s hour, so a run that crosses an hour reads the same window.
  const LAST_DAY = `?until=${new Date(Date.parse(hourOf(now)) + HOUR_MS).toISOString()}`;

  it('gives latency percentiles, token sums and violations per hour, empty hours included', async () => {
    const response = await read(LAST_DAY);
    expect(response.statusCode).toBe(200);
    const series = response.json<Series>();
    expect(series.bucket).toBe('hour');
    expect(series.points).toHaveLength(24);
    expect(series.points.at(-1)!.start).toBe(hourOf(now));

    const earlier = series.points.find((point) => point.start === hourOf(now - 2 * HOUR_MS))!;
    expect(earlier).toMatchObject({ requests: 3, input_tokens: 30, output_tokens: 60, violations: 0 });
    expect(Math.abs(earlier.latency_p50_ms! / 200 - 1)).toBeLessThan(0.05);
    expect(Math.abs(earlier.latency_p95_ms! / 300 - 1)).toBeLessThan(0.05);

    const current = series.points.at(-1)!;
    expect(current).toMatchObject({ requests: 1, violations: 1, input_tokens: 0 });
    const quiet = series.points.filter((point) => point !== earlier && point !== current);
    expect(quiet.every((point) => point.requests === 0 && point.latency_p50_ms === null)).toBe(true);
  });

  it('shows the drifted metric per hour against its baseline, with its alert', async () => {
    const series = (await read(LAST_DAY)).json<Series>();
    expect(series.drifted_metrics).toHaveLength(1);
    const [drifted] = series.drifted_metrics;
    expect(drifted).toMatchObject({ metric: 'output.score', detection_layer: 'output' });
    expect(drifted!.baseline_mean).toBeCloseTo(mean(baseline), 2);
    const current = drifted!.points.find((point) => point.start === hourOf(now))!;
    expect(current.count).toBe(60);
    expect(current.mean).toBeCloseTo(mean([...baseline, ...shifted]), 2);
    expect(drifted!.alerts).toEqual([expect.objectContaining({ severity: 'HIGH' })]);
    expect(drifted!.alerts[0]!.window_mean).toBeCloseTo(mean(shifted), 2);
    // Latency never drifted: it is not listed.
    expect(series.drifted_metrics.map((metric) => metric.metric)).not.toContain('latency_ms');
  });

  it('adds up days, and counts a batch the consumer sees twice once', async () => {
    const before = (
      await read('?bucket=day&since=' + new Date(now - 2 * 24 * HOUR_MS).toISOString())
    ).json<Series>();
    expect(before.points).toHaveLength(3);
    const message = telemetryMessage(org.id, probe, [
      { timestamp: new Date(now).toISOString(), metrics: { 'input.tokens': 7 } },
    ]);
    await harness.publishMessages([message, message]);
    batches += 1;
    await processed(harness, 'drift', batches);
    const after = (
      await read('?bucket=day&since=' + new Date(now - 2 * 24 * HOUR_MS).toISOString())
    ).json<Series>();
    const total = (series: Series) => series.points.reduce((sum, point) => sum + point.input_tokens, 0);
    expect(total(before)).toBe(30);
    expect(total(after)).toBe(37);
  });

  it('refuses a bad range with a 400 naming the field, and writes nothing', async () => {
    const rows = await harness.count('probe_ingest.telemetry_hours');
    for (const [query, field] of [
      ['?bucket=week', 'bucket'],
      ['?since=yesterday', 'since'],
      ['?since=2026-11-22T12:00:00Z&until=2026-11-22T10:00:00Z', 'since'],
      [`?since=${new Date(now - 20 * 24 * HOUR_MS).toISOString()}`, 'since'],
    ] as const) {
      const response = await read(query);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'validation_failed', details: [expect.objectContaining({ field })] },
      });
    }
    expect(
      (await read(`?bucket=day&since=${new Date(now - 20 * 24 * HOUR_MS).toISOString()}`)).statusCode,
    ).toBe(200);
    expect(await harness.count('probe_ingest.telemetry_hours')).toBe(rows);
  });

  it('is 404 for another organization’s system or no system, 403 for a probe key', async () => {
    const other = await harness.createOrganization();
    expect((await read('', other.apiKey)).statusCode).toBe(404);
    expect((await read('', org.apiKey, 'sys_01M80KHQC9DHV63SDEFT718QZ3')).statusCode).toBe(404);
    expect((await read('', org.apiKey, 'nope')).statusCode).toBe(404);
    const { apiKey } = await harness.createApiKey(org.id, 'probe');
    expect((await read('', apiKey)).statusCode).toBe(403);
  });
});
