import { type Plan } from '@governance/contracts';
import { PostgresLogTransport, probeEventMessage } from '@governance/messaging';
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
import { probeRecord, registrationRequest, SYSTEMS_PATH } from './testing/systems-harness';

/** The built service as operators run it: its own process, its own migrations, a restart in between. */
describe('systems service process', () => {
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

  async function call(
    method: string,
    path: string,
    apiKey: string,
    body?: unknown,
    contentType = 'application/json',
  ) {
    const response = await fetch(`${service!.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${apiKey}`,
        ...(body === undefined ? {} : { 'content-type': contentType }),
      },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  function organization(plan: Plan): Promise<TestOrganization> {
    return announceOrganization(bus, plan);
  }

  it('serves the API, publishes through the event log, and keeps its data across a restart', async () => {
    service = await startServiceProcess('systems', env());
    const org = await organization('free');

    const created = await call('POST', SYSTEMS_PATH, org.apiKey, {
      name: 'Process Bot',
      risk_tier: 'minimal',
    });
    expect(created.status).toBe(201);
    const systemId = String(created.body['id']);
    const form = await call(
      'POST',
      SYSTEMS_PATH,
      org.apiKey,
      'name=Form+Bot',
      'application/x-www-form-urlencoded',
    );
    expect([form.status, form.body]).toEqual([
      415,
      { error: expect.objectContaining({ code: 'unsupported_media_type' }) },
    ]);

    const published = await eventually(
      async () => {
        const rows = await sql.query<Array<{ topic: string; payload: string }>>(
          "SELECT topic, payload FROM event_bus.events WHERE event_type = 'system.registered'",
        );
        return rows.find((row) => (JSON.parse(row.payload) as { system_id: string }).system_id === systemId);
      },
      10_000,
      'system.registered on the event log',
    );
    expect(published.topic).toBe('governance.system.registered');

    const details = registrationRequest();
    await bus.publish([probeEventMessage(probeRecord(org.id, 'system.registration_requested', details))]);
    await eventually(
      async () => (await call('GET', `${SYSTEMS_PATH}/${details.system_id}`, org.apiKey)).status === 200,
      10_000,
      'the requested system',
    );

    expect(await service.stop('SIGTERM')).toBe(0);
    service = await startServiceProcess('systems', env());
    const listed = await call('GET', SYSTEMS_PATH, org.apiKey);
    expect((listed.body['data'] as Array<{ id: string }>).map((system) => system.id)).toEqual([
      details.system_id,
      systemId,
    ]);
  }, 60_000);
});
