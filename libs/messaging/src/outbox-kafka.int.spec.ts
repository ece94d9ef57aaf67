import {
  EVENT_HEADERS,
  newId,
  newUuidV7,
  type PublicEventRecord,
  publicTopicFor,
  SCHEMA_VERSION,
} from '@governance/contracts';
import { createServiceDataSource } from '@governance/persistence';
import { createLogger } from '@governance/platform';
import {
  createTestDatabase,
  type KafkaMockCluster,
  startKafkaMockCluster,
  type TestDatabase,
} from '@governance/testing';
import { type DataSource } from 'typeorm';
import { type ConsumedEvent, type Subscription } from './consumed-event';
import { createKafka, KafkaEventSource, KafkaEventTransport } from './kafka';
import { type KafkaConfig } from './messaging-config';
import { messagingTablesSql } from './messaging-tables';
import { type OutboxMessage, publicEventMessage } from './outbox-message';
import { OutboxRelay } from './outbox-relay';
import { UnitOfWork } from './unit-of-work';

const SCHEMA = 'outbox_kafka';
const GROUP = 'audit.outbox-kafka';
const TOPICS = [publicTopicFor('finding.created'), publicTopicFor('system.registered')];
const logger = createLogger('test', 'warn');

function systemRegistered(
  organizationId: string,
  systemName: string,
): PublicEventRecord<'system.registered'> {
  return {
    id: newUuidV7(),
    organization_id: organizationId,
    event: 'system.registered',
    timestamp: new Date().toISOString(),
    severity: 'INFO',
    system_id: newId('system'),
    details: {
      // Non-ASCII text checks that the bytes survive the outbox column, the bus and the decoding.
      system_name: systemName,
      registration_source: 'sdk',
      discovery_method: 'declared',
      host: 'höst-01 — 東京',
      runtime: 'python3.12',
      declared: true,
    },
  };
}

function findingCreated(organizationId: string): PublicEventRecord<'finding.created'> {
  return {
    id: newUuidV7(),
    organization_id: organizationId,
    event: 'finding.created',
    timestamp: new Date().toISOString(),
    severity: 'HIGH',
    system_id: newId('system'),
    details: {
      finding_id: newId('finding'),
      title: 'Prompt injection accepted',
      description: 'The model followed instructions embedded in retrieved content.',
      control: 'EU_AI_ACT:art15',
      framework: 'EU_AI_ACT',
      system_name: 'support-bot',
      assessment_id: newId('assessment'),
      remediation_id: newId('remediation'),
    },
  };
}

