import { newId, type ProbeEventRecord, type TelemetryRecord } from '@governance/contracts';
import { readAuditEntries } from '@governance/testing';
import {
  outboxRecords,
  ProbeIngestHarness,
  processed,
  seedProbe,
  telemetryMessage,
  type TestOrganization,
} from '../testing/probe-ingest-harness';

type RegistrationRequest = Extract<ProbeEventRecord, { event: 'system.registration_requested' }>;

const at = () => new Date().toISOString();
const record = (overrides: Partial<TelemetryRecord> = {}): TelemetryRecord => ({
  timestamp: at(),
  metrics: { latency_ms: 120 },
  ...overrides,
});

describe('shadow-AI discovery on the event log', () => {
  let harness: ProbeIngestHarness;
  let org: TestOrganization;
  let other: TestOrganization;
  let sent = 0;

  beforeAll(async () => {
    harness = await ProbeIngestHarness.start();
    [org, other] = await Promise.all([harness.createOrganization(), harness.createOrganization()]);
  });

  afterAll(() => harness.close());

  async function send(
    organizationId: string,
    probe: { systemId: string; probeId: string },
    records: TelemetryRecord[],
  ) {
    const message = telemetryMessage(organizationId, probe, records);
    await harness.publishMessages([message]);
    sent += 1;
    await processed(harness, 'drift', sent);
    return message;
  }

  const requests = async (organizationId: string) =>
    outboxRecords<RegistrationRequest>(harness, 'system.registration_requested', organizationId);

  it('registers an unknown system id and an unclaimed AI API host once each, with a replica row', async () => {
    const probe = await seedProbe(
      harness,
      org.id,
      { name: 'Checkout Assistant' },
      {
        host: 'checkout-7.internal',
        runtime: 'node22',
        environment: 'staging',
      },
    );
    const unknown = newId('system');
    await send(org.id, probe, [
      record({ system_id: unknown, model: 'llama-3-70b' }),
      record({ system_id: unknown }),
      record({ observed_endpoint: 'https://api.openai.com/v1/chat/completions', model: 'gpt-4o' }),
      record({ observed_endpoint: 'api.openai.com' }),
      record({ observed_endpoint: 'db.internal:5432' }),
    ]);

    const first = await requests(org.id);
    expect(first).toHaveLength(2);
    const [byId, byEndpoint] = first;
    expect(byId!.details).toEqual({
      system_id: unknown,
      name: `Undeclared system ${unknown} on checkout-7.internal`,
      registration_source: 'shadow_ai_discovery',
      discovery_method: 'unknown_system_id',
      declared: false,
      host: 'checkout-7.internal',
      runtime: 'node22',
      environment: 'staging',
      vendor: null,
      model: 'llama-3-70b',
      probe_id: probe.probeId,
    });
    expect(byEndpoint!.details).toEqual({
      system_id: expect.stringMatching(/^sys_[0-9A-Z]{26}$/),
      name: 'OpenAI API use seen from checkout-7.internal',
      registration_source: 'shadow_ai_discovery',
      discovery_method: 'observed_endpoint',
      declared: false,
      host: 'api.openai.com',
      runtime: 'node22',
      environment: 'staging',
      vendor: 'OpenAI',
      model: 'gpt-4o',
      probe_id: probe.probeId,
    });
    const replica = await harness.sql.query<Array<Record<string, unknown>>>(
      `SELECT system_id, name, host, runtime, vendor, declared FROM probe_ingest.systems
       WHERE organization_id = $1 AND declared = false ORDER BY name`,
      [org.id],
    );
    expect(replica).toEqual([
      {
        system_id: byEndpoint!.details.system_id,
        name: 'OpenAI API use seen from checkout-7.internal',
        host: 'api.openai.com',
        runtime: 'node22',
        vendor: 'OpenAI',
        declared: false,
      },
      {
        system_id: unknown,
        name: `Undeclared system ${unknown} on checkout-7.internal`,
        host: 'checkout-7.internal',
        runtime: 'node22',
        vendor: null,
        declared: false,
      },
    ]);

    // The same sightings later, from this probe or another, discover nothing new.
    const second = await seedProbe(harness, org.id, { name: 'Other App' }, { host: 'other-1.internal' });
    await send(org.id, probe, [
      record({ system_id: unknown }),
      record({ observed_endpoint: 'API.OPENAI.COM' }),
    ]);
    await send(org.id, second, [record({ observed_endpoint: 'https://api.openai.com/' })]);
    expect(await requests(org.id)).toHaveLength(2);

    // Each discovery is in the audit trail once, as probe ingest's own doing.
    const audited = await readAuditEntries(harness, 'probe_ingest', unknown);
    expect(audited).toEqual([
      expect.objectContaining({
        actor_type: 'service',
        actor_id: 'probe-ingest',
        action: 'system.discovered',
        target_type: 'system',
        before: null,
        after: {
          name: `Undeclared system ${unknown} on checkout-7.internal`,
          discovery_method: 'unknown_system_id',
          host: 'checkout-7.internal',
          vendor: null,
          model: 'llama-3-70b',
          probe_id: probe.probeId,
        },
      }),
    ]);
    expect(await readAuditEntries(harness, 'probe_ingest', byEndpoint!.details.system_id)).toHaveLength(1);
  });

  it('leaves alone hosts a system claims, ids another organization owns, and redeliveries', async () => {
    const probe = await seedProbe(harness, org.id, { name: 'Claims Bot', host: 'api.anthropic.com' });
    const foreign = await seedProbe(harness, other.id, { name: 'Foreign System' });
    const before = (await requests(org.id)).length;
    await send(org.id, probe, [
      record({ observed_endpoint: 'api.anthropic.com' }),
      record({ system_id: foreign.systemId }),
      record({ system_id: probe.systemId }),
    ]);
    expect(await requests(org.id)).toHaveLength(before);

    const message = telemetryMessage(org.id, probe, [record({ observed_endpoint: 'api.mistral.ai' })]);
    await harness.publishMessages([message]);
    await harness.publishMessages([message]);
    sent += 1;
    await processed(harness, 'drift', sent);
    await send(org.id, probe, [record()]);
    const mistral = (await requests(org.id)).filter((r) => r.details.vendor === 'Mistral AI');
    expect(mistral).toHaveLength(1);
    const [row] = await harness.sql.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM probe_ingest.discoveries WHERE organization_id = $1 AND discovery_key = 'endpoint:api.mistral.ai'`,
      [org.id],
    );
    expect(row!.count).toBe(1);
  });

  it('discovers per organization: one tenant having found a host does not hide it from another', async () => {
    const probe = await seedProbe(harness, other.id, { name: 'Tenant B App' }, { host: 'b-1.internal' });
    await send(other.id, probe, [record({ observed_endpoint: 'api.openai.com' })]);
    const found = await requests(other.id);
    expect(found.map((r) => r.details.name)).toEqual(['OpenAI API use seen from b-1.internal']);
  });
});
