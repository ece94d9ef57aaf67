import { randomBytes } from 'node:crypto';
import { newId, newUuidV7 } from '@governance/contracts';
import { PostgresLogTransport, publicEventMessage } from '@governance/messaging';
import {
  createTestDatabase,
  openDataSource,
  startServiceProcess,
  startWebhookReceiver,
  type ServiceProcess,
  type TestDatabase,
  type WebhookReceiver,
} from '@governance/testing';
import { type DataSource } from 'typeorm';
import { announceOrganization, eventually, SYSTEM_REGISTERED } from '../testing/webhooks-harness';

/**
 * A dispatcher is SIGKILLed while attempt 1 is on the wire: claimed, sent, not recorded. Another
 * dispatcher must make that same attempt 1 again once the claim's lease runs out: same delivery id,
 * one attempt in the log, nothing skipped and nothing added.
 */
describe('dispatcher killed between claim and record', () => {
  let database: TestDatabase;
  let sql: DataSource;
  let receiver: WebhookReceiver;
  const processes: ServiceProcess[] = [];
  let releaseFirst: () => void = () => undefined;
  let firstArrived: () => void = () => undefined;
  const firstRequest = new Promise<void>((resolve) => (firstArrived = resolve));
  let secret = '';
  const deliveryIds: string[] = [];
  const signaturesValid: boolean[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    sql = await openDataSource(database, 2);
    receiver = await startWebhookReceiver({
      secret: () => secret,
      respond: async (delivery) => {
        deliveryIds.push(String(delivery.headers['x-service-delivery']));
        signaturesValid.push(delivery.verdict === 'ok');
        if (deliveryIds.length === 1) {
          firstArrived();
          await new Promise<void>((resolve) => (releaseFirst = resolve));
        }
        return 200;
      },
    });
  });

  afterAll(async () => {
    releaseFirst();
    for (const process of processes) await process.stop('SIGKILL');
    await receiver.close();
    await sql.destroy();
    await database.drop();
  });

  const env = (): Record<string, string> => ({
    DATABASE_URL: database.url,
    SECRETS_ENCRYPTION_KEY: encryptionKey,
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_TIMEOUT_MS: '1500',
    WEBHOOK_CLAIM_LEASE_MS: '2500',
    WEBHOOK_DISPATCH_POLL_MS: '100',
    EVENT_LOG_POLL_INTERVAL_MS: '50',
    LOG_LEVEL: 'warn',
  });
  const encryptionKey = randomBytes(32).toString('base64');

  it('makes the same attempt again after the lease, and records it once', async () => {
    const first = await startServiceProcess('webhooks', env());
    processes.push(first);
    const bus = new PostgresLogTransport(sql);
    const org = await announceOrganization(bus, 'professional');
    const created = await eventually(
      async () => {
        const response = await fetch(`${first.baseUrl}/v1/webhooks`, {
          method: 'POST',
          headers: { authorization: `Bearer ${org.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ url: receiver.url, events: ['system.registered'] }),
        });
        return response.status === 201 && ((await response.json()) as { id: string; signing_secret: string });
      },
      15_000,
      'the webhook to be created',
    );
    secret = created.signing_secret;

    await bus.publish([
      publicEventMessage({
        id: newUuidV7(),
        organization_id: org.id,
        event: 'system.registered',
        timestamp: new Date().toISOString(),
        severity: 'INFO',
        system_id: newId('system'),
        details: SYSTEM_REGISTERED,
      }),
    ]);
    await firstRequest;
    expect(await first.stop('SIGKILL')).toBe('SIGKILL');

    const [claimed] = await sql.query<Array<{ id: string; outcome: string; attempt_count: number }>>(
      'SELECT id, outcome, attempt_count FROM webhooks.deliveries',
    );
    expect(claimed).toMatchObject({ outcome: 'pending', attempt_count: 0 });
    expect(await sql.query<unknown[]>('SELECT * FROM webhooks.delivery_attempts')).toHaveLength(0);

    const second = await startServiceProcess('webhooks', env());
    processes.push(second);
    const finished = await eventually(
      async () => {
        const rows = await sql.query<
          Array<{
            outcome: string;
            attempt_count: number;
          }>
        >('SELECT outcome, attempt_count FROM webhooks.deliveries WHERE id = $1', [claimed!.id]);
        return rows[0]?.outcome !== 'pending' && rows[0];
      },
      20_000,
      'the delivery to finish',
    );

    expect(finished).toEqual({ outcome: 'succeeded', attempt_count: 1 });
    const attempts = await sql.query<unknown[]>(
      'SELECT attempt, status_code FROM webhooks.delivery_attempts WHERE delivery_id = $1',
      [claimed!.id],
    );
    expect(attempts).toEqual([{ attempt: 1, status_code: 200 }]);
    expect(deliveryIds).toEqual([claimed!.id, claimed!.id]);
    expect(signaturesValid).toEqual([true, true]);
    releaseFirst();
    expect(await second.stop('SIGTERM')).toBe(0);
  });
});
