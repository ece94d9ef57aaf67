import { createTestDatabase, openDataSource, createEventLog, type TestDatabase } from '@governance/testing';
import { type DataSource } from 'typeorm';
import { nextEventsQuery } from './postgres-event-log';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

const planNodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(planNodes)];

const TOPICS = Array.from({ length: 15 }, (_, index) => `read-spec.topic-${index}`);
const LOGGED = 20_000;
const BEHIND = 30;

/** A consumer batch's read of the event log, against real Postgres and its planner. */
describe('nextEventsQuery', () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await openDataSource(database, 2);
    await createEventLog(dataSource);
    await dataSource.query(
      `INSERT INTO event_bus.events (event_id, topic, message_key, event_type, headers, payload)
       SELECT gen_random_uuid(), ($1::text[])[(i % $2) + 1], 'key', 'event', '{}', repeat('x', 200)
       FROM generate_series(1, $3) AS i`,
      [TOPICS, TOPICS.length, LOGGED],
    );
    await dataSource.query('VACUUM ANALYZE event_bus.events');
  }, 60_000);

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  it('reads a caught-up batch by its positions, not by walking the log from its start', async () => {
    const checkpoints = TOPICS.map((topic) => ({ topic, position: String(LOGGED - BEHIND) }));
    const next = nextEventsQuery(checkpoints, 1_000);
    const [explained] = await dataSource.query<Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>>(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${next.sql}`,
      next.params,
    );
    // Every read of the log's rows, but the topic index's position-only ranges, stays within the batch.
    const rowReads = planNodes(explained!['QUERY PLAN'][0]!.Plan).filter(
      (node) => node['Relation Name'] === 'events' && node['Index Name'] !== 'events_topic_position_idx',
    );
    expect(rowReads.length).toBeGreaterThan(0);
    for (const read of rowReads)
      expect({ [read['Node Type']]: read['Actual Rows'] * read['Actual Loops'] }).toEqual({
        [read['Node Type']]: BEHIND,
      });

    const rows = await dataSource.query<Array<{ offset: string }>>(next.sql, next.params);
    expect(rows.map((row) => Number(row.offset))).toEqual(
      Array.from({ length: BEHIND }, (_, index) => LOGGED - BEHIND + index + 1),
    );
  });
});
