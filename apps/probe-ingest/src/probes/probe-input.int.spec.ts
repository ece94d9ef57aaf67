import { INTERNAL_TOPICS } from '@governance/contracts';
import { type ProbeRegistrationResponse } from './probe.dto';
import {
  countRequestWrites,
  loggedTelemetry,
  ProbeIngestHarness,
  registerProbe,
  sendTelemetry,
  telemetryRecord,
  type TestOrganization,
} from '../testing/probe-ingest-harness';

const REGISTER = '/api/service/probe/register';
const HEARTBEAT = '/api/service/probe/heartbeat';
const TELEMETRY = '/api/service/probe/telemetry';

describe('bad input on every probe endpoint', () => {
  let harness: ProbeIngestHarness;
  let org: TestOrganization;
  let probe: ProbeRegistrationResponse;

  beforeAll(async () => {
    // fatal: the failed commit below is logged as an error by design.
    harness = await ProbeIngestHarness.start({ env: { PROBE_SILENCE_MS: '600000', LOG_LEVEL: 'fatal' } });
    org = await harness.createOrganization();
    probe = await registerProbe(harness, org);
  });

  afterAll(() => harness.close());

  const counts = async () => ({
    outbox: await countRequestWrites(harness),
    probes: await harness.count('probe_ingest.probes'),
    systems: await harness.count('probe_ingest.systems'),
  });

  const notObjects: unknown[] = ['{', '', 'null', '[]', '"text"', '42', 'true', '{"a":'];

  it('answers a flood of malformed requests with uniform 4xx bodies, never a 5xx, and writes nothing', async () => {
    const before = await counts();
    const good = () => telemetryRecord();
    const cases: Array<[string, unknown]> = [
      ...notObjects.map((body): [string, unknown] => [REGISTER, body]),
      ...notObjects.map((body): [string, unknown] => [HEARTBEAT, body]),
      ...notObjects.map((body): [string, unknown] => [TELEMETRY, body]),
      [REGISTER, {}],
      [REGISTER, { probe_name: 'p', host: 'h' }],
      [REGISTER, { probe_name: 'p', host: 'h', system_name: 'S', system_id: probe.system_id }],
      [REGISTER, { probe_name: 'p', host: 'h', system_id: 'sys_nope' }],
      [REGISTER, { probe_name: 'p', host: 'h', system_name: '' }],
      [REGISTER, { probe_name: '', host: 'h', system_name: 'S' }],
      [REGISTER, { probe_name: 'p', host: null, system_name: 'S' }],
      [REGISTER, { probe_name: 'p', host: 'h', system_name: 'S', runtime: null }],
      [REGISTER, { probe_name: 'p'.repeat(201), host: 'h', system_name: 'S' }],
      [REGISTER, { probe_name: 'p\u0000', host: 'h', system_name: 'S' }],
      [REGISTER, { probe_name: 'p', host: 'h', system_name: 'S', version: 7 }],
      [REGISTER, { probe_name: 'p', host: 'h', system_name: 'S', extra: true }],
      [REGISTER, { probe_name: ['p'], host: 'h', system_name: 'S' }],
      [HEARTBEAT, {}],
      [HEARTBEAT, { probe_id: probe.probe_id }],
      [HEARTBEAT, { probe_id: probe.probe_id, status: 'fine' }],
      [HEARTBEAT, { probe_id: 'prb_x', status: 'healthy' }],
      [HEARTBEAT, { probe_id: probe.probe_id, status: 'healthy', uptime_seconds: -1 }],
      [HEARTBEAT, { probe_id: probe.probe_id, status: 'healthy', uptime_seconds: 1.5 }],
      [HEARTBEAT, { probe_id: probe.probe_id, status: 'healthy', queue_depth: 1e300 }],
      [HEARTBEAT, { probe_id: probe.probe_id, status: 'healthy', queue_depth: '3' }],
      [HEARTBEAT, { probe_id: probe.probe_id, status: 'healthy', version: null }],
      [HEARTBEAT, { probe_id: probe.probe_id, status: 'healthy', cpu: 3 }],
      [TELEMETRY, {}],
      [TELEMETRY, { probe_id: probe.probe_id }],
      [TELEMETRY, { probe_id: probe.probe_id, records: [] }],
      [TELEMETRY, { probe_id: probe.probe_id, records: {} }],
      [TELEMETRY, { probe_id: probe.probe_id, records: [good(), null] }],
      [TELEMETRY, { probe_id: 'probe-1', records: [good()] }],
      [TELEMETRY, { probe_id: probe.probe_id, records: [good()], extra: 1 }],
      [TELEMETRY, { probe_id: probe.probe_id, records: [{ ...good(), metrics: [1, 2] }] }],
      [TELEMETRY, { probe_id: probe.probe_id, records: [{ ...good(), labels: 'x' }] }],
      [TELEMETRY, { probe_id: probe.probe_id, records: [{ ...good(), model: '' }] }],
      [TELEMETRY, { probe_id: probe.probe_id, records: [{ ...good(), timestamp: 1700000000 }] }],
      [TELEMETRY, { probe_id: probe.probe_id, records: [{ ...good(), labels: { a: 'x\u0000' } }] }],
      [TELEMETRY, { probe_id: probe.probe_id, records: [{ ...good(), metrics: { '': 1 } }] }],
      [
        TELEMETRY,
        '{"probe_id":"x","records":[{"timestamp":"2026-11-22T10:00:00Z","metrics":{"__proto__":{"a":1}}}]}',
      ],
      [
        TELEMETRY,
        `{"probe_id":"${probe.probe_id}","records":[{"timestamp":"2026-11-22T10:00:00Z","metrics":{"a":NaN}}]}`,
      ],
      [
        TELEMETRY,
        `{"probe_id":"${probe.probe_id}","records":[{"timestamp":"2026-11-22T10:00:00Z","metrics":{"a":1e999}}]}`,
      ],
    ];
    const responses = await Promise.all(
      cases.map(([path, body]) => harness.request('POST', path, org.apiKey, body)),
    );
    responses.forEach((response, i) => {
      const context = `${cases[i]![0]} ${JSON.stringify(cases[i]![1]).slice(0, 120)} → ${response.statusCode} ${response.body}`;
      expect([context, response.statusCode >= 400 && response.statusCode < 500]).toEqual([context, true]);
      const body = response.json<{ error: { code: string; message: string } }>();
      expect(Object.keys(body)).toEqual(['error']);
      expect(Object.keys(body.error).sort()).toEqual(['code', 'details', 'message']);
      expect(typeof body.error.message).toBe('string');
    });
    expect(await counts()).toEqual(before);
  });

  it('refuses a body that is not JSON with 415, and a telemetry batch without a key with 401', async () => {
    const before = await counts();
    const asText = await harness.request('POST', TELEMETRY, org.apiKey, 'probe_id=1', {
      'content-type': 'text/plain',
    });
    expect(asText.statusCode).toBe(415);
    expect(asText.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
    const anonymous = await sendTelemetry(harness, { id: org.id, apiKey: '' }, probe.probe_id);
    expect(anonymous.statusCode).toBe(401);
    expect(await counts()).toEqual(before);
  });

  it('asks for exactly one of system_name and system_id', async () => {
    for (const body of [
      { probe_name: 'p', host: 'h' },
      { probe_name: 'p', host: 'h', system_name: 'S', system_id: probe.system_id },
    ]) {
      const response = await harness.request('POST', REGISTER, org.apiKey, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: {
          code: 'validation_failed',
          details: [{ field: 'system_id', message: 'give exactly one of system_id and system_name' }],
        },
      });
    }
  });

  it('answers 503 and stores nothing when the commit fails, then accepts again', async () => {
    const [before] = await harness.sql.query<Array<{ last_telemetry_at: Date | null }>>(
      'SELECT last_telemetry_at FROM probe_ingest.probes WHERE probe_id = $1',
      [probe.probe_id],
    );
    const writesBefore = await countRequestWrites(harness);
    // A real failure of the append: the event log refuses every new telemetry record for a moment.
    await harness.sql.query(
      `ALTER TABLE event_bus.events ADD CONSTRAINT test_refuse_telemetry CHECK (topic <> '${INTERNAL_TOPICS.telemetry}') NOT VALID`,
    );
    try {
      const refused = await sendTelemetry(harness, org, probe.probe_id);
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ error: { code: 'service_unavailable' } });
    } finally {
      await harness.sql.query('ALTER TABLE event_bus.events DROP CONSTRAINT test_refuse_telemetry');
    }
    expect(await countRequestWrites(harness)).toBe(writesBefore);
    const [after] = await harness.sql.query<Array<{ last_telemetry_at: Date | null }>>(
      'SELECT last_telemetry_at FROM probe_ingest.probes WHERE probe_id = $1',
      [probe.probe_id],
    );
    expect(after!.last_telemetry_at).toEqual(before!.last_telemetry_at);
    expect((await sendTelemetry(harness, org, probe.probe_id)).statusCode).toBe(202);
  });

  it('still answers 202 for a stored batch when marking its probe heard from fails', async () => {
    const quiet = await registerProbe(harness, org);
    // The probe's row refuses the touch; the batch itself goes to the log all the same.
    await harness.sql.query(
      `ALTER TABLE probe_ingest.probes ADD CONSTRAINT test_refuse_touch
       CHECK (probe_id <> '${quiet.probe_id}' OR last_telemetry_at IS NULL) NOT VALID`,
    );
    try {
      expect((await sendTelemetry(harness, org, quiet.probe_id)).statusCode).toBe(202);
    } finally {
      await harness.sql.query('ALTER TABLE probe_ingest.probes DROP CONSTRAINT test_refuse_touch');
    }
    const logged = (await loggedTelemetry(harness)).filter(
      ({ record }) => record.details.probe_id === quiet.probe_id,
    );
    expect(logged).toHaveLength(1);
    // Still due, so the next batch marks it.
    expect((await sendTelemetry(harness, org, quiet.probe_id)).statusCode).toBe(202);
    const [row] = await harness.sql.query<Array<{ last_telemetry_at: Date | null }>>(
      'SELECT last_telemetry_at FROM probe_ingest.probes WHERE probe_id = $1',
      [quiet.probe_id],
    );
    expect(row!.last_telemetry_at).not.toBeNull();
  });
});
