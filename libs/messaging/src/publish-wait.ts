import { assertSchemaName } from '@governance/persistence';
import { type DataSource } from 'typeorm';
import { listen } from '@governance/platform';

/** Emitted by a relay of this process after it committed a batch of `schema`'s outbox. */
export const outboxPublishedSignal = (schema: string): string => `outbox-published:${schema}`;

/**
 * How often a wait rereads the outbox when no relay of this process signals: the relay holding the lock
 * may be another replica's.
 */
const PUBLISHED_POLL_MS = 20;

/**
 * Resolves true once every record of `eventIds` in `schema`'s outbox is marked published (a record
 * purged since counts as published: only published records are purged), false once `timeoutMs` passed.
 */
export async function waitUntilPublished(
  dataSource: DataSource,
  schema: string,
  eventIds: readonly string[],
  timeoutMs: number,
): Promise<boolean> {
  const outbox = `${assertSchemaName(schema)}.outbox`;
  const deadline = Date.now() + timeoutMs;
  // Listening before each read, so a batch committed between the read and the wait is not missed.
  const published = listen(outboxPublishedSignal(schema));
  try {
    for (;;) {
      const [row] = await dataSource.query<Array<{ pending: number }>>(
        `SELECT count(*)::int AS pending FROM ${outbox} WHERE event_id = ANY($1::uuid[]) AND published_at IS NULL`,
        [eventIds],
      );
      if ((row?.pending ?? 0) === 0) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await published.wait(Math.min(left, PUBLISHED_POLL_MS));
    }
  } finally {
    published.close();
  }
}
