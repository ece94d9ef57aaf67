import { deleteInBatches, gauge, type Logger, PeriodicJob } from '@governance/platform';
import { assertSchemaName } from '@governance/persistence';
import { type DataSource } from 'typeorm';

export interface MessagingRetentionOptions {
  service: string;
  schema: string;
  outboxRetentionMs: number;
  inboxRetentionMs: number;
  /** Set where the service has consumers, and so a dead-letter table to purge. */
  deadLetterRetentionMs?: number;
  /** Unset, once a minute. */
  everyMs?: number;
}

const PURGE_BATCH = 1000;

const outboxLag = gauge({
  name: 'outbox_oldest_unpublished_age_seconds',
  help: 'Age of the oldest unpublished outbox record',
  labelNames: ['service'],
});

/**
 * Reports the outbox's lag, and deletes published outbox records, the dedupe keys of handled events and
 * dead letters past their retention, in bounded batches. Apart from the relay, so that no purge ever
 * holds up an event on its way to the bus; replicas may sweep at once.
 */
export class MessagingRetention extends PeriodicJob {
  private readonly schema: string;

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: MessagingRetentionOptions,
    logger: Logger,
  ) {
    // At start too: the lag is reported at once, and a backlog of expired rows goes soon after downtime.
    super(logger, { name: 'messaging retention', everyMs: options.everyMs ?? 60_000, runAtStart: true });
    this.schema = assertSchemaName(options.schema);
  }

  /** Returns how many rows it deleted, over the three tables. */
  protected async work(): Promise<number> {
    const [lag] = await this.dataSource.query<Array<{ age: string }>>(
      `SELECT COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0) AS age
       FROM ${this.schema}.outbox WHERE published_at IS NULL`,
    );
    outboxLag.set({ service: this.options.service }, Number(lag?.age ?? 0));
    const { outboxRetentionMs, inboxRetentionMs, deadLetterRetentionMs } = this.options;
    let deleted = await this.purge('outbox', 'position', 'published_at', outboxRetentionMs);
    deleted += await this.purge(
      'processed_events',
      'consumer_group, event_id',
      'processed_at',
      inboxRetentionMs,
    );
    if (deadLetterRetentionMs !== undefined)
      deleted += await this.purge('dead_letters', 'id', 'last_seen_at', deadLetterRetentionMs);
    return deleted;
  }

  /** Deletes the rows of `table` whose `time` is older than the retention, PURGE_BATCH at a time. */
  private purge(table: string, key: string, time: string, retentionMs: number): Promise<number> {
    const from = `${this.schema}.${table}`;
    const sql = `DELETE FROM ${from} WHERE (${key}) IN (SELECT ${key} FROM ${from}
      WHERE ${time} < now() - make_interval(secs => $1 / 1000.0) LIMIT ${PURGE_BATCH})`;
    return deleteInBatches(PURGE_BATCH, async () => {
      const [, deleted] = await this.dataSource.query<[unknown, number]>(sql, [retentionMs]);
      return deleted;
    });
  }
}
