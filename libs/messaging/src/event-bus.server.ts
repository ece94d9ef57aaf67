import { applyDecorators, Catch, type RpcExceptionFilter, UseFilters } from '@nestjs/common';
import {
  type CustomTransportStrategy,
  EventPattern,
  type MessageHandler,
  Server,
} from '@nestjs/microservices';
import {
  backoffMs,
  counter,
  extractTraceContext,
  inSpan,
  type Logger,
  sleep,
  SpanKind,
  traceLinkOf,
} from '@governance/platform';
import { lastValueFrom, type Observable, throwError } from 'rxjs';
import { type ConsumedEvent, type EventSource, rememberParsed, type Subscription } from './consumed-event';
import { classifyFailure } from './consumer-failure';
import { type DeadLetter, type DeadLetterReason } from './dead-letter.dto';
import { deadLetterEvent, type DeadLetterRepository } from './dead-letters';
import { type ConsumerConfig } from './messaging-config';
import { checkRecordContract, type ContractCheck } from './record-contract';

/** The pattern of a `@ConsumeEvent` handler: one per (consumer, topic). */
interface HandlerPattern {
  consumer: string;
  topic: string;
}

export interface ConsumeEventOptions {
  /**
   * The handler takes ConsumedEvent[]: as many events of its topics as the source has ready (from
   * sources that read in batches; one at a time from the others). They count as handled together.
   */
  batch?: boolean;
}

/**
 * Nest's default filter turns a handler's error into `{ status: 'error', message }`, where the server
 * needs the error itself to tell transient failures from permanent ones. Every `@ConsumeEvent` has it.
 */
@Catch()
class ConsumerErrorPassThrough implements RpcExceptionFilter<unknown> {
  catch(exception: unknown): Observable<never> {
    return throwError(() => exception);
  }
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
  const patterns = (typeof topics === 'string' ? [topics] : topics).map((topic): HandlerPattern => ({
    consumer,
    topic,
  }));
  // Keyed by consumer as well as topic: Nest's Server.addHandler chains the event handlers of one
  // pattern behind the first and runs the whole chain for each record, where a group runs only its own.
  return applyDecorators(
    EventPattern(patterns, options.batch ? { batch: true } : {}),
    UseFilters(new ConsumerErrorPassThrough()),
  );
}

const consumed = counter({
  name: 'events_consumed_total',
  help: 'Records handed to consumers',
  labelNames: ['service', 'consumer_group', 'outcome'],
});

const deadLettered = counter({
  name: 'events_dead_lettered_total',
  help: 'Records a consumer set aside in its dead-letter table',
  labelNames: ['service', 'topic', 'consumer'],
});

/** How consumers meet bad records: docs/architecture.md, "Poison records". */
type ConsumerPolicy = Pick<ConsumerConfig, 'maxHandlerAttempts' | 'retryBackoffMs'> & {
  deadLetters: DeadLetterRepository;
};

const MAX_HANDLER_RETRY_DELAY_MS = 30_000;
/** Records whose contracts checkAhead checks between two I/O callbacks: about 0.1 ms of CPU. */
const CHECK_AHEAD_SLICE = 50;

function parsePattern(route: string): HandlerPattern {
  let pattern: Partial<HandlerPattern> = {};
  try {
    pattern = JSON.parse(route) as Partial<HandlerPattern>;
  } catch {
    // A plain pattern: not a @ConsumeEvent handler.
  }
  if (typeof pattern.consumer !== 'string' || typeof pattern.topic !== 'string')
    throw new Error(`handler for ${route} has no consumer name; use @ConsumeEvent`);
  return pattern as HandlerPattern;
}

const errorText = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

/**
 * A Nest microservice transport over our bus: one consumer group per consumer name; a record counts as
 * handled once its handler's promise resolves. A record that breaks its topic's contract, or whose
 * handler keeps failing with a permanent error, is set aside in the dead-letter table; transient
 * failures go back to the source, which offers the record again.
 */
export class EventBusServer extends Server implements CustomTransportStrategy {
  private readonly subscriptions: Subscription[] = [];
  private readonly handlers = new Map<string, MessageHandler | undefined>();
  /** Contract checks of records read ahead (checkAhead), which admit then need not make. */
  private readonly checkedAhead = new WeakMap<ConsumedEvent, ContractCheck>();
  private readonly closing = new AbortController();

  constructor(
    private readonly service: string,
    private readonly source: EventSource,
    private readonly log: Logger,
    private readonly policy: ConsumerPolicy,
  ) {
    super();
  }

