import { newId } from '@governance/contracts';
import { readAuditEntries } from '@governance/testing';
import {
  countRequestWrites,
  outboxRecords,
  ProbeIngestHarness,
  publishSystemsEvent,
  registerProbe,
  systemSnapshot,
  type TestOrganization,
} from '../testing/probe-ingest-harness';

describe('probe registration, heartbeats and reads', () => {
  let harness: ProbeIngestHarness;
  let org: TestOrganization;
  let other: TestOrganization;

  beforeAll(async () => {
    // A long silence window: this suite is not about disconnections.
    harness = await ProbeIngestHarness.start({ env: { PROBE_SILENCE_MS: '600000' } });
    [org, other] = await Promise.all([harness.createOrganization('free'), harness.createOrganization()]);
  });

  afterAll(() => harness.close());

  describe('register', () => {
    it('registers a probe naming a new system: 201, the system is requested in the same transaction', async () => {
      const response = await harness.request('POST', '/api/service/probe/register', org.apiKey, {
        probe_name: 'edge-1',
        system_name: 'Claims Triage',
        host: 'claims-1.internal',
        runtime: 'python3.12',
        environment: 'production',
        version: '1.4.0',
      });
      expect(response.statusCode).toBe(201);
      const probe = response.json<Record<string, string>>();
      expect(probe).toEqual({
        probe_id: expect.stringMatching(/^prb_[0-9A-Z]{26}$/),
        system_id: expect.stringMatching(/^sys_[0-9A-Z]{26}$/),
        probe_name: 'edge-1',
        host: 'claims-1.internal',
        runtime: 'python3.12',
        environment: 'production',
        version: '1.4.0',
        registered_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
      const [system] = await harness.sql.query<Array<Record<string, unknown>>>(
        'SELECT * FROM probe_ingest.systems WHERE system_id = $1',
        [probe.system_id],
      );
      expect(system).toMatchObject({ organization_id: org.id, name: 'Claims Triage', declared: true });

      const requests = await outboxRecords(harness, 'system.registration_requested');
      expect(requests.filter((r) => r.organization_id === org.id)).toEqual([
        expect.objectContaining({
          details: {
            system_id: probe.system_id,
            name: 'Claims Triage',
            registration_source: 'probe',
            discovery_method: 'probe_registration',
            declared: true,
            host: 'claims-1.internal',
            runtime: 'python3.12',
            environment: 'production',
            vendor: null,
            model: null,
            probe_id: probe.probe_id,
          },
        }),
      ]);
      const registered = await outboxRecords(harness, 'probe.registered');
      expect(
        registered.find((r) => (r.details as { probe_id: string }).probe_id === probe.probe_id),
      ).toMatchObject({
        organization_id: org.id,
        details: { probe_name: 'edge-1', system_id: probe.system_id, registered_at: probe.registered_at },
      });
    });

    it('finds the same probe again: 200, same id, updated fields, and one more probe.registered only on change', async () => {
      const first = await registerProbe(harness, org, {
        probe_name: 'again',
        system_name: 'Again Bot',
        version: '1',
      });
      const countEvents = async () =>
        (await outboxRecords<{ details: { probe_id: string } }>(harness, 'probe.registered')).filter(
          (r) => r.details.probe_id === first.probe_id,
        ).length;
      const same = await harness.request('POST', '/api/service/probe/register', org.apiKey, {
        probe_name: 'again',
        system_name: 'again bot',
        host: first.host,
        version: '1',
      });
      expect(same.statusCode).toBe(200);
      expect(same.json()).toEqual(first);
      expect(await countEvents()).toBe(1);

      const upgraded = await harness.request('POST', '/api/service/probe/register', org.apiKey, {
        probe_name: 'again',
        system_name: 'AGAIN BOT',
        host: first.host,
        version: '2',
        environment: 'staging',
      });
      expect(upgraded.statusCode).toBe(200);
      expect(upgraded.json()).toEqual({ ...first, version: '2', environment: 'staging' });
      expect(await countEvents()).toBe(2);
      // The audit trail: the registration, then what the second one changed; nothing for the repeat.
      const audited = await readAuditEntries(harness, 'probe_ingest', first.probe_id);
      expect(audited.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
        [
          'probe.registered',
          null,
          expect.objectContaining({ probe_name: 'again', system_id: first.system_id, version: '1' }),
        ],
        ['probe.reregistered', { version: '1', environment: null }, { version: '2', environment: 'staging' }],
      ]);
      expect(audited[0]).toMatchObject({
        actor_type: 'api_key',
        service: 'probe-ingest',
        target_type: 'probe',
      });
      // The system name matched case-insensitively: still one system of that name, requested once.
      expect(
        (await outboxRecords<{ details: { name: string } }>(harness, 'system.registration_requested')).filter(
          (r) => r.details.name.toLowerCase() === 'again bot',
        ),
      ).toHaveLength(1);
    });

    it('gives concurrent first registrations of one probe one id and one system', async () => {
      const body = { probe_name: 'racer', system_name: 'Race Bot', host: 'race.internal' };
      const responses = await Promise.all(
        Array.from({ length: 6 }, () =>
          harness.request('POST', '/api/service/probe/register', org.apiKey, body),
        ),
      );
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
      expect(new Set(responses.map((r) => r.json<{ probe_id: string }>().probe_id)).size).toBe(1);
      const [row] = await harness.sql.query<Array<{ count: number }>>(
        `SELECT count(*)::int AS count FROM probe_ingest.systems WHERE organization_id = $1 AND lower(name) = 'race bot'`,
        [org.id],
      );
      expect(row!.count).toBe(1);
    });

    it('registers against a known system by id, and refuses an unknown or foreign one with 404, writing nothing', async () => {
      const snapshot = systemSnapshot({ name: 'Known Bot' });
      await publishSystemsEvent(harness, org.id, { event: 'system.created', details: snapshot });
      // No wait for the replica: an unknown id is looked up again once it caught up with the bus.
      const ok = await harness.request('POST', '/api/service/probe/register', org.apiKey, {
        probe_name: 'by-id',
        system_id: snapshot.system_id,
        host: 'known.internal',
      });
      expect(ok.statusCode).toBe(201);
      expect(ok.json()).toMatchObject({ system_id: snapshot.system_id });

      const probesBefore = await harness.count('probe_ingest.probes');
      const outboxBefore = await countRequestWrites(harness);
      for (const [key, systemId] of [
        [org.apiKey, newId('system')],
        [other.apiKey, snapshot.system_id],
      ] as const) {
        const refused = await harness.request('POST', '/api/service/probe/register', key, {
          probe_name: 'nowhere',
          system_id: systemId,
          host: 'nowhere.internal',
        });
        expect(refused.statusCode).toBe(404);
        expect(refused.json()).toEqual({
          error: {
            code: 'not_found',
            message: `System ${systemId} not found`,
            details: [{ field: 'system_id', message: 'is not a system of this organization' }],
          },
        });
      }
      expect(await harness.count('probe_ingest.probes')).toBe(probesBefore);
      expect(await countRequestWrites(harness)).toBe(outboxBefore);
    });

    it('keeps organizations apart: the same name and host in two organizations are two probes', async () => {
      const body = { probe_name: 'shared-name', system_name: 'Shared', host: 'shared.internal' };
      const mine = await registerProbe(harness, org, body);
      const theirs = await registerProbe(harness, other, body);
      expect(mine.probe_id).not.toBe(theirs.probe_id);
      expect(mine.system_id).not.toBe(theirs.system_id);
    });
  });

  describe('heartbeat', () => {
    it('records health on the probe and emits probe.heartbeat: 200 {probe_id, received_at}', async () => {
      const probe = await registerProbe(harness, org, { version: '1.0.0' });
      const response = await harness.request('POST', '/api/service/probe/heartbeat', org.apiKey, {
        probe_id: probe.probe_id,
        status: 'degraded',
        version: '1.0.1',
        uptime_seconds: 3600,
        queue_depth: 17,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ probe_id: string; received_at: string }>();
      expect(body).toEqual({ probe_id: probe.probe_id, received_at: expect.any(String) });

      const read = await harness.request('GET', `/api/service/probe/probes/${probe.probe_id}`, org.apiKey);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({
        ...probe,
        version: '1.0.1',
        status: 'degraded',
        uptime_seconds: 3600,
        queue_depth: 17,
        last_heartbeat_at: body.received_at,
        last_telemetry_at: null,
        connection: 'connected',
      });
      const events = await outboxRecords<{ details: { probe_id: string } }>(harness, 'probe.heartbeat');
      expect(events.filter((e) => e.details.probe_id === probe.probe_id)).toEqual([
        expect.objectContaining({
          organization_id: org.id,
          details: {
            probe_id: probe.probe_id,
            system_id: probe.system_id,
            status: 'degraded',
            version: '1.0.1',
            uptime_seconds: 3600,
            queue_depth: 17,
            received_at: body.received_at,
          },
        }),
      ]);
    });

    it("answers 404 for an unknown probe and for another organization's probe, writing nothing", async () => {
      const probe = await registerProbe(harness, org);
      const outboxBefore = await countRequestWrites(harness);
      for (const [key, probeId] of [
        [org.apiKey, newId('probe')],
        [other.apiKey, probe.probe_id],
      ] as const) {
        const response = await harness.request('POST', '/api/service/probe/heartbeat', key, {
          probe_id: probeId,
          status: 'healthy',
        });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          error: { code: 'not_found', message: 'Probe not found', details: null },
        });
      }
      expect(await countRequestWrites(harness)).toBe(outboxBefore);
    });
  });

  describe('reads and authentication', () => {
    it("answers 404 for a malformed id, an unknown id and another organization's probe", async () => {
      const probe = await registerProbe(harness, org);
      for (const [key, id] of [
        [org.apiKey, 'nope'],
        [org.apiKey, newId('probe')],
        [other.apiKey, probe.probe_id],
      ] as const) {
        const response = await harness.request('GET', `/api/service/probe/probes/${id}`, key);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
      }
    });

    it('answers 401 without a key, and for a wrong secret of a key it has cached', async () => {
      const path = `/api/service/probe/probes/${newId('probe')}`;
      expect((await harness.request('GET', path, org.apiKey)).statusCode).toBe(404);
      const wrongSecret =
        `${org.apiKey.slice(0, -4)}AAAA` === org.apiKey
          ? `${org.apiKey.slice(0, -4)}BBBB`
          : `${org.apiKey.slice(0, -4)}AAAA`;
      for (const key of [undefined, wrongSecret, 'sk_bogus', `${org.apiKey}x`]) {
        const response = await harness.request('GET', path, key);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ error: { code: 'unauthorized' } });
      }
      // The cached credential still serves the right key after the wrong ones.
      expect((await harness.request('GET', path, org.apiKey)).statusCode).toBe(404);
    });
  });
});
