import { type DataSource } from 'typeorm';
import { type OutboxMessage } from './outbox-message';

/** Where the outbox relay publishes: Kafka, or the Postgres event log. */
export interface EventTransport {
  publish(messages: OutboxMessage[]): Promise<void>;
  /** A bus kept in a database says here whether the outboxes of `dataSource` can move into it by SQL. */
  movesFrom?(dataSource: DataSource): OutboxMover | undefined;
  close(): Promise<void>;
}

/** Moves outbox records onto the bus by SQL in the outbox's own database, without reading them out. */
export interface OutboxMover {
  /**
   * Moves the oldest `limit` unpublished records of `schema`'s outbox and marks them published, in one
   * transaction that holds the advisory lock `relayLock` (none moved when another relay holds it);
   * returns how many it moved, once committed.
   */
  move(schema: string, limit: number, relayLock: string): Promise<number>;
}
