import { backoffMs, listen, type Logger, sleep, wake } from '@governance/platform';
import { assertSchemaName } from '@governance/persistence';
import { type DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import {
  type BatchOptions,
  type ConsumedBatchHandler,
  type ConsumedEvent,
  type ConsumedEventHandler,
  type EventSource,
  type Subscription,
} from './consumed-event';
import { catchUpPauseMs } from './catch-up-pause';
import { type EventTransport, type OutboxMover } from './event-transport';
import { type OutboxMessage } from './outbox-message';
import { insertMessages, MESSAGE_COLUMNS } from './outbox-rows';
import { EVENT_LOG_PARTITION, reportConsumerLag } from './consumer-lag';
import { checkpointSlotsOf, type Slots } from './checkpoint-slots';

/*
 * The bus of the embedded mode: an append-only table in schema `event_bus`, read by consumer groups that
 * keep one checkpoint per topic. Appends take one advisory lock, so positions become visible in the
 * order they were assigned and a reader that has passed position N never later sees a smaller one commit.
 */
const APPEND_LOCK_KEY = 7_316_203;
const MAX_RETRY_DELAY_MS = 30_000;
const LAG_QUERY_INTERVAL_MS = 1_000;
/** What this process's consumers of `topic` listen to for appends to it. */
export const appendedSignal = (topic: string): string => `event-log-appended:${topic}`;

/** Wakes this process's consumers of `topics`, after an append to them committed. */
function appendedTo(topics: Iterable<string>): void {
  for (const topic of new Set(topics)) wake(appendedSignal(topic));
}

/**
 * The event log's tables, in every service's migrations since the log is shared: whichever service
 * migrates first creates them. Idempotent DDL, run under the one lock migrate() holds over all migrations.
 */
export class EventLog1764800000000 implements MigrationInterface {
  name = 'EventLog1764800000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE SCHEMA IF NOT EXISTS event_bus');
    await runner.query(`CREATE TABLE IF NOT EXISTS event_bus.events (
      position bigserial PRIMARY KEY,
      event_id uuid NOT NULL UNIQUE,
      topic text NOT NULL,
      message_key text NOT NULL,
      event_type text NOT NULL,
      headers jsonb NOT NULL,
      payload text NOT NULL,
      appended_at timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(
      'CREATE INDEX IF NOT EXISTS events_topic_position_idx ON event_bus.events (topic, position)',
    );
    await runner.query(`CREATE TABLE IF NOT EXISTS event_bus.checkpoints (
      consumer_group text NOT NULL,
      topic text NOT NULL,
      position bigint NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (consumer_group, topic)
    )`);
  }

  /** The other services still publish and consume there: one service's rollback leaves the log. */
  async down(): Promise<void> {}
}

export class PostgresLogTransport implements EventTransport {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * One statement per MESSAGES_PER_STATEMENT records, each atomic on its own: the append lock is taken in
   * the statement (the join makes it come before any position is drawn) and held until it commits, which
   * saves BEGIN, the lock and COMMIT as round trips of their own.
   */
  async publish(messages: OutboxMessage[]): Promise<void> {
    if (messages.length === 0) return;
    await insertMessages(this.dataSource.manager, 'event_bus.events', messages, {
      from: `CROSS JOIN (SELECT pg_advisory_xact_lock(${APPEND_LOCK_KEY})) AS append_lock`,
      onConflict: 'ON CONFLICT (event_id) DO NOTHING',
    });
    appendedTo(messages.map((message) => message.topic));
  }

  /**
   * An outbox in this log's own database moves by one statement, its own transaction: it takes the
   * relay's lock (or moves nothing), copies and marks the batch, and takes the append lock before the
   * copy draws a position. The payloads never leave the server, and the relay pays one round trip.
   */
  movesFrom(dataSource: DataSource): OutboxMover | undefined {
    return dataSource === this.dataSource ? this : undefined;
  }

  async move(schema: string, limit: number, relayLock: string): Promise<number> {
    const outbox = `${assertSchemaName(schema)}.outbox`;
    // Volatile functions keep their CTEs materialized: each lock is taken once. The relay's lock is a
    // one-time filter, so the batch still walks the unpublished index in order and stops at the limit
    // (a join made it a bitmap scan of every unpublished entry, dead ones too). A statement's snapshot
    // predates its locks, so a batch another relay moved just before may be read as unpublished; the
    // copy's ON CONFLICT skips it, and rows go to the log in outbox order, as publish() keeps them.
    const [row] = await this.dataSource.query<Array<{ moved: number; topics: string[] }>>(
      `WITH relay AS (
         SELECT pg_try_advisory_xact_lock(hashtext($2)) AS locked
       ), batch AS (
         SELECT o.position FROM ${outbox} o
         WHERE (SELECT locked FROM relay) AND o.published_at IS NULL ORDER BY o.position LIMIT $1
       ), append_lock AS (
         SELECT pg_advisory_xact_lock(${APPEND_LOCK_KEY}) FROM (SELECT FROM batch LIMIT 1) AS any_row
       ), copied AS (
         INSERT INTO event_bus.events (${MESSAGE_COLUMNS})
         SELECT o.event_id, o.topic, o.message_key, o.event_type, o.headers, o.payload
         FROM append_lock, ${outbox} o JOIN batch b ON b.position = o.position
         ORDER BY o.position
         ON CONFLICT (event_id) DO NOTHING
       ), marked AS (
         UPDATE ${outbox} o SET published_at = now() FROM batch b WHERE o.position = b.position
         RETURNING o.topic
       )
       SELECT count(*)::int AS moved, coalesce(array_agg(DISTINCT topic), '{}') AS topics FROM marked`,
      [limit, relayLock],
    );
    appendedTo(row?.topics ?? []);
    return row?.moved ?? 0;
  }

  async close(): Promise<void> {}
}

/** Hands events to the consumer in order; returns how many it handled, the first of the others failed. */
type Deliver = (events: ConsumedEvent[]) => Promise<number>;

/** A group's consumer, as the loop drives it. */
interface Consumer extends BatchOptions {
  deliver: Deliver;
}

interface PostgresLogSourceOptions {
  pollIntervalMs: number;
  batchSize: number;
  /** Wait after a failed handler before the event is offered again; it doubles while failures last. */
  retryDelayMs: number;
}

type BatchOutcome = 'busy' | 'caught-up' | 'idle' | 'failed';

/**
 * The next batch's read, begun on the checkpoint transaction's idle connection while the handler works
 * on a full batch. It serves the next batch if that one starts where it did: positions become visible in
 * order, so what it read is a prefix of what a read then would bring, and nothing in between is skipped.
 */
interface ReadAhead {
  /** The checkpoint of each topic it read after. */
  from: ReadonlyMap<string, string>;
  /** Undefined if the read failed: the next batch reads for itself. */
  events: Promise<ConsumedEvent[] | undefined>;
}

interface Batch {
  outcome: BatchOutcome;
  /** How many events it read; unset when another replica holds the checkpoints. */
  read?: number;
  ahead?: ReadAhead;
}

export class PostgresLogEventSource implements EventSource {
  private readonly slots: Slots;
  /** When each consumer group last read its lag, by performance.now(). */
  private readonly lagQueriedAt = new Map<string, number>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: PostgresLogSourceOptions,
    private readonly logger: Logger,
  ) {
    this.slots = checkpointSlotsOf(dataSource);
  }

  subscribe(consumerGroup: string, topics: string[], handler: ConsumedEventHandler): Promise<Subscription> {
    return this.subscribeTo(consumerGroup, topics, {
      deliver: async (events) => {
        for (const [handled, event] of events.entries()) {
          try {
            await handler(event);
          } catch (error) {
            this.logger.warn(
              { err: error, consumer_group: consumerGroup, event_id: event.eventId },
              'handler failed; will retry',
            );
            return handled;
          }
        }
        return events.length;
      },
    });
  }

  subscribeBatch(
    consumerGroup: string,
    topics: string[],
    handler: ConsumedBatchHandler,
    options: BatchOptions = {},
  ): Promise<Subscription> {
    return this.subscribeTo(consumerGroup, topics, {
      prepare: options.prepare,
      deliver: async (events) => {
        try {
          if (events.length > 0) await handler(events);
          return events.length;
        } catch (error) {
          this.logger.warn(
            {
              err: error,
              consumer_group: consumerGroup,
              event_id: events[0]?.eventId,
              events: events.length,
            },
            'batch handler failed; will retry',
          );
          return 0;
        }
      },
    });
  }

  private async subscribeTo(
    consumerGroup: string,
    topics: string[],
    consumer: Consumer,
  ): Promise<Subscription> {
    await this.dataSource.query(
      `INSERT INTO event_bus.checkpoints (consumer_group, topic)
       SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`,
      [consumerGroup, topics],
    );
    const stop = new AbortController();
    const loop = this.consume(consumerGroup, topics, consumer, stop.signal);
    return {
      close: async () => {
        stop.abort();
        await loop;
      },
    };
  }

  private async consume(
    group: string,
    topics: string[],
    consumer: Consumer,
    signal: AbortSignal,
  ): Promise<void> {
    // Woken by appends to its own topics only: in one process, a wake-up for every append made each
    // group run an empty batch per append to any topic.
    const appended = listen(topics.map(appendedSignal));
    let failures = 0;
    let ahead: ReadAhead | undefined;
    while (!signal.aborted) {
      let outcome: BatchOutcome;
      const started = performance.now();
      try {
        ({ outcome, ahead } = await this.consumeBatch(group, topics, consumer, ahead));
        failures = outcome === 'failed' ? failures + 1 : 0;
      } catch (error) {
        failures += 1;
        this.logger.error({ err: error, consumer_group: group }, 'event log consumer failed');
        outcome = 'failed';
        ahead = undefined;
      }
      if (outcome === 'idle') await appended.wait(this.options.pollIntervalMs, signal);
      // Caught up (a part batch): a short pause lets the next batch gather more of a steady stream.
      if (outcome === 'caught-up') await sleep(catchUpPauseMs(performance.now() - started), signal);
      // Only transient failures get here (the consumer sets other failing records aside): back off.
      if (outcome === 'failed')
        await sleep(backoffMs(failures, this.options.retryDelayMs, MAX_RETRY_DELAY_MS), signal);
    }
    appended.close();
  }

  /**
   * Lag per topic: nothing to read means none; else the topic's head position minus the checkpoint, read
   * at most once per LAG_QUERY_INTERVAL_MS per group (a replay would otherwise pay the query per batch).
   */
  private async reportLag(group: string, topics: string[], caughtUp: boolean): Promise<void> {
    if (caughtUp) {
      for (const topic of topics) reportConsumerLag(group, topic, EVENT_LOG_PARTITION, 0);
      return;
    }
    const now = performance.now();
    if (now - (this.lagQueriedAt.get(group) ?? -Infinity) < LAG_QUERY_INTERVAL_MS) return;
    this.lagQueriedAt.set(group, now);
    const lags = await this.dataSource.query<Array<{ topic: string; lag: string | null }>>(
      `SELECT c.topic, (SELECT max(e.position) FROM event_bus.events e WHERE e.topic = c.topic) - c.position AS lag
       FROM event_bus.checkpoints c WHERE c.consumer_group = $1 AND c.topic = ANY($2::text[])`,
      [group, topics],
    );
    for (const { topic, lag } of lags) reportConsumerLag(group, topic, EVENT_LOG_PARTITION, Number(lag ?? 0));
  }

  /**
   * One batch, once a checkpoint slot is free: the batch holds a connection while its handler takes
   * others from the same pool, so the slots keep such holders fewer than the pool (checkpoint-slots.ts).
   */
  private async consumeBatch(
    group: string,
    topics: string[],
    consumer: Consumer,
    ahead: ReadAhead | undefined,
  ): Promise<Batch> {
    const batch = await this.slots.use(() => this.handleBatch(group, topics, consumer, ahead));
    if (batch.read !== undefined) await this.reportLag(group, topics, batch.read === 0);
    return batch;
  }

  /**
   * Locks the group's checkpoints (another replica holding them means it is the active consumer),
   * hands the next events to the consumer in log order, and moves each topic's checkpoint past the
   * events handled. A failure stops the batch: its event is offered again after a pause. A full batch
   * reads the next one ahead, while its handler works (ReadAhead), and has the consumer prepare it.
   */
  private async handleBatch(
    group: string,
    topics: string[],
    { deliver, prepare }: Consumer,
    ahead: ReadAhead | undefined,
  ): Promise<Batch> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    let next: ReadAhead | undefined;
    try {
      await runner.startTransaction();
      // Losing this transaction in a crash only moves the checkpoints back: the events are read again,
      // and the handlers' own durable marks make them no-ops. So its commit need not wait for the disk.
      await runner.query('SET LOCAL synchronous_commit TO off');
      const checkpoints = (await runner.query(
        `SELECT topic, position FROM event_bus.checkpoints
         WHERE consumer_group = $1 AND topic = ANY($2::text[]) FOR UPDATE SKIP LOCKED`,
        [group, topics],
      )) as Array<{ topic: string; position: string }>;
      if (checkpoints.length < topics.length) {
        await runner.rollbackTransaction();
        return { outcome: 'idle' };
      }
      const from = new Map(checkpoints.map((checkpoint) => [checkpoint.topic, checkpoint.position]));
      // An empty read ahead may be stale: what was appended since is read now.
      const readBefore = ahead && sameCheckpoints(ahead.from, from) ? await ahead.events : undefined;
      const events = readBefore?.length ? readBefore : await this.readAfter(runner, group, from);
      if (events.length === this.options.batchSize)
        next = this.startReadAhead(runner, group, from, events, prepare);
      const handled = await deliver(events);
      // The connection runs one query at a time: the read ahead ends before the checkpoint's update.
      await next?.events;
      const reached = new Map(events.slice(0, handled).map((event) => [event.topic, event.offset]));
      if (reached.size > 0) {
        await runner.query(
          `UPDATE event_bus.checkpoints c SET position = r.position, updated_at = now()
           FROM unnest($2::text[], $3::bigint[]) AS r(topic, position)
           WHERE c.consumer_group = $1 AND c.topic = r.topic`,
          [group, [...reached.keys()], [...reached.values()]],
        );
      }
      await runner.commitTransaction();
      const read = events.length;
      if (handled < read) return { outcome: 'failed', read };
      if (read === 0) return { outcome: 'idle', read };
      return { outcome: read < this.options.batchSize ? 'caught-up' : 'busy', read, ahead: next };
    } catch (error) {
      await next?.events;
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      throw error;
    } finally {
      await runner.release();
    }
  }

  /**
   * Starts reading the batch after `events` (read after `from`) on the checkpoint transaction's
   * connection, and hands it to `prepare` as it arrives. A failed read leaves that transaction aborted:
   * its checkpoint update then fails, and this batch is offered again (its handler is idempotent).
   */
  private startReadAhead(
    runner: QueryRunner,
    group: string,
    from: ReadonlyMap<string, string>,
    events: readonly ConsumedEvent[],
    prepare: BatchOptions['prepare'],
  ): ReadAhead {
    const after = new Map(from);
    for (const event of events) after.set(event.topic, event.offset!);
    // Never rejects: handleBatch awaits it before its update and its rollback alike.
    const reading = this.readAfter(runner, group, after)
      .then((read) => {
        prepare?.(read);
        return read;
      })
      .catch((error: unknown) => {
        this.logger.warn({ err: error, consumer_group: group }, 'reading the next batch ahead failed');
        return undefined;
      });
    return { from: after, events: reading };
  }

  /** `group`'s next batch after `checkpoints` (topic → position), on the checkpoint transaction's connection. */
  private async readAfter(
    runner: QueryRunner,
    group: string,
    checkpoints: ReadonlyMap<string, string>,
  ): Promise<ConsumedEvent[]> {
    const next = nextEventsQuery(
      [...checkpoints].map(([topic, position]) => ({ topic, position })),
      this.options.batchSize,
    );
    const rows = (await runner.query(next.sql, next.params)) as Array<Omit<ConsumedEvent, 'consumerGroup'>>;
    return rows.map((row) => ({ consumerGroup: group, ...row }));
  }
}

function sameCheckpoints(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): boolean {
  return a.size === b.size && [...a].every(([topic, position]) => b.get(topic) === position);
}

/**
 * The group's next events in log order, as ConsumedEvents but for the group: per topic the next `limit`
 * after its checkpoint, merged. Each topic is a range of (topic, position), which only the (topic,
 * position) index serves (docs/decisions/0005-event-log-read-by-range.md).
 */
export function nextEventsQuery(
  checkpoints: ReadonlyArray<{ topic: string; position: string }>,
  limit: number,
): { sql: string; params: unknown[] } {
  const params: unknown[] = [limit];
  const perTopic = checkpoints.map((checkpoint) => {
    params.push(checkpoint.topic, checkpoint.position);
    const topic = `$${params.length - 1}::text`;
    const position = `$${params.length}::bigint`;
    return `(SELECT position FROM event_bus.events
       WHERE (topic, position) > (${topic}, ${position}) AND topic <= ${topic}
       ORDER BY topic, position LIMIT $1)`;
  });
  // Positions first, from the index alone, then only the `limit` rows that make the batch: each topic
  // may offer `limit` candidates, and reading all of them whole cost a replay most of its read. The rows
  // are fetched by `= ANY` of the positions, a probe each: joined instead, the planner (which expects
  // `limit` positions) chose plans that read the log from its start (event-log-read.int.spec.ts).
  return {
    sql: `SELECT e.position AS "offset", 0 AS partition, e.event_id AS "eventId", e.topic,
            e.message_key AS key, e.event_type AS "eventType", e.headers, e.payload
          FROM event_bus.events e
          WHERE e.position = ANY(ARRAY(
            SELECT position FROM (${perTopic.join(' UNION ALL ')}) AS candidates ORDER BY position LIMIT $1))
          ORDER BY e.position`,
    params,
  };
}
