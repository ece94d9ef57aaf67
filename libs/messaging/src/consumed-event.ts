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
  ): Promise<Subscription>;
}

export function parsePayload<T>(event: ConsumedEvent): T {
  return JSON.parse(event.payload) as T;
}
