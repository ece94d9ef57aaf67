import {
  type CustomTransportStrategy,
  EventPattern,
  type MessageHandler,
  Server,
} from '@nestjs/microservices';
import {
  counter,
  extractTraceContext,
  inSpan,
  type Logger,
  SpanKind,
  traceLinkOf,
} from '@governance/platform';
import { lastValueFrom } from 'rxjs';
import { type ConsumedEvent, type EventSource, type Subscription } from './consumed-event';

interface ConsumerExtras {
  consumer?: string;
  batch?: boolean;
}

export interface ConsumeEventOptions {
  /**
   * The handler takes ConsumedEvent[]: as many events of its topics as the source has ready (from
   * sources that read in batches; one at a time from the others). They count as handled together.
   */
  batch?: boolean;
}

/**
 * Marks a handler for records of `topics`. `consumer` names the consumer group within the service: each
 * consumer keeps its own position, and replicas of the service share it.
 */
export function ConsumeEvent(
  topics: string | readonly string[],
  consumer: string,
  options: ConsumeEventOptions = {},
): MethodDecorator {
  return EventPattern(typeof topics === 'string' ? topics : [...topics], {
    consumer,
    ...(options.batch ? { batch: true } : {}),
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
        const subscription =
          this.takesBatches(consumer) && this.source.subscribeBatch
            ? await this.source.subscribeBatch(group, topics, (events) => this.deliverBatch(consumer, events))
            : await this.source.subscribe(group, topics, (event) => this.deliver(consumer, event));
        this.subscriptions.push(subscription);
        this.log.info({ consumer_group: group, topics }, 'consumer subscribed');
      }),
    );
  }

  private handlerOf(consumer: string, topic: string): MessageHandler | undefined {
    return this.handlersByTopic
      .get(topic)
      ?.find((candidate) => (candidate.extras as ConsumerExtras | undefined)?.consumer === consumer);
  }

  /** True when every handler of the consumer group takes batches. */
  private takesBatches(consumer: string): boolean {
    const handlers = [...this.handlersByTopic.values()]
      .flat()
      .filter((handler) => (handler.extras as ConsumerExtras | undefined)?.consumer === consumer);
    return handlers.every((handler) => (handler.extras as ConsumerExtras | undefined)?.batch === true);
  }

  /**
   * Hands each run of consecutive events of one handler method to it, in order. Nest registers a method
   * once per topic it names, sharing the decorator's extras: a method of several topics gets their
   * interleaved events as one run, where cutting runs by topic left it batches of one or two.
   */
  private async deliverBatch(consumer: string, events: ConsumedEvent[]): Promise<void> {
    const methodOf = (event: ConsumedEvent) => this.handlerOf(consumer, event.topic)?.extras;
    let start = 0;
    while (start < events.length) {
      const method = methodOf(events[start]!);
      let end = start + 1;
      while (end < events.length && methodOf(events[end]!) === method) end += 1;
      await this.invoke(
        this.handlerOf(consumer, events[start]!.topic),
        events.slice(start, end),
        events[start]!,
      );
      start = end;
    }
  }

  private async deliver(consumer: string, event: ConsumedEvent): Promise<void> {
    const handler = this.handlerOf(consumer, event.topic);
    const batch = (handler?.extras as ConsumerExtras | undefined)?.batch === true;
    await this.invoke(handler, batch ? [event] : event, event);
  }

  private async invoke(
    handler: MessageHandler | undefined,
    data: ConsumedEvent | ConsumedEvent[],
    first: ConsumedEvent,
    count = Array.isArray(data) ? data.length : 1,
  ): Promise<void> {
    if (!handler) return;
    const labels = { service: this.service, consumer_group: first.consumerGroup };
    const events = Array.isArray(data) ? data : [data];
    const logFields = {
      consumer_group: first.consumerGroup,
      topic: first.topic,
      event_id: first.eventId,
      ...(count > 1 ? { events: count } : {}),
    };
    try {
      // The handler runs in a consumer span, child of the span that appended the (first) event, so
      // its logs and the events it appends carry that trace; the batch's other events are links.
      await inSpan(
        `${first.topic} process`,
        extractTraceContext(first.headers),
        {
          kind: SpanKind.CONSUMER,
          attributes: {
            'service.name': this.service,
            'messaging.destination.name': first.topic,
            'messaging.consumer.group.name': first.consumerGroup,
            'messaging.message.id': first.eventId,
            'messaging.batch.message_count': count,
          },
          links: events
            .slice(1)
            .map((event) => traceLinkOf(event.headers))
            .filter((link) => link !== undefined),
        },
        async () => {
          const result: unknown = await handler(data);
          await lastValueFrom(this.transformToObservable(result), { defaultValue: undefined });
          this.log.debug(logFields, 'event handled');
        },
      );
      consumed.inc({ ...labels, outcome: 'handled' }, count);
    } catch (error) {
      consumed.inc({ ...labels, outcome: 'failed' }, count);
      this.log.warn({ ...logFields, err: error }, 'event handler failed');
      throw error;
    }
  }
}
