import 'reflect-metadata';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Payload } from '@nestjs/microservices';
import { newId } from '@governance/contracts';
import { createLogger } from '@governance/platform';
import {
  createEventLog,
  createTestDatabase,
  openDataSource,
  eventually,
  recordOf,
  type TestDatabase,
} from '@governance/testing';
import { type DataSource } from 'typeorm';
import { type ConsumedEvent } from './consumed-event';
import { DeadLetterRepository, deadLetterTablesSql } from './dead-letters';
import { ConsumeEvent, EventBusServer } from './event-bus.server';
import { PostgresLogEventSource, PostgresLogTransport } from './postgres-event-log';

const TOPIC = 'governance.system.registered';
const OTHER_TOPIC = 'governance.probe.disconnected';
const seen: Array<{ handler: string; group: string; eventId: string }> = [];

@Controller()
class AuditConsumer {
  @ConsumeEvent(TOPIC, 'audit')
  onRegistered(@Payload() event: ConsumedEvent): void {
    seen.push({ handler: 'audit', group: event.consumerGroup, eventId: event.eventId });
  }
}

@Controller()
class InventoryConsumer {
  @ConsumeEvent([TOPIC, OTHER_TOPIC], 'inventory')
  onEvent(@Payload() event: ConsumedEvent): void {
    seen.push({ handler: 'inventory', group: event.consumerGroup, eventId: event.eventId });
  }
}

@Module({ controllers: [AuditConsumer, InventoryConsumer] })
class ConsumersModule {}

/** Two consumers of one topic in one service: each group runs its own handler, once per record. */
describe('EventBusServer', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let app: INestMicroservice;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await openDataSource(database, 4);
    await createEventLog(dataSource);
    await dataSource.query('CREATE SCHEMA spec');
    for (const statement of deadLetterTablesSql('spec')) await dataSource.query(statement);
    const logger = createLogger('event-bus-spec', 'error');
    const source = new PostgresLogEventSource(
      dataSource,
      { pollIntervalMs: 20, batchSize: 50, retryDelayMs: 100 },
      logger,
    );
    app = await NestFactory.createMicroservice(ConsumersModule, {
      strategy: new EventBusServer('spec', source, logger, {
        deadLetters: new DeadLetterRepository(dataSource, 'spec'),
        maxHandlerAttempts: 3,
        retryBackoffMs: 10,
      }),
      logger: false,
    });
    await app.listen();
  });

  afterAll(async () => {
    await app?.close();
    await dataSource?.destroy();
    await database?.drop();
  });

  it('hands each record to every consumer group of its topic, and to no other handler', async () => {
    const message = recordOf.systemRegistered(newId('organization'));
    await new PostgresLogTransport(dataSource).publish([message]);

    await eventually(async () => seen.length >= 2, 10_000, 'both consumers');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen.sort((a, b) => a.handler.localeCompare(b.handler))).toEqual([
      { handler: 'audit', group: 'spec.audit', eventId: message.eventId },
      { handler: 'inventory', group: 'spec.inventory', eventId: message.eventId },
    ]);
  });
});
