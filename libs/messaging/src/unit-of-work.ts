import { type DataSource, type EntityManager } from 'typeorm';
import { assertSchemaName } from '@governance/persistence';
import { type ConsumedEvent } from './consumed-event';
import { type OutboxMessage } from './outbox-message';
import { wakeups } from './wakeups';

export interface Transaction {
  manager: EntityManager;
  /** Queues an event; it is written to the outbox in this same transaction, just before commit. */
  publish(message: OutboxMessage): void;
}

export const outboxWrittenSignal = (schema: string): string => `outbox-written:${schema}`;

/**
 * The one way a service changes state: its writes and the events describing them commit together in
 * one Postgres transaction, so no event is announced that did not happen, and none is lost.
 */
export class UnitOfWork {
  private readonly schema: string;

  constructor(
    private readonly dataSource: DataSource,
    schema: string,
  ) {
    this.schema = assertSchemaName(schema);
  }

  async run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const queued: OutboxMessage[] = [];
    const result = await this.dataSource.transaction(async (manager) => {
      const value = await work({ manager, publish: (message) => queued.push(message) });
      await this.appendToOutbox(manager, queued);
      return value;
    });
    if (queued.length > 0) wakeups().emit(outboxWrittenSignal(this.schema));
    return result;
  }

  /**
   * Runs `work` for a consumed event unless this consumer group already processed it. The event id is
   * recorded in the same transaction as the work, which makes redelivery harmless.
   */
  async runOnce<T>(
    event: ConsumedEvent,
    work: (tx: Transaction) => Promise<T>,
  ): Promise<{ processed: boolean; result?: T }> {
    return this.run(async (tx) => {
      const inserted = await tx.manager.query<unknown[]>(
        `INSERT INTO ${this.schema}.processed_events (consumer_group, event_id) VALUES ($1, $2)
         ON CONFLICT DO NOTHING RETURNING event_id`,
        [event.consumerGroup, event.eventId],
      );
      if (inserted.length === 0) return { processed: false };
      return { processed: true, result: await work(tx) };
    });
  }

  private async appendToOutbox(manager: EntityManager, messages: OutboxMessage[]): Promise<void> {
    if (messages.length === 0) return;
    await manager.query(
      `INSERT INTO ${this.schema}.outbox (event_id, topic, message_key, event_type, headers, payload)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::jsonb[], $6::text[])`,
      [
        messages.map((m) => m.eventId),
        messages.map((m) => m.topic),
        messages.map((m) => m.key),
        messages.map((m) => m.eventType),
        messages.map((m) => JSON.stringify(m.headers)),
        messages.map((m) => m.payload),
      ],
    );
  }
}
