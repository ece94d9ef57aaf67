import { type Logger } from '@governance/platform';
import {
  type Consumer,
  type ConsumerRunConfig,
  type IHeaders,
  Kafka,
  type KafkaMessage,
  logLevel,
  type Producer,
} from 'kafkajs';
import {
  type ConsumedBatchHandler,
  type ConsumedEvent,
  type ConsumedEventHandler,
  type EventSource,
  type Subscription,
} from './consumed-event';
import { type EventTransport } from './event-transport';
import {
  DEFAULT_PARTITIONS_CONSUMED_CONCURRENTLY,
  defaultHeartbeatMs,
  type KafkaConfig,
} from './messaging-config';
import { type OutboxMessage } from './outbox-message';
import { reportConsumerLag } from './consumer-lag';
import { EVENT_HEADERS } from '@governance/contracts';
import { fixKafkaRequestQueueTimer } from './kafkajs-request-queue';
import { recordGroupStart } from './kafka-group-start';

export function createKafka(config: KafkaConfig, logger: Logger): Kafka {
  fixKafkaRequestQueueTimer();
  return new Kafka({
    clientId: config.clientId,
    brokers: config.brokers,
    ssl: config.ssl,
    logLevel: logLevel.WARN,
    logCreator:
      () =>
      ({ level, log }) => {
        const { message, ...rest } = log;
        const method = level <= logLevel.ERROR ? 'error' : level === logLevel.WARN ? 'warn' : 'debug';
        logger[method]({ component: 'kafkajs', ...rest }, message);
      },
    // Short waits between retries: after a broker returns, sends and fetches resume within a second.
    retry: {
      initialRetryTime: config.retry?.initialMs ?? 100,
      maxRetryTime: config.retry?.maxMs ?? 1_000,
      retries: config.retry?.retries ?? 5,
    },
  });
}

/** Publishes outbox records with acks from all in-sync replicas. */
export class KafkaEventTransport implements EventTransport {
  private readonly producer: Producer;
  private connecting: Promise<void> | undefined;

  constructor(kafka: Kafka, config: KafkaConfig) {
    // Off by default: the relay already publishes at least once and consumers drop repeats by event id
    // and tolerate order, while kafkajs's idempotence allows one request in flight per broker.
    this.producer = kafka.producer({
      idempotent: config.idempotentProducer,
      allowAutoTopicCreation: true,
      ...(config.idempotentProducer ? { maxInFlightRequests: 1 } : {}),
    });
  }

  async publish(messages: OutboxMessage[]): Promise<void> {
    if (messages.length === 0) return;
    await this.connect();
    const byTopic = new Map<string, Array<{ key: string; value: string; headers: IHeaders }>>();
    for (const message of messages) {
      const list = byTopic.get(message.topic) ?? [];
      list.push({ key: message.key, value: message.payload, headers: message.headers });
      byTopic.set(message.topic, list);
    }
    await this.producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, topicMessages]) => ({ topic, messages: topicMessages })),
    });
  }

  async close(): Promise<void> {
    await this.producer.disconnect();
  }

  private connect(): Promise<void> {
    this.connecting ??= this.producer.connect().catch((error: unknown) => {
      this.connecting = undefined;
      throw error;
    });
    return this.connecting;
  }
}

function headerText(headers: IHeaders | undefined, name: string): string {
  const value = headers?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? '' : first.toString();
}

/** A Kafka message as a consumer receives it. */
function consumedEvent(
  consumerGroup: string,
  topic: string,
  partition: number,
  message: KafkaMessage,
): ConsumedEvent {
  const headers = Object.fromEntries(
    Object.keys(message.headers ?? {}).map((name) => [name, headerText(message.headers, name)]),
  );
  return {
    consumerGroup,
    topic,
    partition,
    offset: message.offset,
    key: message.key?.toString() ?? '',
    eventId: headers[EVENT_HEADERS.eventId] ?? '',
    eventType: headers[EVENT_HEADERS.eventType] ?? '',
    headers,
    payload: message.value?.toString() ?? '',
  };
}

