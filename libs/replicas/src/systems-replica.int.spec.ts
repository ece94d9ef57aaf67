import {
  INTERNAL_TOPICS,
  newId,
  newUuidV7,
  publicTopicFor,
  type SystemSnapshot,
} from '@governance/contracts';
import { type ProjectedRecord } from '@governance/messaging';
import { createTestDatabase, systemSnapshot, type TestDatabase } from '@governance/testing';
import { DataSource } from 'typeorm';
import { SystemsReplica, systemsReplicaTableSql, type SystemsReplicaTopic } from './systems-replica';

type Record = ProjectedRecord<SystemsReplicaTopic>;
const ORG = newId('organization');
const hour = (h: number): string => new Date(Date.UTC(2026, 10, 26, h)).toISOString();

const snapshot = (details: SystemSnapshot): Record => ({
  topic: INTERNAL_TOPICS.systems,
  record: { id: newUuidV7(), organization_id: ORG, event: 'system.updated', timestamp: hour(0), details },
});
const announced = (systemId: string, name: string): Record => ({
  topic: publicTopicFor('system.registered'),
  record: {
    id: newUuidV7(),
    organization_id: ORG,
    event: 'system.registered',
    timestamp: hour(0),
    severity: 'INFO',
    system_id: systemId,
    details: {
      system_name: name,
      registration_source: 'probe',
      discovery_method: 'probe',
      host: '',
      runtime: '',
      declared: false,
    },
  },
});
const merged = (requested: string, systemId: string): Record => ({
  topic: INTERNAL_TOPICS.systems,
  record: {
    id: newUuidV7(),
    organization_id: ORG,
    event: 'system.registration_merged',
    timestamp: hour(0),
    details: { requested_system_id: requested, system_id: systemId, name: 'Kept' },
  },
});

/** The replica against real Postgres: a batch ends where the same records one at a time do. */
describe('SystemsReplica', () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = new DataSource({ type: 'postgres', url: database.url, extra: { max: 2 } });
    await dataSource.initialize();
    for (const schema of ['batched', 'one_by_one']) {
      await dataSource.query(`CREATE SCHEMA ${schema}`);
      await dataSource.query(systemsReplicaTableSql(schema));
    }
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  const rows = (schema: string) =>
    dataSource.query<Array<{ system_id: string; name: string }>>(
      `SELECT system_id, name, declared, risk_tier, status, updated_at FROM ${schema}.systems ORDER BY system_id`,
    );

  it('applies a batch as the same records one at a time would, merges and stale snapshots included', async () => {
    const described = newId('system');
    const stubOnly = newId('system');
    const requested = newId('system');
    const reannounced = newId('system');
    const history: Record[] = [
      announced(described, 'from a probe'),
      snapshot(
        systemSnapshot({ system_id: described, name: 'Described', risk_tier: 'high', updated_at: hour(2) }),
      ),
      snapshot(
        systemSnapshot({ system_id: described, name: 'Stale', risk_tier: 'minimal', updated_at: hour(1) }),
      ),
      announced(described, 'announced late'),
      announced(stubOnly, 'Only announced'),
      announced(requested, 'Requested'),
      merged(requested, described),
      announced(reannounced, 'Before its merge'),
      merged(reannounced, described),
      announced(reannounced, 'After its merge'),
    ];
    const batched = new SystemsReplica('batched');
    const oneByOne = new SystemsReplica('one_by_one');
    await dataSource.transaction((manager) => batched.apply(manager, history));
    for (const record of history)
      await dataSource.transaction((manager) => oneByOne.apply(manager, [record]));

    expect(await rows('batched')).toEqual(await rows('one_by_one'));
    const byId = new Map((await rows('batched')).map((row) => [row.system_id, row]));
    expect(byId.get(described)).toMatchObject({ name: 'Described', risk_tier: 'high', declared: true });
    expect(byId.get(stubOnly)).toMatchObject({ name: 'Only announced', declared: false, updated_at: null });
    expect(byId.has(requested)).toBe(false);
    expect(byId.get(reannounced)).toMatchObject({ name: 'After its merge' });
  });
});
