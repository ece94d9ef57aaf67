import { newUuidV7 } from '@governance/contracts';
import { createLogger } from '@governance/platform';
import {
  createEventLog,
  createTestDatabase,
  openDataSource,
  eventually,
  type TestDatabase,
} from '@governance/testing';
import { type DataSource } from 'typeorm';
import { type ConsumedEvent, type Subscription } from './consumed-event';
import { type OutboxMessage } from './outbox-message';
import { PostgresLogEventSource, PostgresLogTransport } from './postgres-event-log';

const BATCH = 10;

/** Each test's own two topics, so its group reads its events only. */
const topicsOf = (label: string): string[] => [`log-spec.${label}.a`, `log-spec.${label}.b`];

const messages = (count: number, label: string): OutboxMessage[] =>
  Array.from({ length: count }, (_, index) => ({
    eventId: newUuidV7(),
    topic: topicsOf(label)[index % 2]!,
    key: 'key',
    eventType: 'spec.event',
    headers: {},
    payload: JSON.stringify({ label: `${label}-${index}` }),
  }));

/**
 * A consumer group on the event log, batch by batch: a full batch reads the next one ahead while its
 * handler works, and that read must never skip, repeat or reorder an event.
 */
describe('PostgresLogEventSource', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let source: PostgresLogEventSource;
  let log: PostgresLogTransport;
  let subscription: Subscription | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await openDataSource(database, 4);
    await createEventLog(dataSource);
    log = new PostgresLogTransport(dataSource);
    // A poll far beyond the test's wait: an event found only by polling would time the test out.
    const options = { pollIntervalMs: 60_000, batchSize: BATCH, retryDelayMs: 10 };
    source = new PostgresLogEventSource(dataSource, options, createLogger('log-spec', 'fatal'));
  });

  afterEach(async () => {
    await subscription?.close();
    subscription = undefined;
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  /** Every event of `label`'s topics, in log order. */
  const logged = async (label: string): Promise<string[]> =>
    (
      await dataSource.query<Array<{ event_id: string }>>(
        'SELECT event_id FROM event_bus.events WHERE topic = ANY($1) ORDER BY position',
        [topicsOf(label)],
      )
    ).map((row) => row.event_id);

  it('hands a long log over once, in log order, across the batches it reads ahead', async () => {
    await log.publish(messages(BATCH * 4 + 5, 'replay'));
    const batches: string[][] = [];
    subscription = await source.subscribeBatch('spec.replay', topicsOf('replay'), async (events) => {
      batches.push(events.map((event) => event.eventId));
    });
    const all = await logged('replay');
    await eventually(async () => batches.flat().length >= all.length, 10_000, 'the whole log');
    expect(batches.flat()).toEqual(all);
    expect(batches.map((batch) => batch.length)).toEqual([BATCH, BATCH, BATCH, BATCH, 5]);
  });

  it('offers a failed batch again from its first event, not the batch read ahead of it', async () => {
    await log.publish(messages(BATCH * 3, 'retry'));
    const all = await logged('retry');
    const offered: string[][] = [];
    const handled: string[] = [];
    let failed = false;
    subscription = await source.subscribeBatch('spec.retry', topicsOf('retry'), async (events) => {
      const ids = events.map((event) => event.eventId);
      offered.push(ids);
      if (ids[0] === all[BATCH] && !failed) {
        failed = true;
        throw new Error('a transient failure');
      }
      handled.push(...ids);
    });
    await eventually(async () => handled.length >= all.length, 10_000, 'every event handled');
    expect(handled).toEqual(all);
    const second = all.slice(BATCH, BATCH * 2);
    expect(offered.filter((ids) => ids[0] === second[0])).toEqual([second, second]);
  });

  it('reads for itself when the consumer fails to prepare a batch read ahead', async () => {
    await log.publish(messages(BATCH * 3, 'unprepared'));
    const all = await logged('unprepared');
    const handled: string[] = [];
    const prepare = () => {
      throw new Error('a prepare that breaks its promise not to throw');
    };
    subscription = await source.subscribeBatch(
      'spec.unprepared',
      topicsOf('unprepared'),
      async (events) => {
        handled.push(...events.map((event) => event.eventId));
      },
      { prepare },
    );
    await eventually(async () => handled.length >= all.length, 10_000, 'every event handled');
    expect(handled).toEqual(all);
  });

  it('hands each event once when two replicas of a group take turns, each with its own read ahead', async () => {
    await log.publish(messages(BATCH * 20, 'replicas'));
    const all = await logged('replicas');
    const handled: string[] = [];
    const batchesBy = { first: 0, second: 0 };
    const handlerOf = (replica: keyof typeof batchesBy) => async (events: ConsumedEvent[]) => {
      handled.push(...events.map((event) => event.eventId));
      batchesBy[replica] += 1;
      // A pause in the handler lets the other replica queue for the checkpoints meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 2));
    };
    // The two share the pool of 4, so one checkpoint slot (checkpointSlots): they take batches in turn,
    // and each comes back to checkpoints the other moved, past what it read ahead.
    const other = new PostgresLogEventSource(
      dataSource,
      { pollIntervalMs: 60_000, batchSize: BATCH, retryDelayMs: 10 },
      createLogger('log-spec', 'fatal'),
    );
    subscription = await source.subscribeBatch('spec.replicas', topicsOf('replicas'), handlerOf('first'));
    const second = await other.subscribeBatch('spec.replicas', topicsOf('replicas'), handlerOf('second'));
    try {
      await eventually(async () => handled.length >= all.length, 10_000, 'every event handled');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(handled).toEqual(all);
      expect(batchesBy.first).toBeGreaterThan(2);
      expect(batchesBy.second).toBeGreaterThan(2);
    } finally {
      await second.close();
    }
  });

  it('delivers what is appended while a read ahead is held, without waiting for a poll', async () => {
    await log.publish(messages(BATCH * 2, 'steady'));
    const handled: ConsumedEvent[] = [];
    let appended: OutboxMessage[] = [];
    subscription = await source.subscribeBatch('spec.steady', topicsOf('steady'), async (events) => {
      handled.push(...events);
      // In the last full batch's handler: its read ahead has already found the log's end.
      if (handled.length === BATCH * 2 && appended.length === 0) {
        appended = messages(3, 'steady');
        await log.publish(appended);
      }
    });
    await eventually(
      async () => appended.length > 0 && handled.length >= BATCH * 2 + 3,
      10_000,
      'the late events',
    );
    expect(handled.slice(-3).map((event) => event.eventId)).toEqual(
      appended.map((message) => message.eventId),
    );
  });
});
