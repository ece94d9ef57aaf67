import {
  type DynamicModule,
  Inject,
  Module,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { type INestApplication } from '@nestjs/common';
import { LOGGER, type Logger } from '@governance/platform';
import { DataSource } from 'typeorm';
import { EVENT_SOURCE, type EventSource } from './consumed-event';
import {
  DEAD_LETTER_SERVICE,
  DeadLetterAdmin,
  deadLetterAdminController,
  EventBusConsumers,
} from './dead-letter-admin';
import { DeadLetterRepository } from './dead-letters';
import { EventBusServer } from './event-bus.server';
import { EVENT_TRANSPORT, type EventTransport } from './event-transport';
import { createKafka, KafkaEventSource, KafkaEventTransport } from './kafka';
import { type MessagingConfig } from './messaging-config';
import { OutboxRelay } from './outbox-relay';
import { PostgresLogEventSource, PostgresLogTransport } from './postgres-event-log';
import { EventLogProgress, KafkaProgress, ReplicaCatchUp } from './replica-catch-up';
import { UnitOfWork } from './unit-of-work';

export interface MessagingOptions {
  service: string;
  schema: string;
  config: MessagingConfig;
  /**
   * False for a service with no `@ConsumeEvent` handlers: it keeps no dead-letter table, so it gets
   * neither the dead-letter admin API nor its purge.
   */
  consumes?: boolean;
}

const MESSAGING_OPTIONS = Symbol('MESSAGING_OPTIONS');

const HANDLER_RETRY_DELAY_MS = 1_000;
/** How often a replica miss that waits rereads its consumer group's progress. */
const CATCH_UP_POLL_MS = 10;

/** The outbox, its relay and the bus of one service: Kafka when configured, else the Postgres event log. */
@Module({})
export class MessagingModule
  implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown
{
  constructor(
    private readonly relay: OutboxRelay,
    private readonly consumers: EventBusConsumers,
    @Inject(EVENT_TRANSPORT) private readonly transport: EventTransport,
    private readonly catchUp: ReplicaCatchUp,
  ) {}

  static forService(options: MessagingOptions): DynamicModule {
    const { config } = options;
    return {
      module: MessagingModule,
      global: true,
      controllers:
        options.consumes === false ? [] : [deadLetterAdminController(options.service, config.adminToken)],
      providers: [
        { provide: MESSAGING_OPTIONS, useValue: options },
        { provide: DEAD_LETTER_SERVICE, useValue: options.service },
        EventBusConsumers,
        {
          provide: DeadLetterRepository,
          inject: [DataSource],
          useFactory: (dataSource: DataSource) => new DeadLetterRepository(dataSource, options.schema),
        },
        DeadLetterAdmin,
        {
          provide: UnitOfWork,
          inject: [DataSource, LOGGER],
          useFactory: (dataSource: DataSource, logger: Logger) =>
            new UnitOfWork(dataSource, options.schema, options.service, {
              timeoutMs: config.publishWaitTimeoutMs,
              logger,
            }),
        },
        {
          provide: ReplicaCatchUp,
          inject: [DataSource, LOGGER],
          useFactory: (dataSource: DataSource, logger: Logger) =>
            new ReplicaCatchUp(
              options.service,
              config.kafka
                ? new KafkaProgress(createKafka(config.kafka, logger))
                : new EventLogProgress(dataSource),
              { timeoutMs: config.replicaCatchUpTimeoutMs, pollIntervalMs: CATCH_UP_POLL_MS },
              logger,
            ),
        },
        {
          provide: EVENT_TRANSPORT,
          inject: [DataSource, LOGGER],
          useFactory: (dataSource: DataSource, logger: Logger): EventTransport =>
            config.kafka
              ? new KafkaEventTransport(createKafka(config.kafka, logger), config.kafka)
              : new PostgresLogTransport(dataSource),
        },
        {
          provide: EVENT_SOURCE,
          inject: [DataSource, LOGGER],
          useFactory: (dataSource: DataSource, logger: Logger): EventSource =>
            config.kafka
              ? new KafkaEventSource(createKafka(config.kafka, logger), config.kafka)
              : new PostgresLogEventSource(
                  dataSource,
                  {
                    pollIntervalMs: config.eventLogPollIntervalMs,
                    batchSize: 200,
                    retryDelayMs: HANDLER_RETRY_DELAY_MS,
                  },
                  logger,
                ),
        },
        {
          provide: OutboxRelay,
          inject: [DataSource, EVENT_TRANSPORT, LOGGER],
          useFactory: (dataSource: DataSource, transport: EventTransport, logger: Logger) =>
            new OutboxRelay(
              dataSource,
              transport,
              {
                service: options.service,
                schema: options.schema,
                batchSize: config.outboxBatchSize,
                pollIntervalMs: config.outboxPollIntervalMs,
                retryMaxMs: config.outboxRetryMaxMs,
                outboxRetentionMs: config.outboxRetentionMs,
                inboxRetentionMs: config.inboxRetentionMs,
                ...(options.consumes === false
                  ? {}
                  : { deadLetterRetentionMs: config.consumers.deadLetterRetentionMs }),
              },
              logger,
            ),
        },
      ],
      exports: [
        UnitOfWork,
        EVENT_SOURCE,
        OutboxRelay,
        EventBusConsumers,
        ReplicaCatchUp,
        DeadLetterRepository,
        MESSAGING_OPTIONS,
      ],
    };
  }

  onApplicationBootstrap(): void {
    this.relay.start();
  }

  /**
   * Before the database closes: consumers finish the batch in hand and stop, then the relay finishes
   * its batch and drains what they and the last requests appended. Whatever cannot be published now
   * (the bus is down, or another replica's relay holds the lock) stays in the outbox for the next relay.
   */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.consumers.servers.map((server) => server.close()));
    await this.relay.close();
    await this.relay.drain();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.catchUp.close();
    await this.transport.close();
  }
}

/** Attaches the service's `@ConsumeEvent` handlers to the bus; call before `startAllMicroservices()`. */
export function connectEventBus(app: INestApplication, service: string): void {
  const source = app.get<EventSource>(EVENT_SOURCE);
  const logger = app.get<Logger>(LOGGER);
  const { config } = app.get<MessagingOptions>(MESSAGING_OPTIONS);
  const server = new EventBusServer(service, source, logger, {
    deadLetters: app.get(DeadLetterRepository),
    maxHandlerAttempts: config.consumers.maxHandlerAttempts,
    retryBackoffMs: config.consumers.retryBackoffMs,
  });
  app.get(EventBusConsumers).servers.push(server);
  app.connectMicroservice({ strategy: server }, { inheritAppConfig: false });
}
