import { type DataSource, type EntityManager } from 'typeorm';
import { assertSchemaName } from '@governance/persistence';
import { type AuditSnapshot, newUuidV7 } from '@governance/contracts';
import {
  counter,
  currentRequestContext,
  currentTraceHeaders,
  listen,
  type Logger,
  wake,
} from '@governance/platform';
import { type ConsumedEvent } from './consumed-event';
import { auditEventMessage, countByEventType, type OutboxMessage } from './outbox-message';
import { insertMessages } from './outbox-rows';

export interface Transaction {
  manager: EntityManager;
  /** Queues an event; it is written to the outbox in this same transaction, just before commit. */
  publish(message: OutboxMessage): void;
  /**
   * Records the change in the audit trail, in this same transaction. The actor, address and user agent
   * come from the request being handled; outside a request the actor is this service itself.
   */
  audit(entry: AuditEntry): void;
}

/** One change, as the audit trail shows it. Snapshots summarise; they never hold a secret. */
export interface AuditEntry {
  organizationId: string;
  /** `<target type>.<verb>`, such as `system.registered`. */
  action: string;
  target: { type: string; id: string };
  before?: AuditSnapshot;
  after?: AuditSnapshot;
  /** Why the person made the change, when they said: kept in the entry's `after` as `reason`. */
  reason?: string;
}

export interface RunOptions {
  /**
   * Answer only once the events are on the bus (bounded by the publish wait timeout): for a write whose
   * result the caller may hand to another service at once, which learns of it from these events.
   */
  awaitPublished?: boolean;
}

/** Wakes the relays of this process after a commit appended to `schema`'s outbox. */
export const outboxWrittenSignal = (schema: string): string => `outbox-written:${schema}`;
/** Emitted by a relay of this process after it committed a batch of `schema`'s outbox. */
export const outboxPublishedSignal = (schema: string): string => `outbox-published:${schema}`;

/** How often a publish wait rereads the outbox: the relay that holds the lock may be another replica's. */
const PUBLISHED_POLL_MS = 20;

const appended = counter({
  name: 'events_appended_total',
  help: 'Events written to the outbox, by event type',
  labelNames: ['service', 'event_type'],
});

/**
 * How a service changes state: its writes and the events describing them commit together in one
 * Postgres transaction, so no event is announced that did not happen, and none is lost.
 */
export class UnitOfWork {
  private readonly schema: string;
  private readonly service: string;

  /** `service` labels the metrics; the schema's name unless given. */
  constructor(
    private readonly dataSource: DataSource,
    schema: string,
    service?: string,
    private readonly publishWait: { timeoutMs: number; logger?: Logger } = { timeoutMs: 5_000 },
  ) {
    this.schema = assertSchemaName(schema);
    this.service = service ?? schema;
  }

  async run<T>(work: (tx: Transaction) => Promise<T>, options: RunOptions = {}): Promise<T> {
    const queued: OutboxMessage[] = [];
    const result = await this.dataSource.transaction(async (manager) => {
      const publish = (message: OutboxMessage) => queued.push(message);
      const value = await work({ manager, publish, audit: (entry) => publish(this.auditMessage(entry)) });
      await this.appendToOutbox(manager, queued);
      return value;
    });
    if (queued.length > 0) {
      this.outboxWritten(queued);
      if (options.awaitPublished) await this.awaitPublished(queued);
    }
    return result;
  }

  private auditMessage(entry: AuditEntry): OutboxMessage {
    const request = currentRequestContext();
    const actor = request?.actor ?? { type: 'service' as const, id: this.service };
    return auditEventMessage({
      id: newUuidV7(),
      organization_id: entry.organizationId,
      event: 'audit.recorded',
      timestamp: new Date().toISOString(),
      details: {
        actor_type: actor.type,
        actor_id: actor.id,
        service: this.service,
        action: entry.action,
        target_type: entry.target.type,
        target_id: entry.target.id,
        address: request?.address ?? null,
        user_agent: request?.userAgent ?? null,
        before: entry.before ?? null,
        after: entry.reason ? { ...entry.after, reason: entry.reason } : (entry.after ?? null),
      },
    });
  }

