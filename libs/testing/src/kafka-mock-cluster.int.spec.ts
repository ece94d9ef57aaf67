import { Kafka, logLevel, type Producer } from 'kafkajs';
import { type KafkaMockCluster, startKafkaMockCluster } from './kafka-mock-cluster';

/** The mock cluster stands in for a real one in the outage tests, so it must fail over as one does. */
describe('kafka mock cluster', () => {
  let cluster: KafkaMockCluster;
  let kafka: Kafka;
  let producer: Producer;

  beforeAll(async () => {
    cluster = await startKafkaMockCluster({ brokers: 3 });
    kafka = new Kafka({ brokers: cluster.bootstrapServers.split(','), logLevel: logLevel.NOTHING });
    producer = kafka.producer({ allowAutoTopicCreation: true });
    await producer.connect();
  });

  afterAll(async () => {
    await producer?.disconnect();
    await cluster?.stop();
  });

  async function leaders(topic: string): Promise<Map<number, number>> {
    const admin = kafka.admin();
    await admin.connect();
    try {
      const [metadata] = (await admin.fetchTopicMetadata({ topics: [topic] })).topics;
      return new Map(metadata!.partitions.map((partition) => [partition.partitionId, partition.leader]));
    } finally {
      await admin.disconnect();
    }
  }

  it('moves a downed broker’s partitions to a broker that is up, and takes writes on them at once', async () => {
    await producer.send({ topic: 'failover', messages: [{ value: 'first' }] });
    const before = await leaders('failover');
    const [partition, downed] = [...before.entries()].find(([, leader]) => leader === 2) ?? [...before][0]!;

    await cluster.setBrokerDown(downed);
    try {
      const after = await leaders('failover');
      expect(after.get(partition)).not.toBe(downed);
      expect([...after.values()]).not.toContain(downed);
      const [written] = await producer.send({
        topic: 'failover',
        messages: [{ value: 'during the outage', partition }],
        timeout: 2_000,
      });
      expect(written!.errorCode).toBe(0);
    } finally {
      await cluster.setBrokerUp(downed);
    }
  });

  it('answers every command when all brokers go down and come back', async () => {
    for (const broker of [1, 2, 3]) await cluster.setBrokerDown(broker);
    for (const broker of [1, 2, 3]) await cluster.setBrokerUp(broker);
    const [written] = await producer.send({ topic: 'failover', messages: [{ value: 'after' }] });
    expect(written!.errorCode).toBe(0);
  });
});
