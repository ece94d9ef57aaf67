import { backoffMs, counter, listen, type Logger, sleep, wake } from '@governance/platform';
import { assertSchemaName } from '@governance/persistence';
import { type DataSource } from 'typeorm';
import { catchUpPauseMs } from './catch-up-pause';
import { type EventTransport, type OutboxMover } from './event-transport';
import { type OutboxMessage } from './outbox-message';
import { outboxPublishedSignal, outboxWrittenSignal } from './unit-of-work';

interface OutboxRelayOptions {
  service: string;
  schema: string;
  batchSize: number;
  pollIntervalMs: number;
  /** Longest pause after failed publishes; unset, 1 s. */
  retryMaxMs?: number;
}

const FIRST_BACKOFF_MS = 200;

const published = counter({
  name: 'events_published_total',
  help: 'Outbox records published to the bus',
  labelNames: ['service'],
});

/**
 * Moves committed outbox records to the bus, in commit order, one relay per schema at a time (an
 * advisory lock). A record is marked published only after the bus acknowledged it: a crash can cause a
 * repeat, never a loss, and consumers drop repeats by event id.
 */
export class OutboxRelay {
  private readonly schema: string;
  private readonly lockKey: string;
  private stop = new AbortController();
  private loop: Promise<void> | undefined;
  /** Set when the bus takes this outbox's records by SQL, so they skip the trip through this process. */
  private readonly mover: OutboxMover | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly transport: EventTransport,
    private readonly options: OutboxRelayOptions,
    private readonly logger: Logger,
  ) {
    this.schema = assertSchemaName(options.schema);
    this.lockKey = `outbox-relay:${this.schema}`;
    this.mover = transport.movesFrom?.(dataSource);
  }

  start(): void {
    this.stop = new AbortController();
    this.loop ??= this.run(this.stop.signal);
  }

  async close(): Promise<void> {
    this.stop.abort();
    await this.loop;
    this.loop = undefined;
  }

  /** After close(): publishes what is left until the outbox is empty or a batch fails. */
  async drain(): Promise<void> {
    try {
      while ((await this.relayBatch()) > 0);
    } catch (error) {
      this.logger.warn(
        { err: error, service: this.options.service },
        'outbox not drained at shutdown; records stay in the outbox',
      );
    }
  }

  /** Publishes one batch; returns how many records it moved. Exposed for tests and shutdown drains. */
  async relayBatch(): Promise<number> {
    const moved = this.mover
      ? await this.mover.move(this.schema, this.options.batchSize, this.lockKey)
      : await this.publishBatch();
    published.inc({ service: this.options.service }, moved);
    if (moved > 0) {
      // Writes waiting for their events to reach the bus (awaitPublished) look again now.
      wake(outboxPublishedSignal(this.schema));
    }
    return moved;
  }

  /** Reads a batch out and publishes it, then marks it published, holding the relay's lock throughout. */
  private async publishBatch(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const [lock] = await manager.query<Array<{ locked: boolean }>>(
        'SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked',
        [this.lockKey],
      );
      if (!lock?.locked) return 0;
      const rows = await manager.query<Array<OutboxMessage & { position: string }>>(
        `SELECT position, event_id AS "eventId", topic, message_key AS key, event_type AS "eventType", headers,
           payload
         FROM ${this.schema}.outbox WHERE published_at IS NULL ORDER BY position LIMIT $1`,
        [this.options.batchSize],
      );
      if (rows.length === 0) return 0;
      await this.transport.publish(rows);
      await manager.query(
        `UPDATE ${this.schema}.outbox SET published_at = now() WHERE position = ANY($1::bigint[])`,
        [rows.map((row) => row.position)],
      );
      return rows.length;
    });
  }

  private async run(signal: AbortSignal): Promise<void> {
    let failures = 0;
    const written = listen(outboxWrittenSignal(this.schema));
    while (!signal.aborted) {
      try {
        const started = performance.now();
        const moved = await this.relayBatch();
        const tookMs = performance.now() - started;
        failures = 0;
        if (moved === 0) await written.wait(this.options.pollIntervalMs, signal);
        // A part batch means the relay caught up: under a stream of small commits, moving each as it
        // lands costs a transaction apiece; pausing briefly lets the next batch gather more.
        else if (moved < this.options.batchSize) await sleep(catchUpPauseMs(tookMs), signal);
      } catch (error) {
        failures += 1;
        const backoff = backoffMs(failures, FIRST_BACKOFF_MS, this.options.retryMaxMs ?? 1_000);
        this.logger.warn(
          { err: error, service: this.options.service, retry_in_ms: backoff },
          'outbox relay could not publish; records stay in the outbox',
        );
        await sleep(backoff, signal);
      }
    }
    written.close();
  }
}
