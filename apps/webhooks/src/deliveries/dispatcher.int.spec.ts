import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type PublicEventRecord } from '@governance/contracts';
import { startWebhookReceiver, type ReceivedDelivery, type WebhookReceiver } from '@governance/testing';
import { DeliveryRetentionJob } from './delivery-retention.job';
import {
  eventually,
  SYSTEM_REGISTERED,
  type TestOrganization,
  WebhooksHarness,
} from '../testing/webhooks-harness';

type Behaviour = (delivery: ReceivedDelivery, nth: number) => number | { status: number; delayMs?: number };

interface LoggedDelivery {
  delivery_id: string;
  outcome: string;
  attempt_count: number;
  status_code: number | null;
  attempts: Array<{ attempt: number; status_code: number | null; error: string | null }>;
}

describe('dispatcher', () => {
  let harness: WebhooksHarness;
  let receiver: WebhookReceiver;
  let redirector: Server;
  const secrets = new Map<string, string>();
  const behaviours = new Map<string, Behaviour>();
  const seen = new Map<string, number>();

  beforeAll(async () => {
    harness = await WebhooksHarness.start({
      env: {
        WEBHOOK_RETRY_DELAYS_MS: '300,600',
        WEBHOOK_TIMEOUT_MS: '800',
        WEBHOOK_CLAIM_LEASE_MS: '3000',
        WEBHOOK_BREAKER_RESET_MS: '60000',
      },
    });
    receiver = await startWebhookReceiver({
      secret: (hookId) => secrets.get(hookId),
      respond: (delivery) => {
        const hookId = String(delivery.headers['x-service-hook-id']);
        const nth = (seen.get(hookId) ?? 0) + 1;
        seen.set(hookId, nth);
        return behaviours.get(hookId)?.(delivery, nth) ?? 200;
      },
    });
    redirector = createServer((_, response) => {
      response.writeHead(301, { location: receiver.url });
      response.end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await new Promise((resolve) => redirector.close(resolve));
    await receiver.close();
    await harness.close();
  });

  async function webhook(
    org: TestOrganization,
    events: string[],
    options: { url?: string; active?: boolean; behaviour?: Behaviour } = {},
  ) {
    const response = await harness.request('POST', '/v1/webhooks', org.apiKey, {
      url: options.url ?? receiver.url,
      events,
      active: options.active,
    });
    expect(response.statusCode).toBe(201);
    const created = response.json<{ id: string; signing_secret: string }>();
    secrets.set(created.id, created.signing_secret);
    if (options.behaviour) behaviours.set(created.id, options.behaviour);
    return created.id;
  }

  const receivedBy = (hookId: string) =>
    receiver.deliveries.filter((d) => d.headers['x-service-hook-id'] === hookId);

  async function logOf(org: TestOrganization, hookId: string): Promise<LoggedDelivery[]> {
    const response = await harness.request('GET', `/v1/webhooks/${hookId}/deliveries`, org.apiKey);
    expect(response.statusCode).toBe(200);
    return response.json<{ data: LoggedDelivery[] }>().data;
  }

  async function finished(org: TestOrganization, hookId: string, count = 1): Promise<LoggedDelivery[]> {
    return eventually(
      async () => {
        const log = await logOf(org, hookId);
        return log.length >= count && log.every((entry) => entry.outcome !== 'pending') && log;
      },
      20_000,
      `deliveries of ${hookId} to finish`,
    );
  }

  it('fans an event out to each active subscribed webhook of its organization, signed, with the spec headers', async () => {
    const acme = await harness.createOrganization();
    const other = await harness.createOrganization();
    const both = await webhook(acme, ['system.registered', 'drift.detected']);
    const second = await webhook(acme, ['system.registered']);
    const inactive = await webhook(acme, ['system.registered'], { active: false });
    const unsubscribed = await webhook(acme, ['drift.detected']);
    const foreign = await webhook(other, ['system.registered']);

    const record = await harness.publish(acme.id, 'system.registered', SYSTEM_REGISTERED, {
      severity: 'INFO',
    });
    await eventually(
      async () => receivedBy(both).length === 1 && receivedBy(second).length === 1,
      15_000,
      'fan-out',
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receivedBy(inactive)).toHaveLength(0);
    expect(receivedBy(unsubscribed)).toHaveLength(0);
    expect(receivedBy(foreign)).toHaveLength(0);

    const [first] = receivedBy(both);
    const [other2] = receivedBy(second);
    expect(first!.verdict).toBe('ok');
    expect(first!.headers).toMatchObject({
      'content-type': 'application/json',
      'x-service-event': 'system.registered',
      'x-service-hook-id': both,
      'user-agent': 'Service-Hookbot/1.0',
    });
    expect(first!.headers['x-service-delivery']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(first!.headers['x-service-delivery']).not.toBe(other2!.headers['x-service-delivery']);
    const expectedBody = JSON.stringify({
      event: record.event,
      timestamp: record.timestamp,
      severity: record.severity,
      system_id: record.system_id,
      details: record.details,
    });
    expect(first!.rawBody.toString('utf8')).toBe(expectedBody);
    const digest = createHmac('sha256', secrets.get(both)!).update(first!.rawBody).digest('hex');
    expect(first!.headers['x-service-signature-256']).toBe(`sha256=${digest}`);

    const [logged] = await finished(acme, both);
    expect(logged).toMatchObject({
      delivery_id: first!.headers['x-service-delivery'],
      outcome: 'succeeded',
      attempt_count: 1,
      status_code: 200,
    });
  });

  it('delivers a redelivered event only once per webhook', async () => {
    const org = await harness.createOrganization();
    const hook = await webhook(org, ['drift.detected']);
    const details = {
      drift_id: 'dft_01M80KHQCDX80D35NJCG19CZQR',
      system_name: 'Support Bot',
      drift_score: 0.3,
      baseline_score: 0.05,
      delta: 0.25,
      detection_layer: 'output',
      description: 'Output drift',
      recommended_action: 'Investigate',
    };
    const record: PublicEventRecord<'drift.detected'> = await harness.publish(
      org.id,
      'drift.detected',
      details,
      { severity: 'HIGH' },
    );
    await harness.publish(org.id, 'drift.detected', details, { severity: 'HIGH', id: record.id });
    await eventually(async () => receivedBy(hook).length === 1, 15_000, 'delivery');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(receivedBy(hook)).toHaveLength(1);
    expect(await logOf(org, hook)).toHaveLength(1);
  });

  it('retries after failures on the configured schedule, with the same delivery id', async () => {
    const org = await harness.createOrganization();
    const hook = await webhook(org, ['system.registered'], { behaviour: (_, nth) => (nth < 3 ? 500 : 204) });
    await harness.publish(org.id, 'system.registered', SYSTEM_REGISTERED);
    const [logged] = await finished(org, hook);
    const received = receivedBy(hook);
    expect(received).toHaveLength(3);
    expect(new Set(received.map((d) => d.headers['x-service-delivery'])).size).toBe(1);
    expect(received[1]!.receivedAt - received[0]!.receivedAt).toBeGreaterThanOrEqual(300);
    expect(received[2]!.receivedAt - received[1]!.receivedAt).toBeGreaterThanOrEqual(600);
    expect(logged).toMatchObject({
      outcome: 'succeeded',
      attempt_count: 3,
      status_code: 204,
      attempts: [
        { attempt: 1, status_code: 500 },
        { attempt: 2, status_code: 500 },
        { attempt: 3, status_code: 204, error: null },
      ],
    });
  });

  it('fails a delivery after three failed attempts and makes no fourth', async () => {
    const org = await harness.createOrganization();
    const hook = await webhook(org, ['system.registered'], { behaviour: () => 503 });
    await harness.publish(org.id, 'system.registered', SYSTEM_REGISTERED);
    const [logged] = await finished(org, hook);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receivedBy(hook)).toHaveLength(3);
    expect(logged).toMatchObject({ outcome: 'failed', attempt_count: 3, status_code: 503 });
    expect(logged!.attempts.map((attempt) => attempt.attempt)).toEqual([1, 2, 3]);
  });

  it('counts a response slower than the time-out as a failed attempt', async () => {
    const org = await harness.createOrganization();
    const hook = await webhook(org, ['system.registered'], {
      behaviour: (_, nth) => (nth === 1 ? { status: 200, delayMs: 1500 } : 200),
    });
    await harness.publish(org.id, 'system.registered', SYSTEM_REGISTERED);
    const [logged] = await finished(org, hook);
    expect(logged).toMatchObject({
      outcome: 'succeeded',
      attempt_count: 2,
      attempts: [
        { attempt: 1, status_code: null, error: 'timeout' },
        { attempt: 2, status_code: 200 },
      ],
    });
  });

  it('does not follow redirects', async () => {
    const org = await harness.createOrganization();
    const { port } = redirector.address() as AddressInfo;
    const hook = await webhook(org, ['system.registered'], { url: `http://127.0.0.1:${port}/moved` });
    const before = receiver.deliveries.length;
    await harness.publish(org.id, 'system.registered', SYSTEM_REGISTERED);
    const [logged] = await finished(org, hook);
    expect(logged).toMatchObject({ outcome: 'failed', attempt_count: 3, status_code: 301 });
    expect(
      receiver.deliveries.slice(before).filter((d) => d.headers['x-service-hook-id'] === hook),
    ).toHaveLength(0);
  });

  it('keeps a dead endpoint from starving a healthy one, and an open circuit still uses up attempts one by one', async () => {
    const org = await harness.createOrganization();
    const dead = await webhook(org, ['drift.detected'], { url: 'http://127.0.0.1:1/dead' });
    const healthy = await webhook(org, ['system.registered']);
    const details = {
      drift_id: 'dft_01M80KHQCDX80D35NJCG19CZQR',
      system_name: 'Support Bot',
      drift_score: 0.3,
      baseline_score: 0.05,
      delta: 0.25,
      detection_layer: 'output',
      description: 'Output drift',
      recommended_action: 'Investigate',
    };
    for (let i = 0; i < 8; i++)
      await harness.publish(org.id, 'drift.detected', details, { severity: 'MEDIUM' });
    await harness.publish(org.id, 'system.registered', SYSTEM_REGISTERED);
    await eventually(async () => receivedBy(healthy).length === 1, 10_000, 'healthy delivery');

    const log = await finished(org, dead, 8);
    expect(log).toHaveLength(8);
    for (const entry of log) {
      expect(entry).toMatchObject({ outcome: 'failed', attempt_count: 3 });
      expect(entry.attempts.map((attempt) => attempt.attempt)).toEqual([1, 2, 3]);
    }
    const errors = log.flatMap((entry) => entry.attempts.map((attempt) => attempt.error));
    expect(errors).toContain('circuit_open');
    expect(errors.every((error) => error !== null)).toBe(true);
  });

  it('purges deliveries and attempts past retention in batches, keeping recent ones', async () => {
    const org = await harness.createOrganization();
    const hook = await webhook(org, ['system.registered']);
    for (let i = 0; i < 3; i++) await harness.publish(org.id, 'system.registered', SYSTEM_REGISTERED);
    const log = await finished(org, hook, 3);
    const old = log.slice(0, 2).map((entry) => entry.delivery_id);
    await harness.sql.query(
      "UPDATE webhooks.deliveries SET created_at = now() - interval '30 days 1 minute' WHERE id = ANY($1::uuid[])",
      [old],
    );
    const purged = await harness.service.app.get(DeliveryRetentionJob).run();
    expect(purged).toBeGreaterThanOrEqual(2);
    const [remaining] = await harness.sql.query<Array<{ n: number }>>(
      'SELECT count(*)::int AS n FROM webhooks.deliveries WHERE id = ANY($1::uuid[])',
      [old],
    );
    expect(remaining!.n).toBe(0);
    const [orphans] = await harness.sql.query<Array<{ n: number }>>(
      'SELECT count(*)::int AS n FROM webhooks.delivery_attempts WHERE delivery_id = ANY($1::uuid[])',
      [old],
    );
    expect(orphans!.n).toBe(0);
    expect(await logOf(org, hook)).toHaveLength(1);
  });
});
