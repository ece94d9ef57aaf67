import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { PUBLIC_EVENT_EXAMPLES, PUBLIC_EVENT_TYPES } from '@governance/contracts';
import {
  makeSelfSignedCertificate,
  type ReceivedDelivery,
  startWebhookReceiver,
  type WebhookReceiver,
} from '@governance/testing';
import {
  eventually,
  SYSTEM_REGISTERED,
  type TestOrganization,
  WebhooksHarness,
} from '../testing/webhooks-harness';

interface Attempt {
  attempt: number;
  status_code: number | null;
  error: string | null;
  response_body: string | null;
  response_body_truncated: boolean;
}
interface Health {
  status: string;
  attempts: number;
  succeeded: number;
  success_rate: number | null;
  last_attempt_at: string | null;
  last_success_at: string | null;
}

/*
 * What the webhook pages show beyond the log: each attempt's request body and response, the endpoint's
 * health, the event catalogue. Against a real HTTPS receiver that verifies the signatures.
 */
describe('webhook insight: attempt responses, endpoint health, event catalogue', () => {
  const certificate = makeSelfSignedCertificate();
  const caFile = join(mkdtempSync(join(tmpdir(), 'webhook-insight-')), 'ca.pem');
  writeFileSync(caFile, certificate.cert);
  let harness: WebhooksHarness;
  let receiver: WebhookReceiver;
  const secrets = new Map<string, string>();
  /** How each hook's endpoint answers a correctly signed delivery. */
  const answers = new Map<string, { status: number; body?: string }>();
  let acme: TestOrganization;
  let globex: TestOrganization;

  beforeAll(async () => {
    harness = await WebhooksHarness.start({
      env: {
        WEBHOOK_CA_FILE: caFile,
        WEBHOOK_ALLOW_HTTP: 'false',
        WEBHOOK_RETRY_DELAYS_MS: '50',
        WEBHOOK_BREAKER_RESET_MS: '20',
      },
    });
    receiver = await startWebhookReceiver({
      tls: certificate,
      secret: (hookId) => secrets.get(hookId),
      respond: (delivery: ReceivedDelivery) =>
        answers.get(String(delivery.headers['x-service-hook-id'])) ?? { status: 200, body: 'ok' },
    });
    [acme, globex] = await Promise.all([harness.createOrganization(), harness.createOrganization()]);
  });

  afterAll(async () => {
    await receiver.close();
    await harness.close();
  });

  async function createWebhook(org: TestOrganization): Promise<string> {
    const response = await harness.request('POST', '/v1/webhooks', org.apiKey, {
      url: receiver.url,
      events: ['system.registered'],
    });
    expect(response.statusCode).toBe(201);
    const created = response.json<{ id: string; signing_secret: string; health: Health }>();
    expect(created.health).toMatchObject({ status: 'idle', attempts: 0, success_rate: null });
    secrets.set(created.id, created.signing_secret);
    return created.id;
  }

  const healthOf = async (org: TestOrganization, hookId: string): Promise<Health> =>
    (await harness.request('GET', `/v1/webhooks/${hookId}`, org.apiKey)).json<{ health: Health }>().health;

  it('keeps what the endpoint answered to each attempt, cut at 4 KiB, with the request body sent', async () => {
    const hookId = await createWebhook(acme);
    const long = `${'é'.repeat(1500)}${'x'.repeat(3000)}`; // 6,000 bytes in UTF-8
    answers.set(hookId, { status: 503, body: long });
    await harness.publish(acme.id, 'system.registered', SYSTEM_REGISTERED);
    const logged = await eventually(async () => {
      const page = (await harness.request('GET', `/v1/webhooks/${hookId}/deliveries`, acme.apiKey)).json<{
        data: Array<{ delivery_id: string; outcome: string }>;
      }>();
      return page.data.find((delivery) => delivery.outcome === 'failed');
    });

    const response = await harness.request(
      'GET',
      `/v1/webhooks/${hookId}/deliveries/${logged.delivery_id}`,
      acme.apiKey,
    );
    expect(response.statusCode).toBe(200);
    const detail = response.json<{ payload: string; attempts: Attempt[]; response_body_max_bytes: number }>();
    expect(detail.response_body_max_bytes).toBe(4096);
    const received = receiver.deliveries.filter((d) => d.headers['x-service-hook-id'] === hookId);
    expect(received).toHaveLength(2);
    expect(received.every((d) => d.verdict === 'ok' && d.signatureValid)).toBe(true);
    // The exact bytes every attempt sent.
    expect(detail.payload).toBe(received[0]!.rawBody.toString('utf8'));
    expect(JSON.parse(detail.payload)).toMatchObject({
      event: 'system.registered',
      details: SYSTEM_REGISTERED,
    });
    expect(detail.attempts).toHaveLength(2);
    for (const attempt of detail.attempts) {
      expect(attempt).toMatchObject({
        status_code: 503,
        error: 'http_status',
        response_body_truncated: true,
      });
      expect(Buffer.byteLength(attempt.response_body!, 'utf8')).toBeLessThanOrEqual(4096);
      expect(long.startsWith(attempt.response_body!)).toBe(true);
      expect(attempt.response_body!.length).toBe(2596); // 1,500 two-byte letters, then 1,096 one-byte ones
    }
    // Nothing of the signature is kept with the attempt.
    const columns = await harness.sql.query<Array<{ row: string }>>(
      'SELECT row_to_json(a)::text AS row FROM webhooks.delivery_attempts a WHERE webhook_id = $1',
      [hookId],
    );
    expect(columns).toHaveLength(2);
    for (const { row } of columns) expect(row).not.toMatch(/sha256=|whsec_/);
  });

  it('keeps a short answer whole, and none when the endpoint gave no answer', async () => {
    const hookId = await createWebhook(acme);
    answers.set(hookId, { status: 200, body: '{"received":true}' });
    const test = await harness.request('POST', `/v1/webhooks/${hookId}/test`, acme.apiKey, {
      event: 'drift.detected',
    });
    const { delivery_id } = test.json<{ delivery_id: string }>();
    const detail = (
      await harness.request('GET', `/v1/webhooks/${hookId}/deliveries/${delivery_id}`, acme.apiKey)
    ).json<{ payload: string; attempts: Attempt[]; test: boolean }>();
    expect(detail.test).toBe(true);
    expect(detail.attempts).toEqual([
      expect.objectContaining({
        status_code: 200,
        error: null,
        response_body: '{"received":true}',
        response_body_truncated: false,
      }),
    ]);
    expect(JSON.parse(detail.payload)).toMatchObject({ event: 'drift.detected' });

    await harness.request('PATCH', `/v1/webhooks/${hookId}`, acme.apiKey, {
      url: 'https://127.0.0.1:1/hook',
    });
    const refused = (
      await harness.request('POST', `/v1/webhooks/${hookId}/test`, acme.apiKey, { event: 'drift.detected' })
    ).json<{ delivery_id: string }>();
    const none = (
      await harness.request('GET', `/v1/webhooks/${hookId}/deliveries/${refused.delivery_id}`, acme.apiKey)
    ).json<{ attempts: Attempt[] }>();
    expect(none.attempts).toEqual([
      expect.objectContaining({
        status_code: null,
        error: 'connection_refused',
        response_body: null,
        response_body_truncated: false,
      }),
    ]);
  });

  it('answers 404 for a delivery of another webhook, another organization, or no delivery', async () => {
    const mine = await createWebhook(acme);
    const theirs = await createWebhook(globex);
    const test = await harness.request('POST', `/v1/webhooks/${mine}/test`, acme.apiKey, {
      event: 'system.registered',
    });
    const { delivery_id } = test.json<{ delivery_id: string }>();
    for (const [key, hook, id] of [
      [globex.apiKey, theirs, delivery_id],
      [globex.apiKey, mine, delivery_id],
      [acme.apiKey, mine, '01937a00-0000-7000-8000-000000000000'],
      [acme.apiKey, mine, 'not-a-uuid'],
    ] as const) {
      const response = await harness.request('GET', `/v1/webhooks/${hook}/deliveries/${id}`, key);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
    }
  });

  it('tells a failing endpoint from a working one, on the list and on its own', async () => {
    const failing = await createWebhook(globex);
    const working = await createWebhook(globex);
    const flaky = await createWebhook(globex);
    answers.set(failing, { status: 500, body: 'boom' });
    let flakyCalls = 0;
    answers.set(flaky, { status: 200 });
    for (let i = 0; i < 3; i++) {
      await harness.request('POST', `/v1/webhooks/${failing}/test`, globex.apiKey, {
        event: 'system.registered',
      });
      await harness.request('POST', `/v1/webhooks/${working}/test`, globex.apiKey, {
        event: 'system.registered',
      });
      answers.set(flaky, { status: flakyCalls++ % 2 === 0 ? 200 : 502 });
      await harness.request('POST', `/v1/webhooks/${flaky}/test`, globex.apiKey, {
        event: 'system.registered',
      });
    }
    const list = (await harness.request('GET', '/v1/webhooks', globex.apiKey)).json<{
      data: Array<{ id: string; health: Health }>;
    }>();
    const byId = new Map(list.data.map((webhook) => [webhook.id, webhook.health]));
    expect(byId.get(failing)).toMatchObject({
      status: 'failing',
      attempts: 3,
      succeeded: 0,
      success_rate: 0,
      last_success_at: null,
      window_seconds: 86_400,
      max_attempts: 100,
    });
    expect(byId.get(working)).toMatchObject({
      status: 'healthy',
      attempts: 3,
      succeeded: 3,
      success_rate: 1,
    });
    expect(byId.get(flaky)).toMatchObject({
      status: 'degraded',
      attempts: 3,
      succeeded: 2,
      success_rate: 0.667,
    });
    expect(await healthOf(globex, failing)).toEqual(byId.get(failing));
    expect(byId.get(failing)!.last_attempt_at).toEqual(expect.any(String));
  });

  it('counts only the latest attempts within the window', async () => {
    const local = await WebhooksHarness.start({
      env: {
        WEBHOOK_CA_FILE: caFile,
        WEBHOOK_HEALTH_ATTEMPTS: '2',
        WEBHOOK_HEALTH_WINDOW_MS: '1500',
      },
    });
    try {
      const org = await local.createOrganization();
      const created = (
        await local.request('POST', '/v1/webhooks', org.apiKey, {
          url: receiver.url,
          events: ['drift.detected'],
        })
      ).json<{ id: string; signing_secret: string }>();
      secrets.set(created.id, created.signing_secret);
      answers.set(created.id, { status: 500 });
      await local.request('POST', `/v1/webhooks/${created.id}/test`, org.apiKey, { event: 'drift.detected' });
      answers.set(created.id, { status: 200 });
      for (let i = 0; i < 2; i++)
        await local.request('POST', `/v1/webhooks/${created.id}/test`, org.apiKey, {
          event: 'drift.detected',
        });
      const health = async () =>
        (await local.request('GET', `/v1/webhooks/${created.id}`, org.apiKey)).json<{ health: Health }>()
          .health;
      // The failure is the third latest: left out.
      expect(await health()).toMatchObject({ status: 'healthy', attempts: 2, succeeded: 2 });
      // The window ends: nothing is counted any more.
      await eventually(async () => (await health()).status === 'idle', 5_000, 'the window to pass');
      expect(await health()).toMatchObject({ attempts: 0, success_rate: null });
    } finally {
      await local.close();
    }
  });

  it('lists the six event types with their published schema and a sample that fits it', async () => {
    const response = await harness.request('GET', '/v1/webhooks/event-types', acme.apiKey);
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{
      data: Array<{ event: string; trigger: string; severity: string; schema: object; example: unknown }>;
    }>();
    expect(data.map((entry) => entry.event)).toEqual([...PUBLIC_EVENT_TYPES]);
    const ajv = addFormats(new Ajv2020({ strict: true }));
    for (const entry of data) {
      expect(ajv.validate(entry.schema, entry.example)).toBe(true);
      expect(entry.example).toEqual(PUBLIC_EVENT_EXAMPLES[entry.event as keyof typeof PUBLIC_EVENT_EXAMPLES]);
    }
    expect(data.find((entry) => entry.event === 'probe.disconnected')).toMatchObject({
      trigger: 'A probe loses telemetry contact for more than 5 minutes',
      severity: 'HIGH',
    });
    const free = await harness.createOrganization('free');
    expect((await harness.request('GET', '/v1/webhooks/event-types', free.apiKey)).statusCode).toBe(403);
  });
});
