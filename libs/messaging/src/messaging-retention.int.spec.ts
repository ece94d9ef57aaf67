import 'reflect-metadata';
import { newUuidV7 } from '@governance/contracts';
import { createLogger } from '@governance/platform';
import { createTestDatabase, openDataSource, type TestDatabase } from '@governance/testing';
import { type DataSource } from 'typeorm';
import { messagingTablesSql } from './messaging-tables';
import { MessagingRetention } from './messaging-retention';

const SCHEMA = 'retention_spec';
const HOUR_MS = 3_600_000;

describe('MessagingRetention', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let retention: MessagingRetention;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await openDataSource(database, 2);
    await dataSource.query(`CREATE SCHEMA ${SCHEMA}`);
    for (const statement of messagingTablesSql(SCHEMA)) await dataSource.query(statement);
    retention = new MessagingRetention(
      dataSource,
      {
        service: 'retention-spec',
        schema: SCHEMA,
        outboxRetentionMs: HOUR_MS,
        inboxRetentionMs: 2 * HOUR_MS,
      },
      createLogger('retention-spec', 'error'),
    );
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  /** An outbox record created and (unless null) published `hoursAgo` hours ago. */
  async function outboxRecord(name: string, createdHoursAgo: number, publishedHoursAgo: number | null) {
    await dataSource.query(
      `INSERT INTO ${SCHEMA}.outbox (event_id, topic, message_key, event_type, headers, payload, created_at,
         published_at)
       VALUES ($1, 't', $2, 'spec.event', '{}', '{}', now() - make_interval(hours => $3),
         CASE WHEN $4::int IS NULL THEN NULL ELSE now() - make_interval(hours => $4::int) END)`,
      [newUuidV7(), name, createdHoursAgo, publishedHoursAgo],
    );
  }

  it('deletes only what is published and past its retention, and keeps every unpublished record', async () => {
    await outboxRecord('published long ago', 5, 5);
    await outboxRecord('published just now', 5, 0);
    await outboxRecord('never published', 5, null);
    for (const hoursAgo of [3, 1])
      await dataSource.query(
        `INSERT INTO ${SCHEMA}.processed_events (consumer_group, event_id, processed_at)
         VALUES ('g', $1, now() - make_interval(hours => $2))`,
        [newUuidV7(), hoursAgo],
      );

    expect(await retention.run()).toBe(2);
    const kept = await dataSource.query<Array<{ message_key: string }>>(
      `SELECT message_key FROM ${SCHEMA}.outbox ORDER BY position`,
    );
    expect(kept.map((row) => row.message_key)).toEqual(['published just now', 'never published']);
    const inbox = await dataSource.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM ${SCHEMA}.processed_events`,
    );
    expect(inbox).toEqual([{ count: 1 }]);
  });
});
