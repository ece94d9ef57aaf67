import {
  type BeforeApplicationShutdown,
  type DynamicModule,
  type INestApplication,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { LOGGER, type Logger } from '@governance/platform';
import { DataSource } from 'typeorm';
import { type EventSource } from './consumed-event';
import { DeadLetterAdmin, deadLetterAdminController, EventBusConsumers } from './dead-letter-admin';
import { DeadLetterRepository } from './dead-letters';
import { DirectPublisher } from './direct-publisher';
import { EventBusServer } from './event-bus.server';
import { type EventTransport } from './event-transport';
import { createKafka, KafkaEventSource, KafkaEventTransport } from './kafka';
import { type MessagingConfig } from './messaging-config';
import { MessagingRetention } from './messaging-retention';
import { OutboxRelay } from './outbox-relay';
import { PostgresLogEventSource, PostgresLogTransport } from './postgres-event-log';
import { type ConsumerProgress, EventLogProgress, KafkaProgress, ReplicaCatchUp } from './replica-catch-up';
import { UnitOfWork } from './unit-of-work';

interface MessagingOptions {
  service: string;
  schema: string;
  config: MessagingConfig;
  /**
   * False for a service with no `@ConsumeEvent` handlers: it keeps no dead-letter table, so it gets
   * neither the dead-letter admin API nor its purge.
   */
  consumes?: boolean;
}

/** The bus the service publishes to and consumes from: Kafka when configured, else the Postgres event log. */
class EventBus {
  constructor(
    readonly transport: EventTransport,
    readonly source: EventSource,
    readonly progress: ConsumerProgress,
  ) {}
}

const MESSAGING_OPTIONS = Symbol('MESSAGING_OPTIONS');

const HANDLER_RETRY_DELAY_MS = 1_000;
/** How often a replica miss that waits rereads its consumer group's progress. */
const CATCH_UP_POLL_MS = 10;

function connectBus(config: MessagingConfig, dataSource: DataSource, logger: Logger): EventBus {
  if (config.kafka) {
    const kafka = createKafka(config.kafka, logger);
    return new EventBus(
      new KafkaEventTransport(kafka, config.kafka),
      new KafkaEventSource(kafka, config.kafka, logger),
      new KafkaProgress(kafka),
    );
  }
  const source = new PostgresLogEventSource(
    dataSource,
    {
      pollIntervalMs: config.eventLogPollIntervalMs,
      batchSize: config.eventLogBatchSize,
      retryDelayMs: HANDLER_RETRY_DELAY_MS,
    },
    logger,
  );
  return new EventBus(new PostgresLogTransport(dataSource), source, new EventLogProgress(dataSource));
}

/** The outbox, its relay and the bus of one service. */
@Module({})
export class MessagingModule
  implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown
{
  constructor(
    private readonly relay: OutboxRelay,
    private readonly consumers: EventBusConsumers,
    private readonly bus: EventBus,
    private readonly catchUp: ReplicaCatchUp,
  ) {}

  static forService(options: MessagingOptions): DynamicModule {
    const { config, service, schema } = options;
    return {
      module: MessagingModule,
      global: true,
      controllers: options.consumes === false ? [] : [deadLetterAdminController(service, config.adminToken)],
      providers: [
        { provide: MESSAGING_OPTIONS, useValue: options },
        EventBusConsumers,
        {
          provide: DeadLetterRepository,
          inject: [DataSource],
          useFactory: (dataSource: DataSource) => new DeadLetterRepository(dataSource, schema),
        },
        {
          provide: DeadLetterAdmin,
          inject: [DeadLetterRepository, EventBusConsumers],
          useFactory: (deadLetters: DeadLetterRepository, consumers: EventBusConsumers) =>
            new DeadLetterAdmin(service, deadLetters, consumers),
        },
        {
          provide: UnitOfWork,
          inject: [DataSource, LOGGER],
          useFactory: (dataSource: DataSource, logger: Logger) =>
            new UnitOfWork(dataSource, schema, service, { timeoutMs: config.publishWaitTimeoutMs, logger }),
        },
        {
          provide: EventBus,
          inject: [DataSource, LOGGER],
          useFactory: (dataSource: DataSource, logger: Logger) => connectBus(config, dataSource, logger),
        },
        {
          provide: DirectPublisher,
          inject: [EventBus],
          useFactory: ({ transport }: EventBus) => new DirectPublisher(transport, service),
        },
        {
          provide: ReplicaCatchUp,
          inject: [EventBus, LOGGER],
          useFactory: ({ progress }: EventBus, logger: Logger) =>
            new ReplicaCatchUp(
              service,
              progress,
              { timeoutMs: config.replicaCatchUpTimeoutMs, pollIntervalMs: CATCH_UP_POLL_MS },
              logger,
            ),
        },
        {
          provide: OutboxRelay,
          inject: [DataSource, EventBus, LOGGER],
          useFactory: (dataSource: DataSource, { transport }: EventBus, logger: Logger) =>
            new OutboxRelay(
              dataSource,
              transport,
              {
                service,
                schema,
                batchSize: config.outboxBatchSize,
                pollIntervalMs: config.outboxPollIntervalMs,
                retryMaxMs: config.outboxRetryMaxMs,
              },
              logger,
            ),
        },
        {
          provide: MessagingRetention,
          inject: [DataSource, LOGGER],
          useFactory: (dataSource: DataSource, logger: Logger) =>
            new MessagingRetention(
              dataSource,
              {
                service,
                schema,
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
        EventBus,
        DirectPublisher,
        OutboxRelay,
        MessagingRetention,
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
   * Before the database closes: consumers finish their batch and stop, then the relay drains what they
   * and the last requests appended; what it cannot publish now stays in the outbox for the next relay.
   */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.consumers.servers.map((server) => server.close()));
    await this.relay.close();
    await this.relay.drain();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.catchUp.close();
    await this.bus.transport.close();
  }
}

/** Attaches the service's `@ConsumeEvent` handlers to the bus; call before `startAllMicroservices()`. */
export function connectEventBus(app: INestApplication, service: string): void {
  const { config } = app.get<MessagingOptions>(MESSAGING_OPTIONS);
  const server = new EventBusServer(service, app.get(EventBus).source, app.get<Logger>(LOGGER), {
    deadLetters: app.get(DeadLetterRepository),
    maxHandlerAttempts: config.consumers.maxHandlerAttempts,
    retryBackoffMs: config.consumers.retryBackoffMs,
  });
  app.get(EventBusConsumers).servers.push(server);
  app.connectMicroservice({ strategy: server }, { inheritAppConfig: false });
}
