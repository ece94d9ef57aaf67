import 'reflect-metadata';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Payload } from '@nestjs/microservices';
import { newId, newUuidV7 } from '@governance/contracts';
import { createLogger } from '@governance/platform';
import {
  createEventLog,
  createTestDatabase,
  openDataSource,
  eventually,
  type KafkaMockCluster,
  startKafkaMockCluster,
  type TestDatabase,
} from '@governance/testing';
import { type DataSource } from 'typeorm';
import { type ConsumedEvent, type EventSource } from './consumed-event';
import { DeadLetterAdmin, EventBusConsumers } from './dead-letter-admin';
import { DeadLetterRepository, deadLetterTablesSql } from './dead-letters';
import { ConsumeEvent, EventBusServer } from './event-bus.server';
import { type EventTransport } from './event-transport';
import { createKafka, KafkaEventSource, KafkaEventTransport } from './kafka';
import { type KafkaConfig } from './messaging-config';
import { type OutboxMessage, publicEventMessage } from './outbox-message';
import { PostgresLogEventSource, PostgresLogTransport } from './postgres-event-log';

const TOPIC = 'governance.system.registered';
const SCHEMA = 'poison_spec';

/** What the handlers were given, by consumer group, in order; and the names that make them fail. */
const handled = new Map<string, string[]>();
const behaviour = { explode: true, flakyFailuresLeft: new Map<string, number>() };

function nameOf(event: ConsumedEvent): string {
  return (JSON.parse(event.payload) as { details: { system_name: string } }).details.system_name;
}

/**
 * A permanent failure while `explode` is on; for `flaky`, serialization failures, more than the handler
 * attempts a permanent error gets.
 */
function handle(group: string, events: ConsumedEvent[]): void {
  for (const event of events) {
    const name = nameOf(event);
    if (name === 'explode' && behaviour.explode) throw new TypeError('cannot read the explode system');
    if (name === 'flaky') {
      const left = behaviour.flakyFailuresLeft.get(group) ?? FLAKY_FAILURES;
      if (left > 0) {
        behaviour.flakyFailuresLeft.set(group, left - 1);
        throw Object.assign(new Error('could not serialize access'), { code: '40001' });
      }
    }
  }
  // Like a transaction: all of the batch or nothing.
  handled.set(group, [...(handled.get(group) ?? []), ...events.map(nameOf)]);
}

@Controller()
class OneByOneConsumer {
  @ConsumeEvent(TOPIC, 'single')
  onEvent(@Payload() event: ConsumedEvent): void {
    handle(event.consumerGroup, [event]);
  }
}

@Controller()
class BatchConsumer {
  @ConsumeEvent(TOPIC, 'batch', { batch: true })
  onEvents(@Payload() events: ConsumedEvent[]): void {
    handle(events[0]!.consumerGroup, events);
  }
}

@Module({ controllers: [OneByOneConsumer, BatchConsumer] })
class ConsumersModule {}

const GROUPS = ['poison-spec.single', 'poison-spec.batch'];
const MAX_HANDLER_ATTEMPTS = 3;
const FLAKY_FAILURES = MAX_HANDLER_ATTEMPTS + 1;

function systemRegistered(name: string, organizationId = newId('organization')): OutboxMessage {
  return publicEventMessage({
    id: newUuidV7(),
    organization_id: organizationId,
    event: 'system.registered',
    timestamp: new Date().toISOString(),
    severity: 'INFO',
    system_id: newId('system'),
    details: {
      system_name: name,
      registration_source: 'api',
      discovery_method: 'manual',
      host: '',
      runtime: '',
      declared: true,
    },
  });
}

function edited(message: OutboxMessage, change: (record: Record<string, unknown>) => void): OutboxMessage {
  const record = JSON.parse(message.payload) as Record<string, unknown>;
  change(record);
  return { ...message, payload: JSON.stringify(record) };
}