async function eventually(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('outbox → Kafka (librdkafka mock cluster)', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let cluster: KafkaMockCluster;
  let transport: KafkaEventTransport;
  let relay: OutboxRelay;
  let source: KafkaEventSource;
  let subscription: Subscription;
  let unitOfWork: UnitOfWork;
  const received: ConsumedEvent[] = [];

  const receivedIds = (): Set<string> => new Set(received.map((event) => event.eventId));
  const hasReceived = (ids: string[]): boolean => {
    const seen = receivedIds();
    return ids.every((id) => seen.has(id));
  };
  const outboxRows = async (
    ids: string[],
  ): Promise<Array<{ event_id: string; payload: string; published_at: Date | null }>> =>
    await dataSource.query<Array<{ event_id: string; payload: string; published_at: Date | null }>>(
      `SELECT event_id, payload, published_at FROM ${SCHEMA}.outbox WHERE event_id = ANY($1::uuid[]) ORDER BY position`,
      [ids],
    );

  const handledCount = async (group: string, eventId: string): Promise<number> => {
    const [row] = await dataSource.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM ${SCHEMA}.handled WHERE consumer_group = $1 AND event_id = $2`,
      [group, eventId],
    );
    return row?.n ?? 0;
  };

  /** A consumer that records what it saw and applies it once, as a service's handler would. */
  function subscribe(group: string, sink: ConsumedEvent[]): Promise<Subscription> {
    return source.subscribe(group, TOPICS, async (event) => {
      sink.push(event);
      await unitOfWork.runOnce(event, async (tx) => {
        await tx.manager.query(`INSERT INTO ${SCHEMA}.handled (consumer_group, event_id) VALUES ($1, $2)`, [
          event.consumerGroup,
          event.eventId,
        ]);
      });
    });
  }

  async function commit(messages: OutboxMessage[]): Promise<void> {
    await unitOfWork.run(async (tx) => {
      await tx.manager.query(`INSERT INTO ${SCHEMA}.changes (note) VALUES ($1)`, [
        `${messages.length} events`,
      ]);
      for (const message of messages) tx.publish(message);
    });
  }

  beforeAll(async () => {
    [database, cluster] = await Promise.all([createTestDatabase(), startKafkaMockCluster()]);
    dataSource = createServiceDataSource({
      url: database.url,
      schema: SCHEMA,
      migrations: [],
      poolSize: 6,
      applicationName: 'outbox-kafka-int-spec',
    });
    await dataSource.initialize();
    await dataSource.query(`CREATE SCHEMA ${SCHEMA}`);
    for (const statement of messagingTablesSql(SCHEMA)) await dataSource.query(statement);
    await dataSource.query(`CREATE TABLE ${SCHEMA}.changes (id bigserial PRIMARY KEY, note text NOT NULL)`);
    await dataSource.query(
      `CREATE TABLE ${SCHEMA}.handled (consumer_group text NOT NULL, event_id uuid NOT NULL, handled_at timestamptz NOT NULL DEFAULT now())`,
    );
    unitOfWork = new UnitOfWork(dataSource, SCHEMA);

    const config: KafkaConfig = {
      brokers: cluster.bootstrapServers.split(','),
      clientId: 'outbox-kafka-int-spec',
      maxWaitMs: 100,
      idempotentProducer: false,
      ssl: false,
      sessionTimeoutMs: 6_000,
    };
    transport = new KafkaEventTransport(createKafka(config, logger), config);
    relay = new OutboxRelay(
      dataSource,
      transport,
      {
        service: 'test',
        schema: SCHEMA,
        batchSize: 100,
        pollIntervalMs: 50,
      },
      logger,
    );
    source = new KafkaEventSource(createKafka(config, logger), config);
    subscription = await subscribe(GROUP, received);
    relay.start();
  });

  afterAll(async () => {
    await subscription?.close();
    await relay?.close();
    await transport?.close();
    await cluster?.stop();
    await dataSource?.destroy();
    await database?.drop();
  });

  it('publishes committed events with the organization key, the headers and the exact payload bytes', async () => {
    const orgA = newId('organization');
    const orgB = newId('organization');
    const recordsA = [
      systemRegistered(orgA, 'fraud-scorer'),
      findingCreated(orgA),
      systemRegistered(orgA, 'résumé-ranker'),
    ];
    const recordsB = [findingCreated(orgB), systemRegistered(orgB, 'chat')];
    const messages = [...recordsA, ...recordsB].map(publicEventMessage);
    await commit(messages.slice(0, 3));
    await commit(messages.slice(3));
    const ids = messages.map((message) => message.eventId);

    await eventually(() => hasReceived(ids), 20_000, 'the committed events to be consumed');

    const stored = new Map((await outboxRows(ids)).map((row) => [row.event_id, row]));
    for (const message of messages) {
      const event = received.find((candidate) => candidate.eventId === message.eventId);
      const record = [...recordsA, ...recordsB].find((candidate) => candidate.id === message.eventId);
      expect(event).toBeDefined();
      expect(record).toBeDefined();
      expect(event?.consumerGroup).toBe(GROUP);
      expect(event?.topic).toBe(publicTopicFor(record!.event));
      expect(event?.key).toBe(record?.organization_id);
      expect(event?.eventType).toBe(record?.event);
      expect(event?.headers).toEqual({
        [EVENT_HEADERS.eventId]: record?.id,
        [EVENT_HEADERS.eventType]: record?.event,
        [EVENT_HEADERS.organizationId]: record?.organization_id,
        [EVENT_HEADERS.schemaVersion]: SCHEMA_VERSION,
      });
      const row = stored.get(message.eventId);
      expect(row?.published_at).toBeInstanceOf(Date);
      expect(Buffer.from(event!.payload, 'utf8').equals(Buffer.from(row!.payload, 'utf8'))).toBe(true);
      expect(event?.payload).toBe(JSON.stringify(record));
    }
    // A tenant's records on one topic share a key, hence a partition, so they arrive in commit order.
    for (const message of messages) {
      const expected = messages
        .filter((m) => m.key === message.key && m.topic === message.topic)
        .map((m) => m.eventId);
      const firstSeen = [...receivedIds()].filter((id) => expected.includes(id));
      expect(firstSeen).toEqual(expected);
    }
  });

  it('publishes nothing from a rolled-back transaction', async () => {
    const org = newId('organization');
    const rolledBack = publicEventMessage(findingCreated(org));
    const marker = publicEventMessage(findingCreated(org));

    await expect(
      unitOfWork.run(async (tx) => {
        await tx.manager.query(`INSERT INTO ${SCHEMA}.changes (note) VALUES ('doomed')`);
        tx.publish(rolledBack);
        throw new Error('business rule refused the change');
      }),
    ).rejects.toThrow('business rule refused the change');
    await commit([marker]);

    // The marker shares the rolled-back event's key and partition, and was committed after it.
    await eventually(() => hasReceived([marker.eventId]), 20_000, 'the marker event');
    expect(receivedIds().has(rolledBack.eventId)).toBe(false);
    expect(await outboxRows([rolledBack.eventId])).toHaveLength(0);
    const [doomed] = await dataSource.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM ${SCHEMA}.changes WHERE note = 'doomed'`,
    );
    expect(doomed?.n).toBe(0);
  });

  it('runs the work of a redelivered event only once', async () => {
    const record = findingCreated(newId('organization'));
    const message = publicEventMessage(record);
    await commit([message]);
    await eventually(() => hasReceived([message.eventId]), 20_000, 'the event to be consumed');
    const delivered = received.find((event) => event.eventId === message.eventId)!;
    await eventually(
      async () => (await handledCount(GROUP, message.eventId)) === 1,
      5_000,
      'the handler to apply it',
    );
    // The subscription's handler already applied it; a redelivery of the same record must not.
    let runs = 0;
    const redelivered = await unitOfWork.runOnce(delivered, async (tx) => {
      runs += 1;
      tx.publish(publicEventMessage(systemRegistered(record.organization_id, 'follow-up')));
      return 'applied';
    });
    expect(redelivered).toEqual({ processed: false });
    expect(runs).toBe(0);

    // Under another consumer group the same event is new work, done once however often it arrives.
    const otherGroup = { ...delivered, consumerGroup: 'billing.outbox-kafka' };
    const outboxBefore = await dataSource.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM ${SCHEMA}.outbox`,
    );
    const first = await unitOfWork.runOnce(otherGroup, async (tx) => {
      runs += 1;
      tx.publish(publicEventMessage(systemRegistered(record.organization_id, 'follow-up')));
      return 'applied';
    });
    const second = await unitOfWork.runOnce(otherGroup, async (tx) => {
      runs += 1;
      tx.publish(publicEventMessage(systemRegistered(record.organization_id, 'follow-up')));
      return 'applied';
    });
    expect(first).toEqual({ processed: true, result: 'applied' });
    expect(second).toEqual({ processed: false });
    expect(runs).toBe(1);
    const outboxAfter = await dataSource.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM ${SCHEMA}.outbox`,
    );
    expect(outboxAfter[0]?.n).toBe((outboxBefore[0]?.n ?? 0) + 1);
    expect(await handledCount(GROUP, message.eventId)).toBe(1);
  });

  it('does not mark an event processed when its work fails, so the next delivery retries it', async () => {
    const event: ConsumedEvent = {
      consumerGroup: 'retry.outbox-kafka',
      topic: publicTopicFor('finding.created'),
      key: newId('organization'),
      eventId: newUuidV7(),
      eventType: 'finding.created',
      headers: {},
      payload: '{}',
    };
    await expect(
      unitOfWork.runOnce(event, async () => {
        throw new Error('downstream unavailable');
      }),
    ).rejects.toThrow('downstream unavailable');
    const retried = await unitOfWork.runOnce(event, async () => 'done');
    expect(retried).toEqual({ processed: true, result: 'done' });
  });
  // Last: kafkajs consumers that crash during a full outage rejoin their group only once the crashed
  // member's session (30 s) expires, so the original group is slow to resume after this test.
  it('keeps events in the outbox while every broker is down, then publishes all of them', async () => {
    const brokers = cluster.bootstrapServers.split(',').map((_, index) => index + 1);
    const org = newId('organization');
    const messages = Array.from({ length: 6 }, (_, index) =>
      publicEventMessage(index % 2 === 0 ? findingCreated(org) : systemRegistered(org, `outage-${index}`)),
    );
    const ids = messages.map((message) => message.eventId);
    for (const broker of brokers) await cluster.setBrokerDown(broker);
    try {
      await commit(messages.slice(0, 3));
      await commit(messages.slice(3));
      // Long enough for the relay, woken by the commits, to exhaust kafkajs's retries at least once.
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      const whileDown = await outboxRows(ids);
      expect(whileDown).toHaveLength(ids.length);
      expect(whileDown.every((row) => row.published_at === null)).toBe(true);
      expect(ids.some((id) => receivedIds().has(id))).toBe(false);
    } finally {
      for (const broker of brokers) await cluster.setBrokerUp(broker);
    }

    await eventually(
      async () => (await outboxRows(ids)).every((row) => row.published_at !== null),
      15_000,
      'the outbox to drain',
    );
    // A group that starts now reads the topics from the beginning: every record must be there, once.
    const replayed: ConsumedEvent[] = [];
    const replay = await subscribe('replay.outbox-kafka', replayed);
    try {
      await eventually(
        () => ids.every((id) => replayed.some((event) => event.eventId === id)),
        15_000,
        'a new group to read the records',
      );
    } finally {
      await replay.close();
    }
    const stored = new Map((await outboxRows(ids)).map((row) => [row.event_id, row.payload]));
    for (const id of ids) {
      const copies = replayed.filter((event) => event.eventId === id);
      expect(copies).toHaveLength(1);
      expect(copies[0]?.payload).toBe(stored.get(id));
    }
    const handled = await dataSource.query<Array<{ event_id: string; n: number }>>(
      `SELECT event_id, count(*)::int AS n FROM ${SCHEMA}.handled WHERE consumer_group = $1 AND event_id = ANY($2::uuid[]) GROUP BY event_id`,
      ['replay.outbox-kafka', ids],
    );
    expect(handled.map((row) => row.event_id).sort()).toEqual([...ids].sort());
    expect(handled.every((row) => row.n === 1)).toBe(true);
  });
});
