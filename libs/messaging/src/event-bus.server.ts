import {
  type CustomTransportStrategy,
  EventPattern,
  type MessageHandler,
  Server,
} from '@nestjs/microservices';
import { counter, type Logger } from '@governance/platform';
import { lastValueFrom } from 'rxjs';
import { type ConsumedEvent, type EventSource, type Subscription } from './consumed-event';

interface ConsumerExtras {
  consumer?: string;
}

/**
 * Marks a handler for records of `topics`. `consumer` names the consumer group within the service: each
 * consumer keeps its own position, and replicas of the service share it.
 */
export function ConsumeEvent(topics: string | readonly string[], consumer: string): MethodDecorator {
  return EventPattern(typeof topics === 'string' ? topics : [...topics], {
    consumer,
  } satisfies ConsumerExtras);
}

const consumed = counter({
  name: 'events_consumed_total',
  help: 'Records handed to consumers',
  labelNames: ['service', 'consumer_group', 'outcome'],
});

/**
 * A Nest microservice transport over our bus. Nest collects the `@ConsumeEvent` handlers; this server
 * subscribes one consumer group per consumer name, and a record counts as handled only once its
 * handler's promise resolves.
 */
export class EventBusServer extends Server implements CustomTransportStrategy {
  private readonly subscriptions: Subscription[] = [];
  private readonly handlersByTopic = new Map<string, MessageHandler[]>();

  constructor(
    private readonly service: string,
    private readonly source: EventSource,
    private readonly log: Logger,
  ) {
    super();
  }

  listen(callback: (error?: unknown) => void): void {
    this.subscribeAll().then(() => callback(), callback);
  }

  async close(): Promise<void> {
    await Promise.all(this.subscriptions.splice(0).map((subscription) => subscription.close()));
  }

  on(): void {
    // The bus has no connection-level events to expose.
  }

  unwrap<T>(): T {
    return this.source as T;
  }

  /**
   * Nest's own bookkeeping chains every handler of one pattern behind the first and runs the whole chain
   * whenever the head runs, so one group's record would reach every consumer of that topic. Each
   * consumer group must run only its own handler: handlers are kept here, unchained, per topic.
   */
  override addHandler(
    pattern: unknown,
    callback: MessageHandler,
    isEventHandler = false,
    extras: Record<string, unknown> = {},
  ): void {
    const topic = this.normalizePattern(pattern as string);
    callback.isEventHandler = isEventHandler;
    callback.extras = extras;
    this.handlersByTopic.set(topic, [...(this.handlersByTopic.get(topic) ?? []), callback]);
  }

  private async subscribeAll(): Promise<void> {
    const topicsByConsumer = new Map<string, string[]>();
    for (const [topic, handlers] of this.handlersByTopic) {
      for (const handler of handlers) {
        const consumer = (handler.extras as ConsumerExtras | undefined)?.consumer;
        if (!consumer) throw new Error(`handler for ${topic} has no consumer name; use @ConsumeEvent`);
        topicsByConsumer.set(consumer, [...(topicsByConsumer.get(consumer) ?? []), topic]);
      }
    }
    // Joining a Kafka group takes seconds; the service's groups join side by side.
    await Promise.all(
      [...topicsByConsumer].map(async ([consumer, topics]) => {
        const group = `${this.service}.${consumer}`;
        const subscription = await this.source.subscribe(group, topics, (event) =>
          this.deliver(consumer, event),
        );
        this.subscriptions.push(subscription);
        this.log.info({ consumer_group: group, topics }, 'consumer subscribed');
      }),
    );
  }

  private async deliver(consumer: string, event: ConsumedEvent): Promise<void> {
    const handler = this.handlersByTopic
      .get(event.topic)
      ?.find((candidate) => (candidate.extras as ConsumerExtras | undefined)?.consumer === consumer);
    if (!handler) return;
    try {
      const result: unknown = await handler(event);
      await lastValueFrom(this.transformToObservable(result), { defaultValue: undefined });
      consumed.inc({ service: this.service, consumer_group: event.consumerGroup, outcome: 'handled' });
    } catch (error) {
      consumed.inc({ service: this.service, consumer_group: event.consumerGroup, outcome: 'failed' });
      throw error;
    }
  }
}
