import { type OutboxMessage } from './outbox-message';

/** Where the outbox relay publishes: Kafka, or the Postgres event log. */
export interface EventTransport {
  publish(messages: OutboxMessage[]): Promise<void>;
  close(): Promise<void>;
}

export const EVENT_TRANSPORT = Symbol('EVENT_TRANSPORT');
