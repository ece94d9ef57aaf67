import { type MessageEvent } from '@nestjs/common';
import { createLogger } from '@governance/platform';
import { createTestDatabase, type TestDatabase } from '@governance/testing';
import { firstValueFrom, type Observable, filter, take, toArray } from 'rxjs';
import { DataSource } from 'typeorm';
import { LiveChanges } from './live-changes';

/** Two replicas of one service: what one says changed, the other's streams hear, through PostgreSQL. */
describe('LiveChanges', () => {
  let database: TestDatabase;
  const sources: DataSource[] = [];
  const replicas: LiveChanges[] = [];
  const logger = createLogger('live-test', 'silent');

  async function replica(schema = 'widgets', streamMaxMs = 60_000): Promise<LiveChanges> {
    const dataSource = new DataSource({ type: 'postgres', url: database.url, applicationName: 'live-test' });
    await dataSource.initialize();
    sources.push(dataSource);
    const live = new LiveChanges(
      dataSource,
      { schema, streamMaxMs, flushMs: 10, heartbeatMs: 60_000 },
      logger,
    );
    replicas.push(live);
    return live;
  }

  /** The stream's events of `type`, the first `count` of them. */
  const next = (stream: Observable<MessageEvent>, type: string, count = 1) =>
    firstValueFrom(
      stream.pipe(
        filter((event) => event.type === type),
        take(count),
        toArray(),
      ),
    );

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterEach(async () => {
    for (const live of replicas.splice(0)) await live.onApplicationShutdown();
    for (const dataSource of sources.splice(0)) await dataSource.destroy();
  });

  afterAll(() => database.drop());

  it('tells the streams of the organization on another replica which topics changed, once listening', async () => {
    const [writer, reader] = [await replica(), await replica()];
    // A stream that is ready has its LISTEN in place: a change made now is heard.
    const heard = next(reader.stream('org_a', ['activity']), 'change');
    expect(await next(reader.stream('org_a', ['activity']), 'ready')).toEqual([
      { type: 'ready', data: { topics: ['activity'] }, retry: 1_000 },
    ]);
    writer.changed('org_b', 'activity');
    writer.changed('org_a', 'probes');
    writer.changed('org_a', 'activity');
    writer.changed('org_a', 'activity');
    expect(await heard).toEqual([{ type: 'change', data: { topics: ['activity'] } }]);
  });

  it('keeps services apart: another schema’s changes never reach these streams', async () => {
    const [other, reader, writer] = [await replica('gadgets'), await replica(), await replica()];
    const events: MessageEvent[] = [];
    const subscription = reader.stream('org_a', ['activity']).subscribe((event) => events.push(event));
    await next(reader.stream('org_a', ['activity']), 'ready');
    other.changed('org_a', 'activity');
    writer.changed('org_a', 'activity');
    await next(reader.stream('org_a', ['activity']), 'change');
    subscription.unsubscribe();
    expect(events.filter((event) => event.type === 'change')).toHaveLength(1);
  });

  it('ends a stream after its lifetime, so the browser reconnects and is authorized again', async () => {
    const live = await replica('widgets', 50);
    const events = await firstValueFrom(live.stream('org_a', ['activity']).pipe(toArray()));
    expect(events.map((event) => event.type)).toEqual(['ready']);
  });

  it('carries more changes than one notification holds', async () => {
    const [writer, reader] = [await replica(), await replica()];
    const organizations = Array.from({ length: 150 }, (_, index) => `org_${index}`);
    const last = next(reader.stream('org_149', ['activity']), 'change');
    await next(reader.stream('org_149', ['activity']), 'ready');
    for (const organization of organizations) writer.changed(organization, 'activity');
    expect(await last).toEqual([{ type: 'change', data: { topics: ['activity'] } }]);
  });
});
