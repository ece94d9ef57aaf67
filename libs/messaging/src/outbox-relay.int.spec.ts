import 'reflect-metadata';
import { newId } from '@governance/contracts';
import { createLogger, listen } from '@governance/platform';
import {
  createEventLog,
  createTestDatabase,
  openDataSource,
  recordOf,
  type TestDatabase,
} from '@governance/testing';
import { type DataSource } from 'typeorm';
import { messagingTablesSql } from './messaging-tables';
import { OutboxRelay } from './outbox-relay';
import { appendedSignal, PostgresLogTransport } from './postgres-event-log';
import { UnitOfWork } from './unit-of-work';

const SCHEMA = 'relay_spec';

/** The relay on the Postgres event log of its own database: one statement moves a batch. */
describe('OutboxRelay onto the Postgres event log', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let relay: OutboxRelay;
  let unitOfWork: UnitOfWork;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await openDataSource(database, 4);
    await createEventLog(dataSource);
    await dataSource.query(`CREATE SCHEMA ${SCHEMA}`);
    for (const statement of messagingTablesSql(SCHEMA)) await dataSource.query(statement);
    relay = new OutboxRelay(
      dataSource,
      new PostgresLogTransport(dataSource),
      {
        service: 'relay-spec',
        schema: SCHEMA,
        batchSize: 3,
        pollIntervalMs: 1_000,
      },
      createLogger('relay-spec', 'error'),
    );
    unitOfWork = new UnitOfWork(dataSource, SCHEMA);
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  beforeEach(async () => {
    await dataSource.query(`TRUNCATE ${SCHEMA}.outbox, event_bus.events`);
  });

  async function commit(count: number): Promise<string[]> {
    const messages = Array.from({ length: count }, () => recordOf.systemRegistered(newId('organization')));
    for (const message of messages) await unitOfWork.run(async (tx) => tx.publish(message));
    return messages.map((message) => message.eventId);
  }

  const logged = async (): Promise<string[]> =>
    (
      await dataSource.query<Array<{ event_id: string }>>(
        'SELECT event_id FROM event_bus.events ORDER BY position',
      )
    ).map((row) => row.event_id);

  const unpublished = async (): Promise<number> =>
    (
      await dataSource.query<Array<{ count: number }>>(
        `SELECT count(*)::int AS count FROM ${SCHEMA}.outbox WHERE published_at IS NULL`,
      )
    )[0]!.count;

  it('moves a batch at a time in commit order, and marks each record published', async () => {
    const ids = await commit(5);
    expect(await relay.relayBatch()).toBe(3);
    expect(await logged()).toEqual(ids.slice(0, 3));
    expect(await relay.relayBatch()).toBe(2);
    expect(await relay.relayBatch()).toBe(0);
    expect(await logged()).toEqual(ids);
    expect(await unpublished()).toBe(0);
  });

  it('moves nothing while another relay of the schema holds its lock', async () => {
    await commit(2);
    const other = dataSource.createQueryRunner();
    await other.connect();
    try {
      await other.startTransaction();
      await other.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`outbox-relay:${SCHEMA}`]);
      expect(await relay.relayBatch()).toBe(0);
      expect(await logged()).toEqual([]);
      await other.commitTransaction();
    } finally {
      await other.release();
    }
    expect(await relay.relayBatch()).toBe(2);
  });

  it('copies a record already on the log only once', async () => {
    const [first, second] = await commit(2);
    // As if another relay had copied the first record and this relay's snapshot predated that.
    await dataSource.query(
      `INSERT INTO event_bus.events (event_id, topic, message_key, event_type, headers, payload)
       SELECT event_id, topic, message_key, event_type, headers, payload FROM ${SCHEMA}.outbox
       WHERE event_id = $1`,
      [first],
    );
    expect(await relay.relayBatch()).toBe(2);
    expect(await logged()).toEqual([first, second]);
  });

  it('wakes the consumers of the topics it moved, and no others', async () => {
    const message = recordOf.systemRegistered(newId('organization'));
    await unitOfWork.run(async (tx) => tx.publish(message));
    const moved = listen(appendedSignal(message.topic));
    const other = listen(appendedSignal(`${message.topic}.other`));
    try {
      expect(await relay.relayBatch()).toBe(1);
      const started = performance.now();
      await moved.wait(10_000);
      expect(performance.now() - started).toBeLessThan(1_000);
      const otherStarted = performance.now();
      await other.wait(50);
      expect(performance.now() - otherStarted).toBeGreaterThanOrEqual(45);
    } finally {
      moved.close();
      other.close();
    }
  });
});
