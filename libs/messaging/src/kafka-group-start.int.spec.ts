import { createLogger } from '@governance/platform';
import { type KafkaMockCluster, startKafkaMockCluster } from '@governance/testing';
import { type Kafka } from 'kafkajs';
import { createKafka, KafkaEventSource } from './kafka';
import { type KafkaConfig } from './messaging-config';
import { KafkaProgress } from './replica-catch-up';

const logger = createLogger('test', 'warn');

describe('a Kafka consumer group records where it starts before it joins', () => {
  let cluster: KafkaMockCluster;
  let kafka: Kafka;
  let config: KafkaConfig;
  let progress: KafkaProgress;

  beforeAll(async () => {
    cluster = await startKafkaMockCluster();
    config = {
      brokers: cluster.bootstrapServers.split(','),
      clientId: 'kafka-group-start-int-spec',
      maxWaitMs: 100,
      idempotentProducer: false,
      ssl: false,
      sessionTimeoutMs: 6_000,
    };
    kafka = createKafka(config, logger);
    progress = new KafkaProgress(kafka);
  });

  afterAll(async () => {
    await progress?.close();
    await cluster?.stop();
  });

  async function produce(topic: string, count: number): Promise<void> {
    const producer = kafka.producer({ allowAutoTopicCreation: true });
    await producer.connect();
    await producer.send({
      topic,
      acks: -1,
      messages: Array.from({ length: count }, (_, index) => ({ key: `k${index}`, value: `v${index}` })),
    });
    await producer.disconnect();
  }

  it('is known, at the first offset of every partition, as soon as its subscription returns', async () => {
    const topic = 'group-start.fresh';
    // Records already there: the group has not processed them, so another service must wait for it.
    await produce(topic, 5);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const subscription = await new KafkaEventSource(kafka, config).subscribe(
      'group-start.fresh-group',
      [topic],
      () => released, // Holds the first record, so nothing is committed but the start.
    );
    const { head, processed, known } = await progress.positions('group-start.fresh-group', topic);
    release();
    await subscription.close();
    expect(known).toBe(true);
    expect([...processed.values()]).toEqual([...head.keys()].map(() => 0));
    expect([...head.values()].reduce((sum, offset) => sum + offset, 0)).toBe(5);
  });

  it('leaves a group that never subscribed unknown', async () => {
    await produce('group-start.other', 1);
    expect((await progress.positions('group-start.never-subscribed', 'group-start.other')).known).toBe(false);
  });
});
