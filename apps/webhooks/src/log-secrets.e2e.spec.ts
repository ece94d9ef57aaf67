import { randomBytes } from 'node:crypto';
import {
  createTestDatabase,
  startServiceProcess,
  startWebhookReceiver,
  type ServiceProcess,
  type TestDatabase,
  type WebhookReceiver,
} from '@governance/testing';

/**
 * Drives every path that handles a credential, in built processes logging at `debug`: the admin token,
 * an organization's API key as it is issued and then used, a wrong key, a webhook's signing secret as it
 * is issued and then used to sign deliveries. None of them may appear in what the processes write.
 */
describe('logs carry no secrets', () => {
  const adminToken = `admin-${randomBytes(16).toString('hex')}`;
  const wrongKey = `sk_live_${randomBytes(20).toString('hex')}`;
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let identity: ServiceProcess;
  let webhooks: ServiceProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startWebhookReceiver();
    const shared = { DATABASE_URL: database.url, LOG_LEVEL: 'debug', EVENT_LOG_POLL_INTERVAL_MS: '50' };
    [identity, webhooks] = await Promise.all([
      startServiceProcess('identity', { ...shared, ADMIN_TOKEN: adminToken }, 60_000),
      startServiceProcess(
        'webhooks',
        {
          ...shared,
          SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
          WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
          WEBHOOK_ALLOW_HTTP: 'true',
        },
        60_000,
      ),
    ]);
  }, 120_000);

  afterAll(async () => {
    await identity?.stop('SIGKILL');
    await webhooks?.stop('SIGKILL');
    await receiver?.close();
    await database?.drop();
  });

  it('writes JSON lines with request ids and without the admin token, API keys or signing secrets', async () => {
    const secrets = [adminToken, wrongKey];
    const json = { 'content-type': 'application/json' };

    const refused = await fetch(`${identity.baseUrl}/admin/v1/organizations`, {
      method: 'POST',
      headers: { ...json, authorization: `Bearer ${wrongKey}` },
      body: JSON.stringify({ name: 'Nope', plan: 'starter' }),
    });
    expect(refused.status).toBe(401);
    const created = await fetch(`${identity.baseUrl}/admin/v1/organizations`, {
      method: 'POST',
      headers: { ...json, authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ name: 'Acme', plan: 'professional' }),
    });
    expect(created.status).toBe(201);
    const organization = (await created.json()) as { id: string; api_key: string };
    secrets.push(organization.api_key);
    const issued = await fetch(`${identity.baseUrl}/admin/v1/organizations/${organization.id}/api-keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(issued.status).toBe(201);
    secrets.push(((await issued.json()) as { api_key: string }).api_key);

    const auth = { authorization: `Bearer ${organization.api_key}` };
    // The key identity just issued works on the webhooks service at once.
    const registered = await fetch(`${webhooks.baseUrl}/v1/webhooks`, {
      method: 'POST',
      headers: { ...json, ...auth },
      body: JSON.stringify({ url: receiver.url, events: ['system.registered'] }),
    });
    expect(registered.status).toBe(201);
    const webhook = (await registered.json()) as { id: string; signing_secret: string };
    secrets.push(webhook.signing_secret);
    const tested = await fetch(`${webhooks.baseUrl}/v1/webhooks/${webhook.id}/test`, {
      method: 'POST',
      headers: { ...json, ...auth },
      body: JSON.stringify({ event: 'system.registered' }),
    });
    expect(tested.status).toBe(200);
    const invalid = await fetch(`${webhooks.baseUrl}/v1/webhooks`, {
      method: 'POST',
      headers: { ...json, ...auth },
      body: JSON.stringify({ url: 'not a url', events: [], secret: webhook.signing_secret }),
    });
    expect(invalid.status).toBe(400);
    const unknownKey = await fetch(`${webhooks.baseUrl}/v1/webhooks`, {
      headers: { authorization: `Bearer ${wrongKey}` },
    });
    expect(unknownKey.status).toBe(401);

    expect(await identity.stop('SIGTERM')).toBe(0);
    expect(await webhooks.stop('SIGTERM')).toBe(0);
    const output = identity.output() + webhooks.output();
    for (const secret of secrets) expect(output).not.toContain(secret);
    const lines = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.some((line) => line.level === 'debug')).toBe(true);
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests.length).toBeGreaterThanOrEqual(7);
    for (const line of requests) {
      expect(line.request_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(line.trace_id).toMatch(/^[0-9a-f]{32}$/);
    }
  }, 120_000);
});
