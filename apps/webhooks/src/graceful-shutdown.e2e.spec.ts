import { randomBytes } from 'node:crypto';
import { newId, newUuidV7 } from '@governance/contracts';
import { PostgresLogTransport, publicEventMessage } from '@governance/messaging';
import {
  createEventLog,
  createTestDatabase,
  openDataSource,
  startServiceProcess,
  startWebhookReceiver,
  type ServiceProcess,
  type TestDatabase,
  type TestOrganization,
  type WebhookReceiver,
} from '@governance/testing';
import { type DataSource } from 'typeorm';
import { announceOrganization, eventually, SYSTEM_REGISTERED } from './testing/webhooks-harness';

const SLOW_RECEIVER_MS = 2_000;

/**
 * SIGTERM to a real webhooks process (dist/apps/webhooks/main.js): what is in flight finishes within
 * SHUTDOWN_GRACE_MS and the process exits 0; past the grace period it exits 1 and the attempt it did
 * not record is made again by the next dispatcher, once, after its claim's lease.
 */
describe('webhooks graceful shutdown', () => {
  let database: TestDatabase;
  let sql: DataSource;
  let bus: PostgresLogTransport;
  let receiver: WebhookReceiver;
  const processes: ServiceProcess[] = [];
  const secrets = new Map<string, string>();
  let arrivals: Array<() => void> = [];
  const encryptionKey = randomBytes(32).toString('base64');

  const env = (overrides: Record<string, string> = {}): Record<string, string> => ({
    DATABASE_URL: database.url,
    SECRETS_ENCRYPTION_KEY: encryptionKey,
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_TIMEOUT_MS: '5000',
    WEBHOOK_CLAIM_LEASE_MS: '6000',
    WEBHOOK_DISPATCH_POLL_MS: '100',
    EVENT_LOG_POLL_INTERVAL_MS: '50',
    SHUTDOWN_GRACE_MS: '15000',
    LOG_LEVEL: 'info',
    ...overrides,
  });

  async function start(overrides: Record<string, string> = {}): Promise<ServiceProcess> {
    const process = await startServiceProcess('webhooks', env(overrides), 60_000);
    processes.push(process);
    return process;
  }

  /** Resolves when the receiver has the next request on the wire (it answers SLOW_RECEIVER_MS later). */
  function nextArrival(): Promise<void> {
    return new Promise((resolve) => arrivals.push(resolve));
  }

  async function createWebhook(service: ServiceProcess, org: TestOrganization): Promise<string> {
    const response = await fetch(`${service.baseUrl}/v1/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${org.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url, events: ['system.registered'] }),
    });
    expect(response.status).toBe(201);
    const created = (await response.json()) as { id: string; signing_secret: string };
    secrets.set(created.id, created.signing_secret);
    return created.id;
  }

  async function publishRegistered(organizationId: string): Promise<void> {
    await bus.publish([
      publicEventMessage({
        id: newUuidV7(),
        organization_id: organizationId,
        event: 'system.registered',
        timestamp: new Date().toISOString(),
        severity: 'INFO',
        system_id: newId('system'),
        details: SYSTEM_REGISTERED,
      }),
    ]);
  }

  async function deliveriesOf(webhookId: string) {
    return sql.query<Array<{ id: string; outcome: string; attempt_count: number; attempts: number }>>(
      `SELECT d.id, d.outcome, d.attempt_count,
              (SELECT count(*)::int FROM webhooks.delivery_attempts a WHERE a.delivery_id = d.id) AS attempts
       FROM webhooks.deliveries d WHERE d.webhook_id = $1 AND NOT d.is_test`,
      [webhookId],
    );
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    sql = await openDataSource(database, 2);
    await createEventLog(sql);
    bus = new PostgresLogTransport(sql);
    receiver = await startWebhookReceiver({
      secret: (hookId) => secrets.get(hookId),
      respond: () => {
        const waiting = arrivals;
        arrivals = [];
        for (const resolve of waiting) resolve();
        return { status: 200, delayMs: SLOW_RECEIVER_MS };
      },
    });
  }, 60_000);

  afterAll(async () => {
    for (const process of processes) await process.stop('SIGKILL');
    await receiver?.close();
    await sql?.destroy();
    await database?.drop();
  });

  it('finishes and records the attempt in flight, exits 0, and the next dispatcher does not repeat it', async () => {
    const first = await start();
    const org = await announceOrganization(bus, 'professional');
    const webhookId = await createWebhook(first, org);
    const onTheWire = nextArrival();
    await publishRegistered(org.id);
    await onTheWire;

    const signalledAt = Date.now();
    expect(await first.stop('SIGTERM')).toBe(0);
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(SLOW_RECEIVER_MS / 2);
    const [delivery] = await deliveriesOf(webhookId);
    expect(delivery).toMatchObject({ outcome: 'succeeded', attempt_count: 1, attempts: 1 });
    const attemptLine = first
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.msg === 'delivery attempt');
    expect(attemptLine).toMatchObject({ delivery_id: delivery!.id, outcome: 'succeeded' });
    expect(attemptLine?.trace_id).toMatch(/^[0-9a-f]{32}$/);

    const second = await start();
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    expect(
      receiver.deliveries.filter((received) => received.headers['x-service-hook-id'] === webhookId),
    ).toHaveLength(1);
    expect(await deliveriesOf(webhookId)).toEqual([delivery]);
    expect(await second.stop('SIGTERM')).toBe(0);
  }, 120_000);

  it('answers the HTTP request in flight, refuses new connections, then exits 0', async () => {
    const service = await start();
    const org = await announceOrganization(bus, 'professional');
    const webhookId = await createWebhook(service, org);
    const onTheWire = nextArrival();
    const inFlight = fetch(`${service.baseUrl}/v1/webhooks/${webhookId}/test`, {
      method: 'POST',
      headers: { authorization: `Bearer ${org.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'system.registered' }),
    });
    await onTheWire;
    const exited = service.stop('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));

    const late = await fetch(`${service.baseUrl}/v1/webhooks`, {
      headers: { authorization: `Bearer ${org.apiKey}`, connection: 'close' },
    }).then(
      (response) => response.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true });
    expect(await exited).toBe(0);
  }, 120_000);

  it('exits 1 past the grace period; the unrecorded attempt is made once more after its lease', async () => {
    const hurried = await start({ SHUTDOWN_GRACE_MS: '300' });
    const org = await announceOrganization(bus, 'professional');
    const webhookId = await createWebhook(hurried, org);
    const onTheWire = nextArrival();
    await publishRegistered(org.id);
    await onTheWire;
    expect(await hurried.stop('SIGTERM')).toBe(1);
    expect(hurried.output()).toContain('shutdown grace period exceeded');
    const [claimed] = await deliveriesOf(webhookId);
    expect(claimed).toMatchObject({ outcome: 'pending', attempt_count: 0, attempts: 0 });

    await start();
    const [finished] = await eventually(
      async () => {
        const rows = await deliveriesOf(webhookId);
        return rows[0]?.outcome === 'succeeded' && rows;
      },
      30_000,
      'the attempt to be made again and recorded',
    );
    expect(finished).toMatchObject({ id: claimed!.id, attempt_count: 1, attempts: 1 });
  }, 120_000);
});
