import { newId, newUuidV7, type ProbeEventRecord } from '@governance/contracts';
import { probeEventMessage } from '@governance/messaging';
import { readAuditEntries } from '@governance/testing';
import {
  eventually,
  probeRecord,
  publicRecordProblems,
  publishProbeEvents,
  readOutbox,
  registrationRequest,
  SYSTEMS_PATH,
  SystemsHarness,
  type TestOrganization,
} from '../testing/systems-harness';

type Json = Record<string, unknown>;

/** Probe ingest's side of the conversation, over the Postgres event log. */
describe('probe events consumer', () => {
  let harness: SystemsHarness;
  let org: TestOrganization;
  let other: TestOrganization;

  beforeAll(async () => {
    harness = await SystemsHarness.start();
    [org, other] = await Promise.all([
      harness.createOrganization('free'),
      harness.createOrganization('federal'),
    ]);
  });

  afterAll(() => harness.close());

  const getSystem = async (id: string, key = org.apiKey) => {
    const response = await harness.request('GET', `${SYSTEMS_PATH}/${id}`, key);
    return response.statusCode === 200 ? response.json<Json & { probes: Json[] }>() : undefined;
  };

  /** Waits until the consumer has handled `record`: its id is in processed_events. */
  const processed = (record: ProbeEventRecord) =>
    eventually(
      async () =>
        (
          await harness.sql.query<unknown[]>('SELECT 1 FROM systems.processed_events WHERE event_id = $1', [
            record.id,
          ])
        ).length > 0,
      10_000,
      `${record.event} to be processed`,
    );

  it('registers a requested system under the requested id, and announces it publicly and internally', async () => {
    const details = registrationRequest({
      registration_source: 'shadow_ai_discovery',
      discovery_method: 'observed_endpoint',
    });
    await publishProbeEvents(harness, [probeRecord(org.id, 'system.registration_requested', details)]);
    const system = await eventually(() => getSystem(details.system_id), 10_000, 'the system');
    expect(system).toEqual({
      id: details.system_id,
      name: details.name,
      description: null,
      owner: null,
      vendor: 'OpenAI',
      model: 'gpt-4o',
      risk_tier: 'unclassified',
      environment: 'production',
      host: 'gpu-7.internal',
      runtime: 'python3.12',
      tags: [],
      declared: false,
      registration_source: 'shadow_ai_discovery',
      discovery_method: 'observed_endpoint',
      status: 'active',
      created_at: expect.any(String),
      updated_at: expect.any(String),
      probes: [],
    });
    const [registered] = await readOutbox(harness, 'system.registered').then((entries) =>
      entries.filter((entry) => entry.record['system_id'] === details.system_id),
    );
    expect(registered!.record).toMatchObject({
      organization_id: org.id,
      severity: 'INFO',
      details: {
        system_name: details.name,
        registration_source: 'shadow_ai_discovery',
        discovery_method: 'observed_endpoint',
        host: 'gpu-7.internal',
        runtime: 'python3.12',
        declared: false,
      },
    });
    expect(publicRecordProblems(registered!.record)).toEqual([]);
    const created = (await readOutbox(harness, 'system.created')).filter(
      (entry) => entry.record.details['system_id'] === details.system_id,
    );
    expect(created).toHaveLength(1);

    // Adopting the discovered system through the API.
    const adopted = await harness.request('PATCH', `${SYSTEMS_PATH}/${details.system_id}`, org.apiKey, {
      declared: true,
    });
    expect(adopted.json()).toMatchObject({ declared: true, registration_source: 'shadow_ai_discovery' });

    // The system minted from discovery is recorded as the service's own doing; the adoption as the key's.
    const audited = await readAuditEntries(harness, 'systems', details.system_id);
    expect(audited.map((entry) => [entry.action, entry.actor_type, entry.actor_id])).toEqual([
      ['system.registered', 'service', 'systems'],
      ['system.adopted', 'api_key', expect.stringMatching(/^key_/)],
    ]);
    expect(audited[0]).toMatchObject({
      address: null,
      user_agent: null,
      after: { registration_source: 'shadow_ai_discovery', declared: false },
    });
    expect(audited[1]).toMatchObject({ before: { declared: false }, after: { declared: true } });
  });

  it('announces host and runtime as "" when the asker did not know them', async () => {
    const details = registrationRequest({ host: null, runtime: null });
    const record = probeRecord(org.id, 'system.registration_requested', details);
    await publishProbeEvents(harness, [record]);
    await processed(record);
    const [registered] = (await readOutbox(harness, 'system.registered')).filter(
      (entry) => entry.record['system_id'] === details.system_id,
    );
    expect(registered!.record.details).toMatchObject({ host: '', runtime: '' });
    expect(publicRecordProblems(registered!.record)).toEqual([]);
  });

  it('does nothing for an id it already holds', async () => {
    const details = registrationRequest();
    const first = probeRecord(org.id, 'system.registration_requested', details);
    await publishProbeEvents(harness, [first]);
    await processed(first);
    const systemsBefore = await harness.count('systems.systems');
    const outboxBefore = await harness.count('systems.outbox');
    const again = probeRecord(org.id, 'system.registration_requested', { ...details, name: 'Another Name' });
    await publishProbeEvents(harness, [first, again]);
    await processed(again);
    expect(await harness.count('systems.systems')).toBe(systemsBefore);
    expect(await harness.count('systems.outbox')).toBe(outboxBefore);
    expect(await getSystem(details.system_id)).toMatchObject({ name: details.name });
  });

  it('merges a requested id into the system that already holds the name, and keeps its probes there', async () => {
    const existing = await harness.request('POST', SYSTEMS_PATH, org.apiKey, { name: 'Ledger Assistant' });
    const existingId = existing.json<{ id: string }>().id;
    const details = registrationRequest({ name: 'LEDGER assistant' });
    const probeId = newId('probe');
    const registeredAt = '2026-11-22T10:00:00.000Z';
    const earlyProbeId = newId('probe');
    const records = [
      // A probe met under the requested id before the request: it follows the merge too.
      probeRecord(org.id, 'probe.registered', {
        probe_id: earlyProbeId,
        probe_name: 'early-probe',
        system_id: details.system_id,
        host: 'ledger-0',
        runtime: null,
        environment: null,
        version: null,
        registered_at: '2026-11-22T09:00:00.000Z',
      }),
      probeRecord(org.id, 'system.registration_requested', details),
      probeRecord(org.id, 'probe.registered', {
        probe_id: probeId,
        probe_name: 'ledger-probe',
        system_id: details.system_id,
        host: 'ledger-1',
        runtime: 'jvm21',
        environment: 'staging',
        version: '0.9.0',
        registered_at: registeredAt,
      }),
    ];
    const systemsBefore = await harness.count('systems.systems');
    await publishProbeEvents(harness, records);
    await processed(records[2]!);
    expect(await harness.count('systems.systems')).toBe(systemsBefore);
    expect(await getSystem(details.system_id)).toBeUndefined();
    const merged = (await readOutbox(harness, 'system.registration_merged')).filter(
      (entry) => entry.record.details['requested_system_id'] === details.system_id,
    );
    expect(merged.map((entry) => [entry.topic, entry.record])).toEqual([
      [
        'governance.internal.systems',
        {
          id: merged[0]!.eventId,
          organization_id: org.id,
          event: 'system.registration_merged',
          timestamp: expect.any(String),
          details: {
            requested_system_id: details.system_id,
            system_id: existingId,
            name: 'LEDGER assistant',
          },
        },
      ],
    ]);
    expect((await getSystem(existingId))!.probes).toEqual([
      expect.objectContaining({ probe_id: earlyProbeId, probe_name: 'early-probe' }),
      {
        probe_id: probeId,
        probe_name: 'ledger-probe',
        host: 'ledger-1',
        runtime: 'jvm21',
        environment: 'staging',
        version: '0.9.0',
        status: null,
        connection: 'connected',
        last_heartbeat_at: null,
        last_seen_at: registeredAt,
        uptime_seconds: null,
        queue_depth: null,
        registered_at: registeredAt,
      },
    ]);
    // Asking again for the merged id is a repeat: no second merge, no system.
    const outboxBefore = await harness.count('systems.outbox');
    const repeat = probeRecord(org.id, 'system.registration_requested', details);
    await publishProbeEvents(harness, [repeat]);
    await processed(repeat);
    expect(await harness.count('systems.outbox')).toBe(outboxBefore);
  });

  it('keeps the probe replica current from heartbeats and connection changes, ignoring stale ones', async () => {
    const details = registrationRequest();
    const probeId = newId('probe');
    const at = (second: number) => new Date(Date.UTC(2026, 10, 22, 10, 0, second)).toISOString();
    const heartbeat = (second: number, status: 'healthy' | 'degraded', queueDepth: number) =>
      probeRecord(org.id, 'probe.heartbeat', {
        probe_id: probeId,
        system_id: details.system_id,
        status,
        version: second > 20 ? '1.1.0' : null,
        uptime_seconds: second,
        queue_depth: queueDepth,
        received_at: at(second),
      });
    const connection = (second: number, state: 'connected' | 'disconnected') =>
      probeRecord(org.id, 'probe.connection_changed', {
        probe_id: probeId,
        system_id: details.system_id,
        connection: state,
        last_seen_at: at(second),
      });
    const records = [
      probeRecord(org.id, 'system.registration_requested', details),
      probeRecord(org.id, 'probe.registered', {
        probe_id: probeId,
        probe_name: 'edge-probe',
        system_id: details.system_id,
        host: 'edge-1',
        runtime: null,
        environment: null,
        version: '1.0.0',
        registered_at: at(0),
      }),
      heartbeat(10, 'healthy', 3),
      heartbeat(30, 'degraded', 40),
      heartbeat(20, 'healthy', 0),
      connection(35, 'disconnected'),
      connection(5, 'connected'),
    ];
    await publishProbeEvents(harness, records);
    await processed(records[records.length - 1]!);
    const expected = {
      probe_id: probeId,
      probe_name: 'edge-probe',
      host: 'edge-1',
      runtime: null,
      environment: null,
      version: '1.1.0',
      status: 'degraded',
      connection: 'disconnected',
      last_heartbeat_at: at(30),
      last_seen_at: at(35),
      uptime_seconds: 30,
      queue_depth: 40,
      registered_at: at(0),
    };
    expect((await getSystem(details.system_id))!.probes).toEqual([expected]);

    const reconnect = connection(60, 'connected');
    await publishProbeEvents(harness, [reconnect]);
    await processed(reconnect);
    expect((await getSystem(details.system_id))!.probes).toEqual([
      { ...expected, connection: 'connected', last_seen_at: at(60) },
    ]);
  });

  it('never lets an event of one organization touch another’s probe or show it another’s system', async () => {
    const details = registrationRequest();
    const probeId = newId('probe');
    const records = [
      probeRecord(org.id, 'system.registration_requested', details),
      probeRecord(org.id, 'probe.registered', {
        probe_id: probeId,
        probe_name: 'mine',
        system_id: details.system_id,
        host: 'h',
        runtime: null,
        environment: null,
        version: null,
        registered_at: new Date().toISOString(),
      }),
      probeRecord(other.id, 'probe.connection_changed', {
        probe_id: probeId,
        system_id: details.system_id,
        connection: 'disconnected',
        last_seen_at: new Date(Date.now() + 60_000).toISOString(),
      }),
      probeRecord(other.id, 'probe.registered', {
        probe_id: probeId,
        probe_name: 'stolen',
        system_id: details.system_id,
        host: 'h',
        runtime: null,
        environment: null,
        version: null,
        registered_at: new Date(Date.now() + 60_000).toISOString(),
      }),
    ];
    await publishProbeEvents(harness, records);
    await processed(records[3]!);
    expect(await getSystem(details.system_id, other.apiKey)).toBeUndefined();
    expect((await getSystem(details.system_id))!.probes).toMatchObject([
      { probe_id: probeId, probe_name: 'mine', connection: 'connected' },
    ]);
  });

  // Last: replays everything the tests above published.
  it('changes nothing when the whole topic is delivered again', async () => {
    const state = async () => ({
      systems: await harness.sql.query('SELECT * FROM systems.systems ORDER BY id'),
      probes: await harness.sql.query('SELECT * FROM systems.probes ORDER BY probe_id'),
      merged: await harness.sql.query('SELECT * FROM systems.merged_system_ids ORDER BY requested_system_id'),
      outbox: await harness.count('systems.outbox'),
    });
    const checkpoint = async () => {
      const [row] = await harness.sql.query<Array<{ position: string }>>(
        "SELECT position FROM event_bus.checkpoints WHERE consumer_group = 'systems.probe-events'",
      );
      return Number(row?.position ?? -1);
    };
    const before = await state();
    const reached = await checkpoint();
    expect(reached).toBeGreaterThan(0);
    await harness.sql.query(
      "UPDATE event_bus.checkpoints SET position = 0 WHERE consumer_group = 'systems.probe-events'",
    );
    await eventually(async () => (await checkpoint()) >= reached, 10_000, 'the replay to finish');
    expect(await state()).toEqual(before);
  });

  it('skips malformed records and keeps consuming', async () => {
    const systemsBefore = await harness.count('systems.systems');
    const outboxBefore = await harness.count('systems.outbox');
    const broken = [
      {
        ...probeEventMessage(probeRecord(org.id, 'system.registration_requested', registrationRequest())),
        payload: '{',
      },
      probeEventMessage(
        probeRecord(org.id, 'system.registration_requested', registrationRequest({ system_id: 'sys_bad' })),
      ),
      probeEventMessage(
        probeRecord(org.id, 'system.registration_requested', registrationRequest({ name: '   ' })),
      ),
      probeEventMessage({
        id: newUuidV7(),
        organization_id: 'not-an-org',
        event: 'probe.heartbeat',
        timestamp: new Date().toISOString(),
      } as unknown as ProbeEventRecord),
      probeEventMessage({
        ...probeRecord(org.id, 'probe.registered', {} as never),
      }),
    ];
    const good = registrationRequest();
    const goodRecord = probeRecord(org.id, 'system.registration_requested', good);
    await harness.publishMessages([...broken, probeEventMessage(goodRecord)]);
    await processed(goodRecord);
    expect(await harness.count('systems.systems')).toBe(systemsBefore + 1);
    // system.registered, system.created and the audit entry of the one good request.
    expect(await harness.count('systems.outbox')).toBe(outboxBefore + 3);
  });
});
