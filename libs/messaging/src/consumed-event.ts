/** A record as a consumer receives it, from Kafka or from the Postgres event log. */
export interface ConsumedEvent {
  /** `<service>.<consumer>`: the Kafka consumer group, or the event log checkpoint owner. */
  consumerGroup: string;
  topic: string;
  /** The Kafka partition; 0 on the Postgres event log. Unset for records made up in tests. */
  partition?: number;
  /** The Kafka offset, or the position in the Postgres event log. */
  offset?: string;
  key: string;
  eventId: string;
  eventType: string;
  headers: Record<string, string>;
  payload: string;
}

export type ConsumedEventHandler = (event: ConsumedEvent) => Promise<void>;

/** Takes consecutive events of one consumer group at once; they count as handled together. */
export type ConsumedBatchHandler = (events: ConsumedEvent[]) => Promise<void>;

export interface BatchOptions {
  /**
   * CPU work on events the source read ahead, run as they arrive, while the handler of the batch before
   * them still waits on its database. The same objects reach the handler later, unless the next batch
   * starts elsewhere (the batch before failed, another replica took over, the consumer stopped). It must
   * not throw.
   */
  prepare?: (events: readonly ConsumedEvent[]) => void;
}

export interface Subscription {
  close(): Promise<void>;
}

/** Where consumers read from: Kafka consumer groups, or checkpoints on the Postgres event log. */
export interface EventSource {
  subscribe(consumerGroup: string, topics: string[], handler: ConsumedEventHandler): Promise<Subscription>;
  /**
   * Like subscribe, handing over as many events as are ready at once. Optional: where a source has
   * none, batch handlers receive one event at a time.
   */
  subscribeBatch?(
    consumerGroup: string,
    topics: string[],
    handler: ConsumedBatchHandler,
    options?: BatchOptions,
  ): Promise<Subscription>;
}

/** Records already parsed by the bus's contract check, so the handler does not parse them again. */
const parsedRecords = new WeakMap<ConsumedEvent, unknown>();

/** Keeps `record` as the parse of `event`'s payload, for parsePayload. */
export function rememberParsed(event: ConsumedEvent, record: unknown): void {
  parsedRecords.set(event, record);
}

/**
 * The event's record: the one the bus parsed to check its contract, else parsed now. Each consumer group
 * gets its own parse, so a handler may keep or change what it gets.
 */
export function parsePayload<T>(event: ConsumedEvent): T {
  return (parsedRecords.has(event) ? parsedRecords.get(event) : JSON.parse(event.payload)) as T;
}