  listen(callback: (error?: unknown) => void): void {
    this.subscribeAll().then(() => callback(), callback);
  }

  async close(): Promise<void> {
    this.closing.abort();
    await Promise.all(this.subscriptions.splice(0).map((subscription) => subscription.close()));
  }

  on(): void {
    // The bus has no connection-level events to expose.
  }

  unwrap<T>(): T {
    return this.source as T;
  }

  /** Each consumer's topics, from the patterns its `@ConsumeEvent` handlers registered. */
  private topicsByConsumer(): Map<string, string[]> {
    const topicsByConsumer = new Map<string, string[]>();
    for (const [route, handler] of this.getHandlers()) {
      const { consumer, topic } = parsePattern(route);
      if (handler.next) throw new Error(`${consumer} has two @ConsumeEvent handlers of ${topic}`);
      topicsByConsumer.set(consumer, [...(topicsByConsumer.get(consumer) ?? []), topic]);
    }
    return topicsByConsumer;
  }

  private async subscribeAll(): Promise<void> {
    // Joining a Kafka group takes seconds; the service's groups join side by side.
    await Promise.all(
      [...this.topicsByConsumer()].map(async ([consumer, topics]) => {
        const group = `${this.service}.${consumer}`;
        const subscription =
          this.takesBatches(consumer, topics) && this.source.subscribeBatch
            ? await this.source.subscribeBatch(
                group,
                topics,
                (events) => this.deliverBatch(consumer, events),
                {
                  prepare: (events) => setImmediate(() => this.checkAhead(events)),
                },
              )
            : await this.source.subscribe(group, topics, (event) => this.deliver(consumer, event));
        this.subscriptions.push(subscription);
        this.log.info({ consumer_group: group, topics }, 'consumer subscribed');
      }),
    );
  }

  /** Looked up once per (consumer, topic): Nest's route of a pattern costs microseconds, per record. */
  private handlerOf(consumer: string, topic: string): MessageHandler | undefined {
    const key = `${consumer}\u0000${topic}`;
    if (!this.handlers.has(key))
      this.handlers.set(key, this.getHandlers().get(this.normalizePattern({ consumer, topic })));
    return this.handlers.get(key);
  }

  /** True when every handler of the consumer group takes batches. */
  private takesBatches(consumer: string, topics: readonly string[]): boolean {
    return topics.every((topic) => this.isBatch(this.handlerOf(consumer, topic)!));
  }

  /** True when this server runs the consumer group `group`. */
  runs(group: string): boolean {
    return this.consumerOf(group) !== undefined;
  }

  /**
   * Offers a dead letter to its handler again, once, through the same contract check and idempotent
   * handler as a live record. Throws what stops it.
   */
  async replay(letter: DeadLetter): Promise<void> {
    const consumer = this.consumerOf(letter.consumer_group);
    const handler = consumer === undefined ? undefined : this.handlerOf(consumer, letter.topic);
    if (!handler) throw new Error(`no consumer ${letter.consumer_group} of ${letter.topic} runs here`);
    const event = deadLetterEvent(letter);
    const check = checkRecordContract(event);
    if (!check.ok) throw new Error(check.error);
    await this.invoke(handler, [event]);
  }

  private consumerOf(group: string): string | undefined {
    const prefix = `${this.service}.`;
    if (!group.startsWith(prefix)) return undefined;
    const consumer = group.slice(prefix.length);
    return this.topicsByConsumer().has(consumer) ? consumer : undefined;
  }

  private isBatch(handler: MessageHandler): boolean {
    return (handler.extras as ConsumeEventOptions | undefined)?.batch === true;
  }

  /**
   * Hands each run of consecutive events of one handler method to it, in order. Nest registers a method
   * once per topic it names, sharing the decorator's extras: a method of several topics gets their
   * interleaved events as one run. Records that break their contract are set aside first; when a run
   * fails for good, its events go one by one, so only the culprit is set aside.
   */
  private async deliverBatch(consumer: string, events: ConsumedEvent[]): Promise<void> {
    const admitted: ConsumedEvent[] = [];
    for (const event of events) if (await this.admit(consumer, event)) admitted.push(event);
    const methodOf = (event: ConsumedEvent) => this.handlerOf(consumer, event.topic)?.extras;
    let start = 0;
    while (start < admitted.length) {
      const method = methodOf(admitted[start]!);
      let end = start + 1;
      while (end < admitted.length && methodOf(admitted[end]!) === method) end += 1;
      const run = admitted.slice(start, end);
      const handler = this.handlerOf(consumer, run[0]!.topic);
      start = end;
      if (!handler) continue;
      try {
        await this.invoke(handler, run);
      } catch (error) {
        if (classifyFailure(error) === 'transient') throw error;
        if (run.length === 1) await this.handleWithRetries(consumer, handler, run[0]!, { error });
        else for (const event of run) await this.handleWithRetries(consumer, handler, event);
      }
    }
  }

