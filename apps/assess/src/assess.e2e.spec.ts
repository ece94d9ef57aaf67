import { newId, newUuidV7 } from '@governance/contracts';
import { PostgresLogTransport, systemsEventMessage } from '@governance/messaging';
import {
  createEventLog,
  announceOrganization,
  createTestDatabase,
  openDataSource,
  eventually,
  startServiceProcess,
  type ServiceProcess,
  systemSnapshot,
  type TestDatabase,
} from '@governance/testing';
import { type DataSource } from 'typeorm';
import { buildPdf } from './testing/document-files';

const ASSESS_PATH = '/api/service/assess';

/** The built service as operators run it: its own process, PDF parsing from the bundle, a restart. */
describe('assess service process', () => {
  let database: TestDatabase;
  let sql: DataSource;
  let bus: PostgresLogTransport;
  let service: ServiceProcess | undefined;

  const env = (): Record<string, string> => ({
    DATABASE_URL: database.url,
    LOG_LEVEL: 'error',
    EVENT_LOG_POLL_INTERVAL_MS: '20',
    OUTBOX_POLL_INTERVAL_MS: '20',
    ASSESS_WORKER_POLL_MS: '50',
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

  it('assesses an uploaded PDF, publishes through the event log, and keeps results across a restart', async () => {
    service = await startServiceProcess('assess', env());
    const org = await announceOrganization(bus, 'free');
    const get = async (path: string) => {
      const response = await fetch(`${service!.baseUrl}${path}`, {
        headers: { authorization: `Bearer ${org.apiKey}` },
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    expect((await get(`${ASSESS_PATH}/templates`)).status).toBe(200);

    const systemId = newId('system');
    const now = new Date().toISOString();
    await bus.publish([
      systemsEventMessage({
        id: newUuidV7(),
        organization_id: org.id,
        event: 'system.created',
        timestamp: now,
        details: systemSnapshot({
          system_id: systemId,
          name: 'Claims triage',
          risk_tier: 'high',
          created_at: now,
          updated_at: now,
        }),
      }),
    ]);

    const pdf = await buildPdf([
      'Risk management',
      'A risk assessment was carried out and each risk is recorded in the risk register.',
      'Human oversight: adjusters review every recommendation before it is acted upon.',
    ]);
    const submit = async () => {
      const form = new FormData();
      form.append('system_id', systemId);
      form.append('framework', 'EU_AI_ACT');
      form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'policy.pdf');
      const response = await fetch(`${service!.baseUrl}${ASSESS_PATH}/document`, {
        method: 'POST',
        headers: { authorization: `Bearer ${org.apiKey}` },
        body: form,
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    // The replica learns of the system shortly after it is published.
    const queued = await eventually(
      async () => {
        const response = await submit();
        return response.status === 202 && response.body;
      },
      15_000,
      'the system in the replica',
    );
    const id = String(queued['id']);
    const done = await eventually(
      async () => {
        const { body } = await get(`${ASSESS_PATH}/${id}`);
        return body['status'] === 'complete' && body;
      },
      20_000,
      'the assessment to complete',
    );
    expect(done['verdict']).toBe('fail');
    const published = await eventually(
      async () =>
        (
          await sql.query<Array<{ topic: string }>>(
            "SELECT topic FROM event_bus.events WHERE event_type = 'assessment.complete'",
          )
        )[0],
      10_000,
      'assessment.complete on the event log',
    );
    expect(published.topic).toBe('governance.assessment.complete');

    expect(await service.stop('SIGTERM')).toBe(0);
    service = await startServiceProcess('assess', env());
    const again = await get(`${ASSESS_PATH}/${id}/findings`);
    expect((again.body['data'] as unknown[]).length).toBe(106);
  }, 60_000);
});
