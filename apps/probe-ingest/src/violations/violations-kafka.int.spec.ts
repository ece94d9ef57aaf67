import { publicTopicFor } from '@governance/contracts';
import { type ConsumedEvent, createKafka, KafkaEventSource, type Subscription } from '@governance/messaging';
import { createLogger } from '@governance/platform';
import { type KafkaMockCluster, startKafkaMockCluster } from '@governance/testing';
import { announcePolicy, policySnapshot } from '../policy-sync/testing/policy-test-support';
import { publicRecordErrors } from '../testing/public-event-schema';
import { eventually, ProbeIngestHarness, seedProbe, telemetryMessage } from '../testing/probe-ingest-harness';

/** The distributed wiring: policies and telemetry arrive from Kafka, policy.violated leaves on its public topic. */
describe('policy violations on Kafka', () => {
  let cluster: KafkaMockCluster;
  let harness: ProbeIngestHarness;
  let reader: Subscription;
  const received: ConsumedEvent[] = [];

  beforeAll(async () => {
    cluster = await startKafkaMockCluster({ brokers: 1 });
    harness = await ProbeIngestHarness.start({
      kafkaBrokers: cluster.bootstrapServers,
      env: { PROBE_SILENCE_MS: '600000' },
    });
    const config = {
      brokers: cluster.bootstrapServers.split(','),
      clientId: 'violations-test-reader',
      maxWaitMs: 100,
      idempotentProducer: false,
      ssl: false,
      sessionTimeoutMs: 6_000,
    };
    const source = new KafkaEventSource(createKafka(config, createLogger('test-reader', 'error')), config);
    reader = await source.subscribe(
      'violations-test-reader',
      [publicTopicFor('policy.violated')],
      async (event) => {
        received.push(event);
      },
    );
  }, 90_000);

  afterAll(async () => {
    await reader.close();
    await harness.close();
    await cluster.stop();
  });

  it('publishes policy.violated to governance.policy.violated with its headers', async () => {
    const org = await harness.createOrganization();
    const probe = await seedProbe(harness, org.id, { name: 'Kafka Chat Bot' });
    const policy = await announcePolicy(harness, org.id, policySnapshot({ enforcement_mode: 'BLOCK' }));
    await harness.publishMessages([
      telemetryMessage(org.id, probe, [{ timestamp: new Date().toISOString(), metrics: { toxicity: 0.97 } }]),
    ]);

    const event = await eventually(
      async () => received.find((candidate) => candidate.key === org.id),
      60_000,
      'policy.violated on Kafka',
    );
    expect(event.topic).toBe('governance.policy.violated');
    const record = JSON.parse(event.payload) as { id: string; details: { violation_id: string } };
    expect(event.headers).toEqual(
      expect.objectContaining({
        'event-id': record.id,
        'event-type': 'policy.violated',
        'organization-id': org.id,
        'schema-version': '1',
      }),
    );
    expect(publicRecordErrors('policy.violated', record)).toEqual([]);
    expect(record).toMatchObject({
      organization_id: org.id,
      event: 'policy.violated',
      severity: 'CRITICAL',
      system_id: probe.systemId,
      details: {
        policy_id: policy.policy_id,
        policy_name: policy.name,
        enforcement_mode: 'BLOCK',
        action_taken: 'blocked',
        probe_id: probe.probeId,
        context: 'metrics.toxicity gt 0.8 (was 0.97)',
      },
    });
    const [row] = await harness.sql.query<Array<{ violation_id: string }>>(
      'SELECT violation_id FROM probe_ingest.violations WHERE organization_id = $1',
      [org.id],
    );
    expect(record.details.violation_id).toBe(row?.violation_id);
  }, 120_000);
});