/** Most records a batch handler gets at once: one transaction's worth, as on the Postgres event log. */
const MAX_BATCH_EVENTS = 200;

/** Consumer groups on Kafka: replicas of a service share a group, and partitions bound their parallelism. */
export class KafkaEventSource implements EventSource {
  constructor(
    private readonly kafka: Kafka,
    private readonly config: KafkaConfig,
    private readonly logger?: Logger,
  ) {}

  subscribe(consumerGroup: string, topics: string[], handler: ConsumedEventHandler): Promise<Subscription> {
    return this.run(consumerGroup, topics, {
      eachMessage: ({ topic, partition, message }) =>
        handler(consumedEvent(consumerGroup, topic, partition, message)),
    });
  }

  /**
   * The records one fetch brought of a partition, in order, MAX_BATCH_EVENTS at a time; each part's
   * offsets are resolved once its handler returns, and kafkajs commits them after the fetch, as it does
   * for subscribe. A failing part throws, as a failing record does in subscribe: kafkajs commits what was
   * resolved and offers the rest again.
   */
  subscribeBatch(
    consumerGroup: string,
    topics: string[],
    handler: ConsumedBatchHandler,
  ): Promise<Subscription> {
    return this.run(consumerGroup, topics, {
      eachBatchAutoResolve: false,
      eachBatch: async (payload) => {
        const { batch } = payload;
        for (let start = 0; start < batch.messages.length; start += MAX_BATCH_EVENTS) {
          if (!payload.isRunning() || payload.isStale()) return;
          const part = batch.messages.slice(start, start + MAX_BATCH_EVENTS);
          await handler(
            part.map((message) => consumedEvent(consumerGroup, batch.topic, batch.partition, message)),
          );
          payload.resolveOffset(part[part.length - 1]!.offset);
          await payload.heartbeat();
        }
      },
    });
  }

  private async run(
    consumerGroup: string,
    topics: string[],
    handling: Pick<ConsumerRunConfig, 'eachMessage' | 'eachBatch' | 'eachBatchAutoResolve'>,
  ): Promise<Subscription> {
    let closed = false;
    const consumer: Consumer = this.kafka.consumer({
      groupId: consumerGroup,
      // kafkajs restarts a crashed consumer on a timer that disconnect() does not cancel; a closed
      // subscription must stay closed, or it keeps reconnecting (and the process alive) forever.
      retry: { restartOnFailure: () => Promise.resolve(!closed) },
      maxWaitTimeInMs: this.config.maxWaitMs,
      sessionTimeout: this.config.sessionTimeoutMs,
      rebalanceTimeout: this.config.rebalanceTimeoutMs ?? this.config.sessionTimeoutMs + 4_000,
      heartbeatInterval: this.config.heartbeatIntervalMs ?? defaultHeartbeatMs(this.config.sessionTimeoutMs),
      allowAutoTopicCreation: true,
    });
    // After each batch: the partition's high watermark against the group's position, as kafkajs reports it.
    consumer.on(consumer.events.END_BATCH_PROCESS, ({ payload }) =>
      reportConsumerLag(consumerGroup, payload.topic, payload.partition, Number(payload.offsetLag)),
    );
    // Best effort: without it the group is unknown only until its first commit, as before.
    await recordGroupStart(this.kafka, consumerGroup, topics).then(
      (recorded) =>
        recorded ||
        this.logger?.warn(
          { consumer_group: consumerGroup },
          'not recording where the group starts: the installed kafkajs is not the one its internals were read from',
        ),
      (error: unknown) =>
        this.logger?.warn(
          { err: error, consumer_group: consumerGroup },
          'could not record where the group starts',
        ),
    );
    await consumer.connect();
    await consumer.subscribe({ topics, fromBeginning: true });
    await consumer.run({
      partitionsConsumedConcurrently:
        this.config.partitionsConsumedConcurrently ?? DEFAULT_PARTITIONS_CONSUMED_CONCURRENTLY,
      ...handling,
    });
    return {
      close: async () => {
        closed = true;
        await consumer.disconnect();
      },
    };
  }
}
