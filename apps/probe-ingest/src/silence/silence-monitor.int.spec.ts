import { createTestDatabase, type TestDatabase } from '@governance/testing';
import {
  eventually,
  outboxRecords,
  ProbeIngestHarness,
  registerProbe,
  sendTelemetry,
  type TestOrganization,
} from '../testing/probe-ingest-harness';
import { publicRecordErrors } from '../testing/public-event-schema';

interface Disconnected {
  id: string;
  organization_id: string;
  event: 'probe.disconnected';
  timestamp: string;
  severity: string;
  system_id: string;
  details: {
    probe_id: string;
    probe_name: string;
    last_seen_at: string;
    silence_duration_seconds: number;
    environment: string;
  };
}

interface ConnectionChanged {
  details: { probe_id: string; connection: string; last_seen_at: string };
}

const SILENCE_MS = 1000;

async function disconnectionsOf(harness: ProbeIngestHarness, probeId: string): Promise<Disconnected[]> {
  return (await outboxRecords<Disconnected>(harness, 'probe.disconnected')).filter(
    (record) => record.details.probe_id === probeId,
  );
}

async function connectionChangesOf(harness: ProbeIngestHarness, probeId: string): Promise<string[]> {
  return (await outboxRecords<ConnectionChanged>(harness, 'probe.connection_changed'))
    .filter((record) => record.details.probe_id === probeId)
    .map((record) => record.details.connection);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('silence monitor', () => {
  let harness: ProbeIngestHarness;
  let org: TestOrganization;

  beforeAll(async () => {
    harness = await ProbeIngestHarness.start({
      env: { PROBE_SILENCE_MS: String(SILENCE_MS), PROBE_SILENCE_SWEEP_MS: '100' },
    });
    org = await harness.createOrganization();
  });

  afterAll(() => harness.close());

  it('announces a silent probe once, publicly and internally, and marks it disconnected', async () => {
    const probe = await registerProbe(harness, org, { probe_name: 'silent-1', environment: 'production' });
    expect((await sendTelemetry(harness, org, probe.probe_id)).statusCode).toBe(202);
    const [row] = await harness.sql.query<Array<{ last_telemetry_at: Date }>>(
      'SELECT last_telemetry_at FROM probe_ingest.probes WHERE probe_id = $1',
      [probe.probe_id],
    );
    const lastTelemetryAt = row!.last_telemetry_at;
    const [announced] = await eventually(
      async () => {
        const found = await disconnectionsOf(harness, probe.probe_id);
        return found.length > 0 && found;
      },
      10_000,
      'probe.disconnected',
    );
    expect(announced).toEqual({
      id: expect.any(String),
      organization_id: org.id,
      event: 'probe.disconnected',
      timestamp: expect.any(String),
      severity: 'HIGH',
      system_id: probe.system_id,
      details: {
        probe_id: probe.probe_id,
        probe_name: 'silent-1',
        last_seen_at: lastTelemetryAt.toISOString(),
        silence_duration_seconds: expect.any(Number),
        environment: 'production',
      },
    });
    const silentMs = Date.parse(announced!.timestamp) - lastTelemetryAt.getTime();
    expect(silentMs).toBeGreaterThan(SILENCE_MS);
    expect(announced!.details.silence_duration_seconds).toBe(Math.floor(silentMs / 1000));
    expect(publicRecordErrors('probe.disconnected', announced)).toEqual([]);

    // Several more sweeps pass: still one announcement for this silence.
    await pause(600);
    expect(await disconnectionsOf(harness, probe.probe_id)).toHaveLength(1);
    expect(await connectionChangesOf(harness, probe.probe_id)).toEqual(['disconnected']);
    const read = await harness.request('GET', `/api/service/probe/probes/${probe.probe_id}`, org.apiKey);
    expect(read.json()).toMatchObject({ connection: 'disconnected' });
  });

  it('re-arms when telemetry resumes, and announces the next silence again', async () => {
    const probe = await registerProbe(harness, org);
    await eventually(
      async () => (await disconnectionsOf(harness, probe.probe_id)).length === 1,
      10_000,
      'first silence',
    );
    expect((await sendTelemetry(harness, org, probe.probe_id)).statusCode).toBe(202);
    expect(await connectionChangesOf(harness, probe.probe_id)).toEqual(['disconnected', 'connected']);
    const read = await harness.request('GET', `/api/service/probe/probes/${probe.probe_id}`, org.apiKey);
    expect(read.json()).toMatchObject({ connection: 'connected' });
    await eventually(
      async () => (await disconnectionsOf(harness, probe.probe_id)).length === 2,
      10_000,
      'second silence',
    );
    expect(await connectionChangesOf(harness, probe.probe_id)).toEqual([
      'disconnected',
      'connected',
      'disconnected',
    ]);
  });

  it('counts from registration for a probe that never sent telemetry, with "" for an unknown environment', async () => {
    const probe = await registerProbe(harness, org);
    const [announced] = await eventually(
      async () => {
        const found = await disconnectionsOf(harness, probe.probe_id);
        return found.length > 0 && found;
      },
      10_000,
      'probe.disconnected',
    );
    expect(announced!.details).toMatchObject({ last_seen_at: probe.registered_at, environment: '' });
    expect(publicRecordErrors('probe.disconnected', announced)).toEqual([]);
  });

  it('does not announce a probe that keeps sending telemetry', async () => {
    const probe = await registerProbe(harness, org);
    for (let i = 0; i < 6; i++) {
      expect((await sendTelemetry(harness, org, probe.probe_id)).statusCode).toBe(202);
      await pause(250);
    }
    expect(await disconnectionsOf(harness, probe.probe_id)).toEqual([]);
  });
});

describe('silence monitor across restarts and replicas', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(() => database.drop());

  it('still announces a silence that began before a restart, once', async () => {
    const first = await ProbeIngestHarness.start({ database, env: { PROBE_SILENCE_MS: String(SILENCE_MS) } });
    const org = await first.createOrganization();
    const probe = await registerProbe(first, org);
    expect((await sendTelemetry(first, org, probe.probe_id)).statusCode).toBe(202);
    // Checked before the restart rather than after it: a slow restart on a loaded machine could outlast
    // the silence, and the second instance would rightly have announced it already.
    expect(await disconnectionsOf(first, probe.probe_id)).toEqual([]);
    await first.close();

    const second = await ProbeIngestHarness.start({
      database,
      env: { PROBE_SILENCE_MS: String(SILENCE_MS) },
    });
    try {
      await eventually(
        async () => (await disconnectionsOf(second, probe.probe_id)).length > 0,
        10_000,
        'silence',
      );
      await pause(500);
      expect(await disconnectionsOf(second, probe.probe_id)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('emits one probe.disconnected per silent probe with two replicas sweeping one database', async () => {
    const env = { PROBE_SILENCE_MS: String(SILENCE_MS), PROBE_SILENCE_SWEEP_MS: '20' };
    const [a, b] = await Promise.all([
      ProbeIngestHarness.start({ database, env }),
      ProbeIngestHarness.start({ database, env }),
    ]);
    try {
      const org = await a.createOrganization();
      const probes = await Promise.all(Array.from({ length: 20 }, () => registerProbe(a, org)));
      await eventually(
        async () => {
          const [row] = await a.sql.query<Array<{ count: number }>>(
            `SELECT count(*)::int AS count FROM probe_ingest.probes WHERE organization_id = $1 AND connection = 'disconnected'`,
            [org.id],
          );
          return row!.count === probes.length;
        },
        10_000,
        'every probe to be disconnected',
      );
      await pause(300);
      const announced = (await outboxRecords<Disconnected>(a, 'probe.disconnected')).filter(
        (record) => record.organization_id === org.id,
      );
      expect(announced).toHaveLength(probes.length);
      expect(new Set(announced.map((record) => record.details.probe_id)).size).toBe(probes.length);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
