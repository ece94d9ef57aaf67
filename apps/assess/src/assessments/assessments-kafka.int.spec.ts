import { EVENT_HEADERS } from '@governance/contracts';
import { type KafkaMockCluster, startKafkaMockCluster } from '@governance/testing';
import { type Consumer, Kafka, logLevel } from 'kafkajs';
import {
  ASSESS_PATH,
  AssessHarness,
  awaitAssessment,
  eventually,
  publicRecordProblems,
  registerSystem,
} from '../testing/assess-harness';

const TOPICS = ['governance.finding.created', 'governance.assessment.complete'];

/** The distributed wiring: the system arrives over Kafka, findings and the completion leave over Kafka. */
describe('assessments on Kafka', () => {
  let cluster: KafkaMockCluster;
  let harness: AssessHarness;
  let consumer: Consumer;
  const received: Array<{
    topic: string;
    key: string;
    headers: Record<string, string>;
    value: Record<string, unknown>;
  }> = [];

  beforeAll(async () => {
    cluster = await startKafkaMockCluster({ brokers: 1 });
    harness = await AssessHarness.start({ kafkaBrokers: cluster.bootstrapServers });
    const kafka = new Kafka({
      clientId: 'assess-test-reader',
      brokers: cluster.bootstrapServers.split(','),
      logLevel: logLevel.NOTHING,
    });
    consumer = kafka.consumer({ groupId: 'assess-test-reader', maxWaitTimeInMs: 100 });
    await consumer.connect();
    await consumer.subscribe({ topics: TOPICS, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ topic, message }) => {
        received.push({
          topic,
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

  it('assesses for a system learned over Kafka and publishes each event to its public topic', async () => {
    const org = await harness.createOrganization('free');
    const system = await registerSystem(harness, org.id);
    const response = await harness.request('POST', `${ASSESS_PATH}/document`, org.apiKey, {
      system_id: system.systemId,
      framework: 'ISO_42001',
      document: {
        title: 'AI policy',
        content: 'We keep an AI risk register, reviewed by the AI governance board.',
      },
    });
    expect(response.statusCode).toBe(202);
    const { id } = response.json<{ id: string }>();
    const result = await awaitAssessment(harness, org.apiKey, id);
    expect(result.status).toBe('complete');
    const complete = await eventually(
      async () =>
        received.find(
          (entry) =>
            entry.topic === 'governance.assessment.complete' &&
            (entry.value['details'] as Record<string, unknown>)['assessment_id'] === id,
        ),
      20_000,
      'assessment.complete on Kafka',
    );
    expect(complete.key).toBe(org.id);
    expect(complete.headers).toMatchObject({
      [EVENT_HEADERS.eventType]: 'assessment.complete',
      [EVENT_HEADERS.organizationId]: org.id,
    });
    expect(publicRecordProblems(complete.value)).toEqual([]);
    // Each event type has its own topic, so findings may arrive after the completion does.
    const ofThisRun = () =>
      received.filter(
        (entry) =>
          entry.topic === 'governance.finding.created' &&
          (entry.value['details'] as Record<string, unknown>)['assessment_id'] === id,
      );
    const findings = await eventually(
      async () => ofThisRun().length === result['findings_count'] && ofThisRun(),
      20_000,
      'every finding.created on Kafka',
    );
    for (const finding of findings) {
      expect(publicRecordProblems(finding.value)).toEqual([]);
      expect((finding.value['details'] as Record<string, unknown>)['system_name']).toBe(system.name);
    }
  });
});