/** Every kind of bad record, each on the one organization's partition ahead of the good ones. */
function poisonRecords(organizationId: string): OutboxMessage[] {
  const base = () => systemRegistered('bad', organizationId);
  return [
    { ...base(), payload: '{"id": "not json' },
    edited(base(), (record) => (record['id'] = 'not-a-uuid')),
    edited(base(), (record) => delete record['timestamp']),
    edited(base(), (record) => ((record['details'] as Record<string, unknown>)['declared'] = 'yes')),
    systemRegistered('explode', organizationId),
  ];
}

describe.each([
  ['the Postgres event log', false],
  ['Kafka', true],
])('poison records on %s', (_bus, onKafka) => {
  let database: TestDatabase;
  let cluster: KafkaMockCluster | undefined;
  let dataSource: DataSource;
  let transport: EventTransport;
  let app: INestMicroservice;
  let deadLetters: DeadLetterRepository;
  let admin: DeadLetterAdmin;
  /** Event ids the Postgres log read ahead and handed to the server's prepare. */
  const preparedAhead = new Set<string>();

  beforeAll(async () => {
    behaviour.explode = true;
    behaviour.flakyFailuresLeft.clear();
    handled.clear();
    [database, cluster] = await Promise.all([
      createTestDatabase(),
      onKafka ? startKafkaMockCluster() : Promise.resolve(undefined),
    ]);
    dataSource = await openDataSource(database, 6);
    await dataSource.query(`CREATE SCHEMA ${SCHEMA}`);
    for (const statement of deadLetterTablesSql(SCHEMA)) await dataSource.query(statement);
    const logger = createLogger('poison-spec', 'silent');
    let source: EventSource;
    if (cluster) {
      const config: KafkaConfig = {
        brokers: cluster.bootstrapServers.split(','),
        clientId: 'poison-spec',
        maxWaitMs: 100,
        idempotentProducer: false,
        ssl: false,
        sessionTimeoutMs: 6_000,
      };
      transport = new KafkaEventTransport(createKafka(config, logger), config);
      source = new KafkaEventSource(createKafka(config, logger), config);
    } else {
      await createEventLog(dataSource);
      transport = new PostgresLogTransport(dataSource);
      const log = new PostgresLogEventSource(
        dataSource,
        { pollIntervalMs: 20, batchSize: 50, retryDelayMs: 50 },
        logger,
      );
      // The log as the server sees it, noting which records it read ahead and had prepared.
      source = {
        subscribe: (group, topics, handler) => log.subscribe(group, topics, handler),
        subscribeBatch: (group, topics, handler, options) =>
          log.subscribeBatch(group, topics, handler, {
            prepare: (events) => {
              for (const event of events) preparedAhead.add(event.eventId);
              options?.prepare?.(events);
            },
          }),
      };
    }
    deadLetters = new DeadLetterRepository(dataSource, SCHEMA);
    const server = new EventBusServer('poison-spec', source, logger, {
      deadLetters,
      maxHandlerAttempts: MAX_HANDLER_ATTEMPTS,
      retryBackoffMs: 10,
    });
    const consumers = new EventBusConsumers();
    consumers.servers.push(server);
    admin = new DeadLetterAdmin('poison-spec', deadLetters, consumers);
    app = await NestFactory.createMicroservice(ConsumersModule, { strategy: server, logger: false });
    await app.listen();
    // Joined and reading: a first record reaches both groups.
    await transport.publish([systemRegistered('warm-up')]);
    await eventually(
      async () => GROUPS.every((group) => handled.get(group)?.includes('warm-up')),
      30_000,
      'both groups to read',
    );
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await transport?.close();
    await cluster?.stop();
    await dataSource?.destroy();
    await database?.drop();
  });

  it('sets each bad record aside and handles the good one behind it promptly, in every group', async () => {
    const organizationId = newId('organization');
    await transport.publish([...poisonRecords(organizationId), systemRegistered('good', organizationId)]);
    const published = Date.now();
    await eventually(
      async () => GROUPS.every((group) => handled.get(group)?.includes('good')),
      2_000,
      'the good record behind the bad ones',
    );
    expect(Date.now() - published).toBeLessThan(2_000);

    for (const group of GROUPS) {
      // Nothing bad reached a handler.
      expect(handled.get(group)).toEqual(['warm-up', 'good']);
      const letters = await deadLetters.list({ consumerGroup: group });
      expect(letters.map((letter) => [letter.reason, letter.error.split(':')[0]])).toEqual([
        ['malformed', 'not JSON'],
        ['contract', `breaks the ${TOPIC} schema`],
        ['contract', `breaks the ${TOPIC} schema`],
        ['contract', `breaks the ${TOPIC} schema`],
        ['handler', 'TypeError'],
      ]);
      expect(letters[1]!.error).toMatch(/\/id must match format "uuid"/);
      expect(letters[2]!.error).toMatch(/must have required property 'timestamp'/);
      expect(letters[3]!.error).toMatch(/\/details\/declared must be boolean/);
      expect(letters[4]).toMatchObject({
        attempts: MAX_HANDLER_ATTEMPTS,
        event_type: 'system.registered',
        topic: TOPIC,
      });
      expect(letters[0]).toMatchObject({ payload: '{"id": "not json', partition: expect.any(Number) });
      expect(letters.every((letter) => /^\d+$/.test(letter.offset))).toBe(true);
    }
  });

  it('retries a transient failure until it goes through, and never sets it aside', async () => {
    await transport.publish([systemRegistered('flaky')]);
    await eventually(
      async () => GROUPS.every((group) => handled.get(group)?.includes('flaky')),
      20_000,
      'the flaky record',
    );
    for (const group of GROUPS) {
      expect(behaviour.flakyFailuresLeft.get(group)).toBe(0);
      expect(await deadLetters.list({ consumerGroup: group })).toHaveLength(5);
    }
  });

  it('replays after a fix: what goes through is removed, what still fails stays with one more attempt', async () => {
    behaviour.explode = false;
    const outcome = await admin.replayTopic(TOPIC);
    expect(outcome).toMatchObject({ replayed: 2, failed: 8 });
    for (const group of GROUPS) {
      expect(handled.get(group)).toEqual(['warm-up', 'good', 'flaky', 'explode']);
      const letters = await deadLetters.list({ consumerGroup: group });
      expect(letters.map((letter) => letter.reason)).toEqual([
        'malformed',
        'contract',
        'contract',
        'contract',
      ]);
      expect(letters.every((letter) => letter.attempts >= 2)).toBe(true);
    }
    // Replaying one again changes nothing for it; a discarded one is gone.
    const [first] = await admin.list({ consumer: 'single' }).then((list) => list.data);
    await expect(admin.replayOne(first!.id)).resolves.toMatchObject({ outcome: 'failed' });
    await admin.discard(first!.id);
    expect((await admin.list({ consumer: 'single' })).data).toHaveLength(3);
    await expect(admin.discard(first!.id)).rejects.toMatchObject({ status: 404 });
  });

  it('sets aside the bad records of a batch behind a full one, checked ahead on the event log', async () => {
    // A full batch (50) first: on the event log, the batch behind it is read and checked ahead meanwhile.
    const organizationId = newId('organization');
    const fillers = Array.from({ length: 60 }, (_, index) =>
      systemRegistered(`filler-${index}`, organizationId),
    );
    const poison = poisonRecords(organizationId).slice(0, 4);
    await transport.publish([...fillers, ...poison, systemRegistered('after', organizationId)]);
    await eventually(
      async () => GROUPS.every((group) => handled.get(group)?.includes('after')),
      10_000,
      'the record behind the bad ones',
    );
    if (!onKafka) expect(poison.filter((message) => !preparedAhead.has(message.eventId))).toEqual([]);
    for (const group of GROUPS) {
      expect(handled.get(group)!.slice(-61)).toEqual([
        ...fillers.map((_, index) => `filler-${index}`),
        'after',
      ]);
      const letters = await deadLetters.list({ consumerGroup: group });
      const ids = new Set(poison.map((message) => message.eventId));
      expect(letters.filter((letter) => ids.has(letter.event_id)).map((letter) => letter.reason)).toEqual([
        'malformed',
        'contract',
        'contract',
        'contract',
      ]);
    }
  });
});