  private async deliver(consumer: string, event: ConsumedEvent): Promise<void> {
    const handler = this.handlerOf(consumer, event.topic);
    if (!handler || !(await this.admit(consumer, event))) return;
    await this.handleWithRetries(consumer, handler, event);
  }

  /**
   * Checks the contracts of records read ahead while the batch before them is handled: CPU work that
   * would otherwise wait for that batch's writes and then hold up this batch's. It runs a slice at a
   * time between I/O callbacks, so the replies that batch waits for are not held up behind it. The slices
   * end long before that batch does; a record admit reaches first is checked there, and perhaps again by
   * a slice still queued, which costs CPU only.
   */
  private checkAhead(events: readonly ConsumedEvent[], from = 0): void {
    const to = Math.min(events.length, from + CHECK_AHEAD_SLICE);
    try {
      for (const event of events.slice(from, to)) this.checkedAhead.set(event, checkRecordContract(event));
    } catch (error) {
      // Outside any batch, so not thrown: admit checks the rest and meets the error in its batch.
      this.log.warn({ err: error }, 'checking the contracts of records read ahead failed');
      return;
    }
    if (to < events.length) setImmediate(() => this.checkAhead(events, to));
  }

  /** Whether the record keeps its topic's contract; if not, it is set aside. */
  private async admit(consumer: string, event: ConsumedEvent): Promise<boolean> {
    const check = this.checkedAhead.get(event) ?? checkRecordContract(event);
    if (check.ok) {
      rememberParsed(event, check.record);
      return true;
    }
    await this.setAside(consumer, event, check.reason, check.error, 1);
    return false;
  }

  /**
   * Up to maxHandlerAttempts tries in all (counting a `firstTry` already made), with a growing pause
   * between them; then the record is set aside. Transient failures go back to the source.
   */
  private async handleWithRetries(
    consumer: string,
    handler: MessageHandler,
    event: ConsumedEvent,
    firstTry?: { error: unknown },
  ): Promise<void> {
    let lastError = firstTry?.error;
    for (let attempt = firstTry ? 1 : 0; attempt < this.policy.maxHandlerAttempts; attempt += 1) {
      if (attempt > 0) {
        await sleep(
          backoffMs(attempt, this.policy.retryBackoffMs, MAX_HANDLER_RETRY_DELAY_MS),
          this.closing.signal,
        );
        // Stopping: the record stays unhandled, for the next consumer of the group.
        if (this.closing.signal.aborted) throw lastError;
      }
      try {
        await this.invoke(handler, [event]);
        return;
      } catch (error) {
        if (classifyFailure(error) === 'transient') throw error;
        lastError = error;
      }
    }
    await this.setAside(consumer, event, 'handler', errorText(lastError), this.policy.maxHandlerAttempts);
  }

  private async setAside(
    consumer: string,
    event: ConsumedEvent,
    reason: DeadLetterReason,
    error: string,
    attempts: number,
  ): Promise<void> {
    await this.policy.deadLetters.setAside(event, reason, error, attempts);
    deadLettered.inc({ service: this.service, topic: event.topic, consumer });
    this.log.error(
      {
        consumer_group: event.consumerGroup,
        topic: event.topic,
        partition: event.partition,
        offset: event.offset,
        event_id: event.eventId,
        reason,
        error,
        attempts,
      },
      'record set aside in the dead-letter table',
    );
  }

  /** Runs `handler` on `events`: all of them for a batch handler, else the one. */
  private async invoke(handler: MessageHandler, events: ConsumedEvent[]): Promise<void> {
    const first = events[0]!;
    const count = events.length;
    const labels = { service: this.service, consumer_group: first.consumerGroup };
    const logFields = {
      consumer_group: first.consumerGroup,
      topic: first.topic,
      partition: first.partition,
      offset: first.offset,
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
          const result: unknown = await handler(this.isBatch(handler) ? events : first);
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
