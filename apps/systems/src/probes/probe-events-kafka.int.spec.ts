import { EVENT_HEADERS } from '@governance/contracts';
import { type KafkaMockCluster, startKafkaMockCluster } from '@governance/testing';
import { type Consumer, Kafka, logLevel } from 'kafkajs';
import {
  eventually,
  probeRecord,
  publicRecordProblems,
  publishProbeEvents,
  registrationRequest,
  SYSTEMS_PATH,
  SystemsHarness,
} from '../testing/systems-harness';

/** The distributed wiring: probe ingest's request arrives over Kafka, system.registered leaves over Kafka. */
describe('probe events on Kafka', () => {
  let cluster: KafkaMockCluster;
  let harness: SystemsHarness;
  let consumer: Consumer;
  const received: Array<{ key: string; headers: Record<string, string>; value: Record<string, unknown> }> =
    [];

  beforeAll(async () => {
    cluster = await startKafkaMockCluster({ brokers: 1 });
    harness = await SystemsHarness.start({ kafkaBrokers: cluster.bootstrapServers });
    const kafka = new Kafka({
      clientId: 'systems-test-reader',
      brokers: cluster.bootstrapServers.split(','),
      logLevel: logLevel.NOTHING,
    });
    consumer = kafka.consumer({ groupId: 'systems-test-reader', maxWaitTimeInMs: 100 });
    await consumer.connect();
    await consumer.subscribe({ topics: ['governance.system.registered'], fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const headers = Object.fromEntries(
          Object.entries(message.headers ?? {}).map(([name, value]) => [name, String(value)]),
        );
        received.push({
          key: message.key?.toString('utf8') ?? '',
          headers,
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

  it('registers a system requested over Kafka and publishes system.registered to its public topic', async () => {
    const org = await harness.createOrganization('professional');
    const details = registrationRequest();
    await publishProbeEvents(harness, [probeRecord(org.id, 'system.registration_requested', details)]);
    const system = await eventually(
      async () => {
        const response = await harness.request('GET', `${SYSTEMS_PATH}/${details.system_id}`, org.apiKey);
        return response.statusCode === 200 && response.json<Record<string, unknown>>();
      },
      20_000,
      'the requested system',
    );
    expect(system).toMatchObject({ id: details.system_id, name: details.name, declared: false });
    const message = await eventually(
      async () => received.find((entry) => entry.value['system_id'] === details.system_id),
      20_000,
      'system.registered on governance.system.registered',
    );
    expect(message.key).toBe(org.id);
    expect(message.headers).toMatchObject({
      [EVENT_HEADERS.eventType]: 'system.registered',
      [EVENT_HEADERS.organizationId]: org.id,
      [EVENT_HEADERS.eventId]: message.value['id'],
    });
    expect(message.value).toMatchObject({
      organization_id: org.id,
      event: 'system.registered',
      severity: 'INFO',
      details: { system_name: details.name, registration_source: 'probe', declared: false },
    });
    expect(publicRecordProblems(message.value)).toEqual([]);
  }, 60_000);
});
