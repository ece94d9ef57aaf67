import { EVENT_HEADERS, INTERNAL_TOPICS } from '@governance/contracts';
import { type KafkaMockCluster, startKafkaMockCluster } from '@governance/testing';
import { type Consumer, Kafka, logLevel } from 'kafkajs';
import { eventually, POLICIES_PATH, PoliciesHarness, policyBody } from '../testing/policies-harness';
import { type PolicyResponse } from './policy.dto';

/** The distributed wiring: every change leaves as a whole snapshot on the policies topic, keyed by tenant. */
describe('policy events on Kafka', () => {
  let cluster: KafkaMockCluster;
  let harness: PoliciesHarness;
  let consumer: Consumer;
  const received: Array<{ key: string; headers: Record<string, string>; value: Record<string, unknown> }> =
    [];

  beforeAll(async () => {
    cluster = await startKafkaMockCluster({ brokers: 1 });
    harness = await PoliciesHarness.start({ kafkaBrokers: cluster.bootstrapServers });
    const kafka = new Kafka({
      clientId: 'policies-test-reader',
      brokers: cluster.bootstrapServers.split(','),
      logLevel: logLevel.NOTHING,
    });
    consumer = kafka.consumer({ groupId: 'policies-test-reader', maxWaitTimeInMs: 100 });
    await consumer.connect();
    await consumer.subscribe({ topics: [INTERNAL_TOPICS.policies], fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        received.push({
          key: message.key?.toString('utf8') ?? '',
          headers: Object.fromEntries(
            Object.entries(message.headers ?? {}).map(([name, value]) => [name, String(value)]),
          ),
          value: JSON.parse(message.value?.toString('utf8') ?? 'null') as Record<string, unknown>,
        });
      },
    });
  }, 60_000);

  afterAll(async () => {
    await consumer.disconnect();
    await harness.close();
    await cluster.stop();
  });

  it('publishes policy.created and policy.updated with growing versions', async () => {
    const org = await harness.createOrganization('professional');
    const created = await harness.request('POST', POLICIES_PATH, org.apiKey, policyBody());
    const policy = created.json<PolicyResponse>();
    const flipped = await harness.request('PATCH', `${POLICIES_PATH}/${policy.id}/enforcement`, org.apiKey);
    expect(flipped.statusCode).toBe(200);

    const mine = await eventually(
      async () => {
        const found = received.filter(
          (message) => (message.value['details'] as { policy_id: string }).policy_id === policy.id,
        );
        return found.length === 2 && found;
      },
      20_000,
      'both policy events on Kafka',
    );
    expect(
      mine.map((message) => [
        message.value['event'],
        (message.value['details'] as { version: number }).version,
      ]),
    ).toEqual([
      ['policy.created', 1],
      ['policy.updated', 2],
    ]);
    for (const message of mine) {
      expect(message.key).toBe(org.id);
      expect(message.headers[EVENT_HEADERS.organizationId]).toBe(org.id);
      expect(message.headers[EVENT_HEADERS.eventType]).toBe(message.value['event']);
      expect(message.headers[EVENT_HEADERS.eventId]).toBe(message.value['id']);
    }
    expect((mine[1]!.value['details'] as { enforcement_mode: string }).enforcement_mode).toBe('BLOCK');
  });
});
