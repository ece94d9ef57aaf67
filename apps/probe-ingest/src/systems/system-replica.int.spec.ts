import {
  eventually,
  ProbeIngestHarness,
  publishSystemsEvent,
  registerProbe,
  systemSnapshot,
  type TestOrganization,
} from '../testing/probe-ingest-harness';

describe('systems replica', () => {
  let harness: ProbeIngestHarness;
  let org: TestOrganization;

  beforeAll(async () => {
    // fatal: the unreadable record below is logged as an error by design.
    harness = await ProbeIngestHarness.start({ env: { PROBE_SILENCE_MS: '600000', LOG_LEVEL: 'fatal' } });
    org = await harness.createOrganization();
  });

  afterAll(() => harness.close());

  const systemRow = async (systemId: string) =>
    (
      await harness.sql.query<Array<Record<string, unknown>>>(
        'SELECT system_id, organization_id, name, host, runtime, vendor, declared, status FROM probe_ingest.systems WHERE system_id = $1',
        [systemId],
      )
    )[0];

  it('upserts system.created and system.updated, ignoring a snapshot older than the one it holds', async () => {
    const created = systemSnapshot({ name: 'Fraud Scorer', updated_at: '2026-11-22T10:00:00.000Z' });
    await publishSystemsEvent(harness, org.id, { event: 'system.created', details: created });
    await eventually(async () => systemRow(created.system_id), 10_000, 'the created system');
    expect(await systemRow(created.system_id)).toEqual({
      system_id: created.system_id,
      organization_id: org.id,
      name: 'Fraud Scorer',
      host: 'bot-1.internal',
      runtime: 'python3.12',
      vendor: 'OpenAI',
      declared: true,
      status: 'active',
    });

    const renamed = {
      ...created,
      name: 'Fraud Scorer v2',
      status: 'retired' as const,
      updated_at: '2026-11-22T11:00:00.000Z',
    };
    const stale = { ...created, name: 'Stale Name', updated_at: '2026-11-22T10:30:00.000Z' };
    await publishSystemsEvent(harness, org.id, { event: 'system.updated', details: renamed });
    await publishSystemsEvent(harness, org.id, { event: 'system.updated', details: stale });
    const marker = systemSnapshot({ name: 'Marker' });
    await publishSystemsEvent(harness, org.id, { event: 'system.created', details: marker });
    await eventually(async () => systemRow(marker.system_id), 10_000, 'the marker system');
    expect(await systemRow(created.system_id)).toMatchObject({ name: 'Fraud Scorer v2', status: 'retired' });
  });

  it('lets a snapshot replace the row this service requested, and a probe find it by name', async () => {
    const probe = await registerProbe(harness, org, { system_name: 'Requested Bot' });
    expect(await systemRow(probe.system_id)).toMatchObject({ name: 'Requested Bot', declared: true });
    const announced = systemSnapshot({
      system_id: probe.system_id,
      name: 'Requested Bot',
      registration_source: 'probe',
      discovery_method: 'probe_registration',
      // Even a snapshot stamped before our own insert replaces the requested row.
      updated_at: '2020-01-01T00:00:00.000Z',
    });
    await publishSystemsEvent(harness, org.id, { event: 'system.created', details: announced });
    await eventually(
      async () => (await systemRow(probe.system_id))?.vendor === 'OpenAI',
      10_000,
      'the snapshot',
    );
  });

  it('follows system.registration_merged: probes move to the surviving system and the requested row goes', async () => {
    const existing = systemSnapshot({ name: 'Merge Target' });
    await publishSystemsEvent(harness, org.id, { event: 'system.created', details: existing });
    await eventually(async () => systemRow(existing.system_id), 10_000, 'the existing system');
    // The probe names the system differently than the inventory does, so a system is requested; the
    // systems service then finds they are one and merges the request into the existing system.
    const probe = await registerProbe(harness, org, { system_name: 'Merge Target (probe)' });
    const second = await registerProbe(harness, org, { system_name: 'Merge Target (probe)' });
    expect(second.system_id).toBe(probe.system_id);
    await publishSystemsEvent(harness, org.id, {
      event: 'system.registration_merged',
      details: { requested_system_id: probe.system_id, system_id: existing.system_id, name: 'Merge Target' },
    });
    await eventually(async () => !(await systemRow(probe.system_id)), 10_000, 'the requested row to go');
    for (const id of [probe.probe_id, second.probe_id]) {
      const read = await harness.request('GET', `/api/service/probe/probes/${id}`, org.apiKey);
      expect(read.json()).toMatchObject({ system_id: existing.system_id });
    }
  });

  it('skips a systems record that is not JSON without blocking the ones after it', async () => {
    await harness.publishMessages([
      {
        eventId: '01a20000-0000-7000-8000-000000000000',
        topic: 'governance.internal.systems',
        key: org.id,
        eventType: 'system.created',
        headers: { 'event-id': '01a20000-0000-7000-8000-000000000000', 'event-type': 'system.created' },
        payload: '{not json',
      },
    ]);
    const after = systemSnapshot({ name: 'After Garbage' });
    await publishSystemsEvent(harness, org.id, { event: 'system.created', details: after });
    await eventually(async () => systemRow(after.system_id), 10_000, 'the system after the garbage');
  });
});
