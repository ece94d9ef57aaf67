import { INTERNAL_TOPICS, type Plan } from '@governance/contracts';
import { PostgresLogTransport } from '@governance/messaging';
import {
  createEventLog,
  announceOrganization,
  createTestDatabase,
  openDataSource,
  eventually,
  startServiceProcess,
  type ServiceProcess,
  type TestDatabase,
  type TestOrganization,
} from '@governance/testing';
import { type DataSource } from 'typeorm';
import { POLICIES_PATH, policyBody } from './testing/policies-harness';

/** The built service as operators run it: its own process, its own migrations, a restart in between. */
describe('policies service process', () => {
  let database: TestDatabase;
  let sql: DataSource;
  let bus: PostgresLogTransport;
  let service: ServiceProcess | undefined;

  const env = (): Record<string, string> => ({
    DATABASE_URL: database.url,
    LOG_LEVEL: 'error',
    EVENT_LOG_POLL_INTERVAL_MS: '20',
    OUTBOX_POLL_INTERVAL_MS: '20',
    SHUTDOWN_GRACE_MS: '5000',
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    sql = await openDataSource(database, 2);
    await createEventLog(sql);
    bus = new PostgresLogTransport(sql);
  });

  afterAll(async () => {
    await service?.stop('SIGKILL');
    await sql.destroy();
    await database.drop();
  });

  async function call(method: string, path: string, apiKey: string, body?: unknown) {
    const response = await fetch(`${service!.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${apiKey}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  function organization(plan: Plan): Promise<TestOrganization> {
    return announceOrganization(bus, plan);
  }

  it('serves the API, publishes through the event log, and keeps its data across a restart', async () => {
    service = await startServiceProcess('policies', env());
    const org = await organization('free');

    const created = await call('POST', POLICIES_PATH, org.apiKey, policyBody({ enforcement_mode: 'Warn' }));
    expect(created.status).toBe(201);
    const policyId = String(created.body['id']);
    // A PATCH with no body at all, as a plain HTTP client sends it, flips the mode.
    const flipped = await call('PATCH', `${POLICIES_PATH}/${policyId}/enforcement`, org.apiKey);
    expect([flipped.status, flipped.body['enforcement_mode'], flipped.body['version']]).toEqual([
      200,
      'BLOCK',
      2,
    ]);
    const imported = await call('POST', `${POLICIES_PATH}/frameworks/NIST_AI_RMF/import`, org.apiKey);
    expect(imported.status).toBe(201);

    const published = await eventually(
      async () => {
        const rows = await sql.query<Array<{ topic: string; event_type: string; payload: string }>>(
          'SELECT topic, event_type, payload FROM event_bus.events WHERE topic = $1',
          [INTERNAL_TOPICS.policies],
        );
        const mine = rows.filter(
          (row) =>
            (JSON.parse(row.payload) as { details: { policy_id: string } }).details.policy_id === policyId,
        );
        return mine.length === 2 && mine;
      },
      10_000,
      'policy.created and policy.updated on the event log',
    );
    expect(published.map((row) => row.event_type)).toEqual(['policy.created', 'policy.updated']);

    expect(await service.stop('SIGTERM')).toBe(0);
    service = await startServiceProcess('policies', env());
    const again = await call('POST', `${POLICIES_PATH}/frameworks/NIST_AI_RMF/import`, org.apiKey);
    expect([again.status, again.body['created_count']]).toEqual([200, 0]);
    const fetched = await call('GET', `${POLICIES_PATH}/${policyId}`, org.apiKey);
    expect([fetched.body['enforcement_mode'], fetched.body['version']]).toEqual(['BLOCK', 2]);
  }, 60_000);
});
