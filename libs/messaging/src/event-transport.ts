import { type DataSource, type EntityManager } from 'typeorm';
import { type OutboxMessage } from './outbox-message';

/** Where the outbox relay publishes: Kafka, or the Postgres event log. */
export interface EventTransport {
  publish(messages: OutboxMessage[]): Promise<void>;
  /** A bus kept in a database says here whether the outboxes of `dataSource` can move into it by SQL. */
  movesFrom?(dataSource: DataSource): OutboxMover | undefined;
  close(): Promise<void>;
}

/** Moves outbox records onto the bus inside the relay's transaction, without reading them out. */
export interface OutboxMover {
  /** Moves the oldest `limit` unpublished records of `schema`'s outbox and marks them published. */
  move(manager: EntityManager, schema: string, limit: number): Promise<number>;
  /** After the relay committed a move. */
  moved(): void;
}
