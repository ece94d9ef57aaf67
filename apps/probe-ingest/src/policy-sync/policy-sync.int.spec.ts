import { newId } from '@governance/contracts';
import { ProbeIngestHarness, seedProbe, type TestOrganization } from '../testing/probe-ingest-harness';
import { announcePolicy, policySnapshot } from './testing/policy-test-support';

interface SyncBody {
  probe_id: string;
  system_id: string;
  version: string;
  policies: Array<Record<string, unknown>>;
}

describe('policy-sync', () => {
  let harness: ProbeIngestHarness;
  let org: TestOrganization;
  let other: TestOrganization;

  beforeAll(async () => {
    harness = await ProbeIngestHarness.start({ env: { PROBE_SILENCE_MS: '600000' } });
    [org, other] = await Promise.all([harness.createOrganization(), harness.createOrganization()]);
  });

  afterAll(() => harness.close());

  const sync = (organization: TestOrganization, query: string, headers: Record<string, string> = {}) =>
    harness.request('GET', `/api/service/probe/policy-sync${query}`, organization.apiKey, undefined, headers);

  it('serves the active policies that apply to the probe, with an ETag, and 304 while they stand', async () => {
    const probe = await seedProbe(harness, org.id, { name: 'Sync Bot' });
    const elsewhere = await seedProbe(harness, org.id, { name: 'Elsewhere Bot' });
    const everywhere = await announcePolicy(
      harness,
      org.id,
      policySnapshot({ name: 'Everywhere', enforcement_mode: 'WARN', severity: 'HIGH' }),
    );
    const listed = await announcePolicy(
      harness,
      org.id,
      policySnapshot({
        name: 'Listed',
        scope: { system_ids: [probe.systemId] },
        rules: {
          any: [
            { field: 'model', op: 'matches', value: '^gpt-4' },
            { field: 'labels.pii', op: 'exists' },
          ],
        },
        framework: 'EU_AI_ACT',
        control: 'EU_AI_ACT:Art.12(1)',
      }),
    );
    await announcePolicy(harness, org.id, policySnapshot({ name: 'Disabled', status: 'disabled' }));
    await announcePolicy(
      harness,
      org.id,
      policySnapshot({ name: 'Other system', scope: { system_ids: [elsewhere.systemId] } }),
    );
    await announcePolicy(harness, other.id, policySnapshot({ name: 'Other organization' }));

    const response = await sync(org, `?probe_id=${probe.probeId}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<SyncBody>();
    expect(body).toEqual({
      probe_id: probe.probeId,
      system_id: probe.systemId,
      version: expect.stringMatching(/^[0-9a-f]{32}$/),
      policies: [everywhere, listed]
        .sort((a, b) => a.policy_id.localeCompare(b.policy_id))
        .map((policy) => ({
          policy_id: policy.policy_id,
          name: policy.name,
          description: null,
          enforcement_mode: policy.enforcement_mode,
          rules: policy.rules,
          framework: policy.framework,
          control: policy.control,
          version: 1,
          updated_at: policy.updated_at,
        })),
    });
    expect(response.headers.etag).toBe(`"${body.version}"`);
    expect(response.headers['cache-control']).toBe('private, no-cache');

    const notModified = await sync(org, `?probe_id=${probe.probeId}`, {
      'if-none-match': `"${body.version}"`,
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(`"${body.version}"`);
    const stale = await sync(org, `?probe_id=${probe.probeId}`, { 'if-none-match': '"something-else"' });
    expect(stale.statusCode).toBe(200);

    const forElsewhere = (await sync(org, `?probe_id=${elsewhere.probeId}`)).json<SyncBody>();
    expect(forElsewhere.policies.map((policy) => policy.name).sort()).toEqual(['Everywhere', 'Other system']);
  });

  it('shows a new version within seconds, with a new ETag, and drops a policy once disabled', async () => {
    // An organization of its own: no policy of the other tests applies here.
    const own = await harness.createOrganization();
    const probe = await seedProbe(harness, own.id, { name: 'Change Bot' });
    const before = await sync(own, `?probe_id=${probe.probeId}`);
    const v1 = policySnapshot({ name: 'Changing', scope: { system_ids: [probe.systemId] } });
    await announcePolicy(harness, own.id, v1);
    const first = await sync(own, `?probe_id=${probe.probeId}`, {
      'if-none-match': before.headers.etag as string,
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).not.toBe(before.headers.etag);

    const v2 = { ...v1, enforcement_mode: 'WARN' as const, version: 2, updated_at: new Date().toISOString() };
    await announcePolicy(harness, own.id, v2);
    const second = await sync(own, `?probe_id=${probe.probeId}`, {
      'if-none-match': first.headers.etag as string,
    });
    expect(second.statusCode).toBe(200);
    expect(second.headers.etag).not.toBe(first.headers.etag);
    expect(second.json<SyncBody>().policies).toEqual([
      expect.objectContaining({ policy_id: v1.policy_id, enforcement_mode: 'WARN', version: 2 }),
    ]);

    // An older snapshot arriving late changes nothing; the marker behind it shows it was consumed.
    await announcePolicy(harness, own.id, v1);
    await announcePolicy(
      harness,
      org.id,
      policySnapshot({ name: 'Marker', scope: { system_ids: [newId('system')] } }),
    );
    const unchanged = await sync(own, `?probe_id=${probe.probeId}`, {
      'if-none-match': second.headers.etag as string,
    });
    expect(unchanged.statusCode).toBe(304);

    await announcePolicy(harness, own.id, { ...v2, status: 'disabled', version: 3 });
    const third = await sync(own, `?probe_id=${probe.probeId}`);
    expect(third.json<SyncBody>().policies).toEqual([]);
    expect(third.headers.etag).toBe(before.headers.etag);
  });

  it('drops a deleted policy at once, and no late snapshot of it brings it back', async () => {
    const own = await harness.createOrganization();
    const probe = await seedProbe(harness, own.id, { name: 'Deletion Bot' });
    const empty = await sync(own, `?probe_id=${probe.probeId}`);
    const v1 = await announcePolicy(harness, own.id, policySnapshot({ name: 'Doomed' }));
    const kept = await announcePolicy(harness, own.id, policySnapshot({ name: 'Kept' }));
    const both = await sync(own, `?probe_id=${probe.probeId}`);
    expect(
      both
        .json<SyncBody>()
        .policies.map((policy) => policy.name)
        .sort(),
    ).toEqual(['Doomed', 'Kept']);

    const deletedAt = new Date().toISOString();
    await announcePolicy(harness, own.id, { ...v1, version: 2, updated_at: deletedAt }, 'policy.deleted');
    const after = await sync(own, `?probe_id=${probe.probeId}`, {
      'if-none-match': both.headers.etag as string,
    });
    expect(after.statusCode).toBe(200);
    expect(after.json<SyncBody>().policies.map((policy) => policy.policy_id)).toEqual([kept.policy_id]);

    // The creation redelivered late, behind a marker that shows it was consumed: the tombstone stands.
    await announcePolicy(harness, own.id, v1);
    await announcePolicy(
      harness,
      org.id,
      policySnapshot({ name: 'Marker', scope: { system_ids: [newId('system')] } }),
    );
    const still = await sync(own, `?probe_id=${probe.probeId}`, {
      'if-none-match': after.headers.etag as string,
    });
    expect(still.statusCode).toBe(304);
    const [row] = await harness.sql.query<Array<{ status: string; version: number }>>(
      'SELECT status, version FROM probe_ingest.policies WHERE policy_id = $1',
      [v1.policy_id],
    );
    expect(row).toEqual({ status: 'deleted', version: 2 });
    expect(after.headers.etag).not.toBe(empty.headers.etag);
  });

  it('answers 400 for a missing or malformed probe_id and 404 for a probe of another organization', async () => {
    const probe = await seedProbe(harness, other.id, { name: 'Foreign Bot' });
    for (const query of [
      '',
      '?probe_id=',
      '?probe_id=nope',
      `?probe_id=${probe.systemId}`,
      '?probe_id=a&probe_id=b',
    ]) {
      const response = await sync(org, query);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: {
          code: 'validation_failed',
          message: expect.any(String),
          details: expect.arrayContaining([expect.objectContaining({ field: 'probe_id' })]),
        },
      });
    }
    const foreign = await sync(org, `?probe_id=${probe.probeId}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: { code: 'not_found' } });
    expect((await sync(org, `?probe_id=${newId('probe')}`)).statusCode).toBe(404);
    expect(
      (await harness.request('GET', `/api/service/probe/policy-sync?probe_id=${probe.probeId}`)).statusCode,
    ).toBe(401);
  });
});
