import { type PublicEventRecord } from '@governance/contracts';
import { scoreRecords, seededRng } from './testing/synthetic-stream';
import { publicRecordErrors } from '../testing/public-event-schema';
import {
  outboxRecords,
  ProbeIngestHarness,
  processed,
  seedProbe,
  telemetryMessage,
  type TestOrganization,
} from '../testing/probe-ingest-harness';

type DriftRecord = PublicEventRecord<'drift.detected'>;

/*
 * Default sizes (500-value baseline, 200-value windows, 10 bins, noise guard on); the major threshold is
 * raised to 1.0 so a 0.6-sigma shift (PSI about 0.4) is reliably MEDIUM and a 2-sigma one HIGH.
 */
describe('drift detection on the event log', () => {
  let harness: ProbeIngestHarness;
  let org: TestOrganization;
  let sent = 0;

  beforeAll(async () => {
    harness = await ProbeIngestHarness.start({ env: { DRIFT_PSI_MAJOR: '1.0' } });
    org = await harness.createOrganization();
  });

  afterAll(() => harness.close());

  async function send(
    probe: { systemId: string; probeId: string },
    ...batches: ReturnType<typeof scoreRecords>[]
  ) {
    for (const records of batches) {
      await harness.publishMessages([telemetryMessage(org.id, probe, records)]);
      sent += 1;
    }
    await processed(harness, 'drift', sent);
  }

  it('stays quiet on a stable stream, fires once per drift, escalates once, and re-arms after recovery', async () => {
    const probe = await seedProbe(harness, org.id, { name: 'Support Bot' });
    const rng = seededRng(20261122);
    const window = (shift: number) => scoreRecords(rng, 200, shift);

    await send(probe, scoreRecords(rng, 500, 0), window(0), window(0), window(0));
    expect(await outboxRecords(harness, 'drift.detected', org.id)).toEqual([]);
    const [state] = await harness.sql.query<Array<{ edges: number[]; baseline_values: number[] }>>(
      `SELECT edges, baseline_values FROM probe_ingest.drift_metrics WHERE system_id = $1 AND metric = 'output.score'`,
      [probe.systemId],
    );
    expect(state!.edges).toHaveLength(9);
    expect(state!.baseline_values).toEqual([]);

    // A moderate shift fires MEDIUM once, however many windows it lasts.
    await send(probe, window(0.6), window(0.6), window(0.6));
    let drifts = await outboxRecords<DriftRecord>(harness, 'drift.detected', org.id);
    expect(drifts).toHaveLength(1);
    const medium = drifts[0]!;
    expect(publicRecordErrors('drift.detected', medium)).toEqual([]);
    expect(medium).toMatchObject({ severity: 'MEDIUM', system_id: probe.systemId });
    const details = medium.details;
    expect(details).toEqual({
      drift_id: expect.stringMatching(/^dft_[0-9A-Z]{26}$/),
      system_name: 'Support Bot',
      drift_score: expect.any(Number),
      baseline_score: expect.any(Number),
      delta: expect.any(Number),
      detection_layer: 'output',
      description: expect.stringContaining('output.score'),
      recommended_action: expect.stringContaining('outputs'),
    });
    expect(details.drift_score).toBeGreaterThanOrEqual(0.196);
    expect(details.drift_score).toBeLessThan(1);
    expect(details.baseline_score).toBeLessThan(0.2);
    expect(details.delta).toBeCloseTo(details.drift_score - details.baseline_score, 4);
    expect(details.description).toMatch(
      /mean -?0\.\d+ in the baseline, 0\.\d+ over the last 200 values \(up\)/,
    );

    // Worse drift escalates once to HIGH, then stays quiet while it lasts.
    await send(probe, window(2), window(2), window(2));
    drifts = await outboxRecords<DriftRecord>(harness, 'drift.detected', org.id);
    expect(drifts.map((d) => d.severity)).toEqual(['MEDIUM', 'HIGH']);
    expect(drifts[1]!.details.drift_score).toBeGreaterThan(1);

    // A window back within the baseline re-arms the layer; the next drift fires again.
    await send(probe, window(0));
    const [alert] = await harness.sql.query<Array<{ severity: string | null }>>(
      `SELECT severity FROM probe_ingest.drift_alerts WHERE system_id = $1 AND detection_layer = 'output'`,
      [probe.systemId],
    );
    expect(alert!.severity).toBeNull();
    await send(probe, window(2));
    drifts = await outboxRecords<DriftRecord>(harness, 'drift.detected', org.id);
    expect(drifts.map((d) => d.severity)).toEqual(['MEDIUM', 'HIGH', 'HIGH']);
    for (const drift of drifts) expect(publicRecordErrors('drift.detected', drift)).toEqual([]);

    // Latency never moved: no performance drift. Each event has its stored record.
    const stored = await harness.sql.query<Array<Record<string, unknown>>>(
      `SELECT drift_id, organization_id, system_id, detection_layer, metric, severity, drift_score, baseline_score, delta
       FROM probe_ingest.drift_records WHERE system_id = $1 ORDER BY created_at`,
      [probe.systemId],
    );
    expect(stored).toEqual(
      drifts.map((drift) => ({
        drift_id: drift.details.drift_id,
        organization_id: org.id,
        system_id: probe.systemId,
        detection_layer: 'output',
        metric: 'output.score',
        severity: drift.severity,
        drift_score: drift.details.drift_score,
        baseline_score: drift.details.baseline_score,
        delta: drift.details.delta,
      })),
    );
  });

  it('counts a redelivered batch once', async () => {
    const probe = await seedProbe(harness, org.id, { name: 'Redelivery Bot' });
    const rng = seededRng(7);
    await send(probe, scoreRecords(rng, 500, 0));
    const message = telemetryMessage(org.id, probe, scoreRecords(rng, 120, 0));
    await harness.publishMessages([message]);
    await harness.publishMessages([message]);
    sent += 1;
    await processed(harness, 'drift', sent);
    // A later batch is processed after the duplicate: the duplicate had its turn and changed nothing.
    await send(probe, scoreRecords(rng, 30, 0));
    const [state] = await harness.sql.query<Array<{ window_count: number }>>(
      `SELECT window_count FROM probe_ingest.drift_metrics WHERE system_id = $1 AND metric = 'output.score'`,
      [probe.systemId],
    );
    expect(state!.window_count).toBe(150);
  });

  it("uses a record's own system_id over the batch's, and keeps systems apart", async () => {
    const probe = await seedProbe(harness, org.id, { name: 'Gateway' });
    const routed = await seedProbe(harness, org.id, { name: 'Routed Model' });
    const rng = seededRng(99);
    const forRouted = (shift: number, size: number) =>
      scoreRecords(rng, size, shift).map((record) => ({ ...record, system_id: routed.systemId }));
    await send(probe, [...forRouted(0, 500), ...scoreRecords(rng, 500, 0)]);
    await send(probe, [...forRouted(2, 200), ...scoreRecords(rng, 200, 0)]);
    const drifts = await outboxRecords<DriftRecord>(harness, 'drift.detected', org.id);
    const mine = drifts.filter((d) => d.system_id === routed.systemId || d.system_id === probe.systemId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      system_id: routed.systemId,
      severity: 'HIGH',
      details: { system_name: 'Routed Model', detection_layer: 'output' },
    });
  });
});