  /**
   * Waits until the relay (of this process or of another replica) has put `messages` on the bus. After
   * the timeout it gives up with a warning: the write is committed, and the relay publishes it later.
   * A record purged meanwhile counts as published: only published records are purged.
   */
  async awaitPublished(messages: ReadonlyArray<Pick<OutboxMessage, 'eventId'>>): Promise<void> {
    const eventIds = messages.map((message) => message.eventId);
    if (eventIds.length === 0) return;
    const { timeoutMs, logger } = this.publishWait;
    const deadline = Date.now() + timeoutMs;
    // Listening before each read, so a batch committed between the read and the wait is not missed.
    const published = listen(outboxPublishedSignal(this.schema));
    try {
      for (;;) {
        const [row] = await this.dataSource.query<Array<{ pending: number }>>(
          `SELECT count(*)::int AS pending FROM ${this.schema}.outbox
           WHERE event_id = ANY($1::uuid[]) AND published_at IS NULL`,
          [eventIds],
        );
        if ((row?.pending ?? 0) === 0) return;
        const left = deadline - Date.now();
        if (left <= 0) break;
        await published.wait(Math.min(left, PUBLISHED_POLL_MS));
      }
    } finally {
      published.close();
    }
    logger?.warn(
      { service: this.service, events: eventIds.length, timeout_ms: timeoutMs },
      'events not published within the publish wait; answering anyway, the relay publishes them later',
    );
  }

  /**
   * Runs `work` for a consumed event unless this consumer group already processed it. The event id is
   * recorded in the same transaction as the work, which makes redelivery harmless.
   */
  async runOnce<T>(
    event: ConsumedEvent,
    work: (tx: Transaction) => Promise<T>,
    options: RunOptions = {},
  ): Promise<{ processed: boolean; result?: T }> {
    const { processed, result } = await this.runOnceEach([event], (tx) => work(tx), options);
    return { processed: processed.length > 0, result };
  }

  /**
   * runOnce for several consumed events at once: in one transaction, records those this consumer group
   * had not processed yet and runs `work` with them (in the order given), or skips `work` when there
   * are none. Returns the events processed now.
   */
  async runOnceEach<T>(
    events: readonly ConsumedEvent[],
    work: (tx: Transaction, fresh: ConsumedEvent[]) => Promise<T>,
    options: RunOptions = {},
  ): Promise<{ processed: ConsumedEvent[]; result?: T }> {
    if (events.length === 0) return { processed: [] };
    return this.run(async (tx) => {
      const inserted = await tx.manager.query<Array<{ consumer_group: string; event_id: string }>>(
        `INSERT INTO ${this.schema}.processed_events (consumer_group, event_id)
         SELECT * FROM unnest($1::text[], $2::uuid[]) ON CONFLICT DO NOTHING RETURNING consumer_group, event_id`,
        [events.map((event) => event.consumerGroup), events.map((event) => event.eventId)],
      );
      // Postgres spells a uuid in lower case; a repeated event within `events` is fresh only once.
      const key = (group: string, id: string): string => `${group}/${id.toLowerCase()}`;
      const claimed = new Set(inserted.map((row) => key(row.consumer_group, row.event_id)));
      const fresh = events.filter((event) => claimed.delete(key(event.consumerGroup, event.eventId)));
      if (fresh.length === 0) return { processed: [] };
      return { processed: fresh, result: await work(tx, fresh) };
    }, options);
  }

  private async appendToOutbox(manager: EntityManager, messages: OutboxMessage[]): Promise<void> {
    // The trace of the work that appends the events travels with them, to every consumer.
    const traceHeaders = currentTraceHeaders();
    const traced =
      Object.keys(traceHeaders).length === 0
        ? messages
        : messages.map((message) => ({ ...message, headers: { ...message.headers, ...traceHeaders } }));
    await insertMessages(manager, `${this.schema}.outbox`, traced);
  }

  private outboxWritten(messages: ReadonlyArray<Pick<OutboxMessage, 'eventType'>>): void {
    for (const [eventType, count] of countByEventType(messages))
      appended.inc({ service: this.service, event_type: eventType }, count);
    wake(outboxWrittenSignal(this.schema));
  }
}
