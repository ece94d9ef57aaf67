import { newId } from '@governance/contracts';
import { type ProbeRegistrationResponse } from '../probes/probe.dto';
import {
  countRequestWrites,
  loggedTelemetry,
  outboxRecords,
  ProbeIngestHarness,
  registerProbe,
  sendTelemetry,
  telemetryRecord,
  type TestOrganization,
} from '../testing/probe-ingest-harness';

describe('telemetry ingest', () => {
  let harness: ProbeIngestHarness;
  let org: TestOrganization;
  let other: TestOrganization;
  let probe: ProbeRegistrationResponse;

  beforeAll(async () => {
    harness = await ProbeIngestHarness.start({ env: { PROBE_SILENCE_MS: '600000' } });
    [org, other] = await Promise.all([harness.createOrganization(), harness.createOrganization()]);
    probe = await registerProbe(harness, org, { environment: 'production' });
  });

  afterAll(() => harness.close());

  const eventsOf = async (probeId: string) =>
    (await loggedTelemetry(harness))
      .map(({ record }) => record)
      .filter((event) => event.details.probe_id === probeId);

  it('answers 202 {accepted} only once the whole batch is one telemetry.received event on the bus', async () => {
    const hash = `sha256:${'ab'.repeat(32)}`;
    const records = [
      telemetryRecord({ input_hash: hash, observed_endpoint: 'api.openai.com' }),
      telemetryRecord({ system_id: probe.system_id, metrics: { 'drift.score': -0.25 } }),
      { timestamp: '2026-11-22T10:00:00+02:00', metrics: { x: 0 } },
    ];
    const response = await sendTelemetry(harness, org, probe.probe_id, records);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 3 });
    // Read right after the answer, with no waiting: the event is already on the log, with no outbox row.
    const events = await eventsOf(probe.probe_id);
    expect(events).toHaveLength(1);
    expect(events[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      organization_id: org.id,
      event: 'telemetry.received',
      timestamp: events[0]!.details.received_at,
      details: {
        probe_id: probe.probe_id,
        system_id: probe.system_id,
        received_at: expect.any(String),
        records,
      },
    });
    expect(await outboxRecords(harness, 'telemetry.received')).toEqual([]);
    const [row] = await harness.sql.query<Array<{ last_telemetry_at: Date; connection: string }>>(
      'SELECT last_telemetry_at, connection FROM probe_ingest.probes WHERE probe_id = $1',
      [probe.probe_id],
    );
    expect(row!.last_telemetry_at.toISOString()).toBe(events[0]!.details.received_at);
    expect(row!.connection).toBe('connected');
  });

  it('rewrites last_telemetry_at at most once per touch interval, and still stores every batch', async () => {
    const busy = await registerProbe(harness, org);
    const lastTelemetryAt = async () =>
      (
        await harness.sql.query<Array<{ last_telemetry_at: Date }>>(
          'SELECT last_telemetry_at FROM probe_ingest.probes WHERE probe_id = $1',
          [busy.probe_id],
        )
      )[0]!.last_telemetry_at.toISOString();
    expect((await sendTelemetry(harness, org, busy.probe_id)).statusCode).toBe(202);
    const first = await lastTelemetryAt();
    for (let i = 0; i < 3; i++)
      expect((await sendTelemetry(harness, org, busy.probe_id)).statusCode).toBe(202);
    // The suite's touch interval is 1 s (the default): the later batches found the probe fresh.
    expect(await lastTelemetryAt()).toBe(first);
    expect(await eventsOf(busy.probe_id)).toHaveLength(4);
  });

  it('accepts a batch of exactly 1000 records', async () => {
    const records = Array.from({ length: 1000 }, (_, i) => telemetryRecord({ metrics: { i } }));
    const response = await sendTelemetry(harness, org, probe.probe_id, records);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 1000 });
  });

  it('coalesces concurrent batches into fewer transactions, and answers each after its commit', async () => {
    const probes = await Promise.all(Array.from({ length: 4 }, () => registerProbe(harness, org)));
    const requests = Array.from({ length: 60 }, (_, i) =>
      sendTelemetry(harness, org, probes[i % probes.length]!.probe_id, [telemetryRecord({ metrics: { i } })]),
    );
    const responses = await Promise.all(requests);
    expect(responses.map((r) => r.statusCode)).toEqual(Array(60).fill(202));
    // xmin is the id of the transaction that wrote a row: fewer transactions than batches means group commit.
    const ids = new Set(probes.map((p) => p.probe_id));
    const appended = (await loggedTelemetry(harness)).filter(({ record }) =>
      ids.has(record.details.probe_id),
    );
    const row = { events: appended.length, transactions: new Set(appended.map((a) => a.transaction)).size };
    expect(row.events).toBe(60);
    expect(row.transactions).toBeLessThan(60);
  });

  it("answers 404 for an unknown probe and another organization's probe, and stores nothing", async () => {
    const writesBefore = await countRequestWrites(harness);
    for (const [organization, probeId] of [
      [org, newId('probe')],
      [other, probe.probe_id],
    ] as const) {
      const response = await sendTelemetry(harness, organization, probeId);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: { code: 'not_found', message: 'Probe not found', details: null },
      });
    }
    expect(await countRequestWrites(harness)).toBe(writesBefore);
  });

  it('stores a good batch and refuses an unknown probe committed in the same group', async () => {
    const unknown = newId('probe');
    const [good, bad] = await Promise.all([
      sendTelemetry(harness, org, probe.probe_id),
      sendTelemetry(harness, org, unknown),
    ]);
    expect(good.statusCode).toBe(202);
    expect(bad.statusCode).toBe(404);
    expect(await eventsOf(unknown)).toEqual([]);
  });

  it('names the record index and field of a malformed record, and refuses the whole batch', async () => {
    const writesBefore = await countRequestWrites(harness);
    const records: unknown[] = Array.from({ length: 5 }, () => telemetryRecord());
    records[3] = telemetryRecord({ metrics: { latency_ms: 'slow' as unknown as number } });
    const response = await sendTelemetry(harness, org, probe.probe_id, records);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Invalid request: records[3].metrics.latency_ms: must be a number',
        details: [{ field: 'records[3].metrics.latency_ms', message: 'must be a number' }],
      },
    });
    expect(await countRequestWrites(harness)).toBe(writesBefore);
  });

  it.each([
    ['a missing timestamp', { metrics: { a: 1 } }, 'records[0].timestamp', 'is required'],
    [
      'a timestamp that is not ISO 8601',
      { timestamp: 'yesterday', metrics: { a: 1 } },
      'records[0].timestamp',
      'must be an ISO 8601 date-time with a time zone',
    ],
    ['no metrics', { timestamp: new Date().toISOString() }, 'records[0].metrics', 'is required'],
    [
      'empty metrics',
      { timestamp: new Date().toISOString(), metrics: {} },
      'records[0].metrics',
      'must NOT have fewer than 1 properties',
    ],
    [
      'a metric that is a string',
      { timestamp: new Date().toISOString(), metrics: { a: '1' } },
      'records[0].metrics.a',
      'must be a number',
    ],
    [
      'a metric that is null',
      { timestamp: new Date().toISOString(), metrics: { a: null } },
      'records[0].metrics.a',
      'must be a number',
    ],
    [
      '201 metrics',
      {
        timestamp: new Date().toISOString(),
        metrics: Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`m${i}`, i])),
      },
      'records[0].metrics',
      'must NOT have more than 200 properties',
    ],
    [
      'a metric name over 128 characters',
      { timestamp: new Date().toISOString(), metrics: { ['m'.repeat(129)]: 1 } },
      `records[0].metrics.${'m'.repeat(129)}`,
      'is not an allowed name (1 to 128 printable characters)',
    ],
    [
      'a label that is not a string',
      { timestamp: new Date().toISOString(), metrics: { a: 1 }, labels: { env: 1 } },
      'records[0].labels.env',
      'must be a string',
    ],
    [
      'an upper-case input hash',
      { timestamp: new Date().toISOString(), metrics: { a: 1 }, input_hash: `sha256:${'AB'.repeat(32)}` },
      'records[0].input_hash',
      'must be "sha256:" followed by 64 lowercase hex digits',
    ],
    [
      'a short input hash',
      { timestamp: new Date().toISOString(), metrics: { a: 1 }, input_hash: 'sha256:abc' },
      'records[0].input_hash',
      'must be "sha256:" followed by 64 lowercase hex digits',
    ],
    [
      'a malformed system id',
      { timestamp: new Date().toISOString(), metrics: { a: 1 }, system_id: 'bot' },
      'records[0].system_id',
      'must be a system id (sys_...)',
    ],
    [
      'an endpoint over 2048 characters',
      {
        timestamp: new Date().toISOString(),
        metrics: { a: 1 },
        observed_endpoint: `https://a.example/${'x'.repeat(2048)}`,
      },
      'records[0].observed_endpoint',
      'must NOT have more than 2048 characters',
    ],
    [
      'an unknown field',
      { timestamp: new Date().toISOString(), metrics: { a: 1 }, severity: 'HIGH' },
      'records[0].severity',
      'is not an allowed field',
    ],
    ['a record that is not an object', 'text', 'records[0]', 'must be an object'],
  ])('refuses %s with 400 naming the field', async (_, record, field, message) => {
    const response = await sendTelemetry(harness, org, probe.probe_id, [record]);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { details: unknown[] } }>().error.details).toContainEqual({
      field,
      message,
    });
  });

  it('answers 413 for more than 1000 records and for a body over 1 MiB', async () => {
    const tooMany = await sendTelemetry(
      harness,
      org,
      probe.probe_id,
      Array.from({ length: 1001 }, () => ({ timestamp: '2026-11-22T10:00:00Z', metrics: { a: 1 } })),
    );
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toMatchObject({
      error: { code: 'payload_too_large', details: { limit: 1000, records: 1001 } },
    });
    const huge = await sendTelemetry(harness, org, probe.probe_id, [
      telemetryRecord({ labels: { blob: 'x'.repeat(1024 * 1024) } }),
    ]);
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ error: { code: 'payload_too_large' } });
  });
});
