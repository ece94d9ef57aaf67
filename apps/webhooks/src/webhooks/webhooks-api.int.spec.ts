import { readAuditEntries, startWebhookReceiver, type WebhookReceiver } from '@governance/testing';
import { type TestOrganization, WebhooksHarness } from '../testing/webhooks-harness';

describe('webhooks management API', () => {
  let harness: WebhooksHarness;
  let receiver: WebhookReceiver;
  const secrets = new Map<string, string>();
  let acme: TestOrganization;
  let globex: TestOrganization;

  beforeAll(async () => {
    harness = await WebhooksHarness.start({ env: { WEBHOOK_MAX_PER_ORGANIZATION: '5' } });
    receiver = await startWebhookReceiver({ secret: (hookId) => secrets.get(hookId) });
    [acme, globex] = await Promise.all([
      harness.createOrganization('professional'),
      harness.createOrganization('federal'),
    ]);
  });

  afterAll(async () => {
    await receiver.close();
    await harness.close();
  });

  async function createWebhook(org: TestOrganization, body: Record<string, unknown> = {}) {
    const response = await harness.request('POST', '/v1/webhooks', org.apiKey, {
      url: receiver.url,
      events: ['finding.created'],
      ...body,
    });
    expect(response.statusCode).toBe(201);
    const created = response.json<{ id: string; signing_secret: string }>();
    secrets.set(created.id, created.signing_secret);
    return created;
  }

  it('refuses calls without a valid API key, with the uniform error body', async () => {
    for (const key of [
      undefined,
      'nope',
      'sk_01M80KHQCDX80D35NJCG19CZQR_4rTW9kM3AT7RPQDX7GAuedVXkQbuCah6Sk_pfI6HLrc',
      `${acme.apiKey}x`,
    ]) {
      const response = await harness.request('GET', '/v1/webhooks', key);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'unauthorized', message: expect.any(String), details: null },
      });
    }
  });

  it('answers 403 to an organization on the free plan', async () => {
    const free = await harness.createOrganization('free');
    const response = await harness.request('POST', '/v1/webhooks', free.apiKey, {
      url: receiver.url,
      events: ['drift.detected'],
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      error: {
        code: 'plan_not_eligible',
        details: { plan: 'free', eligible_plans: ['professional', 'federal', 'embedded'] },
      },
    });
    expect(await harness.count('webhooks.webhooks')).toBe(0);
  });

  it('creates a webhook and shows its signing secret exactly once', async () => {
    const response = await harness.request('POST', '/v1/webhooks', acme.apiKey, {
      url: receiver.url,
      events: ['finding.created', 'policy.violated', 'finding.created'],
      description: 'SIEM bridge',
    });
    expect(response.statusCode).toBe(201);
    const created = response.json<Record<string, unknown>>();
    expect(created).toEqual({
      id: expect.stringMatching(/^wh_[0-9A-HJKMNP-TV-Z]{26}$/),
      url: receiver.url,
      events: ['finding.created', 'policy.violated'],
      description: 'SIEM bridge',
      active: true,
      signing_secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/),
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      updated_at: expect.any(String),
      previous_secret_expires_at: null,
      health: {
        status: 'idle',
        attempts: 0,
        succeeded: 0,
        success_rate: null,
        last_attempt_at: null,
        last_success_at: null,
        window_seconds: 86_400,
        max_attempts: 100,
      },
    });
    expect(Buffer.from((created.signing_secret as string).slice('whsec_'.length), 'base64url')).toHaveLength(
      32,
    );

    const listed = await harness.request('GET', '/v1/webhooks', acme.apiKey);
    expect(listed.statusCode).toBe(200);
    const { data } = listed.json<{ data: Array<Record<string, unknown>> }>();
    expect(data.map((webhook) => webhook.id)).toContain(created.id);
    expect(JSON.stringify(data)).not.toContain('signing_secret');

    const fetched = await harness.request('GET', `/v1/webhooks/${created.id as string}`, acme.apiKey);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json()).not.toHaveProperty('signing_secret');
    expect(fetched.json()).toMatchObject({ id: created.id, events: ['finding.created', 'policy.violated'] });

    const [row] = await harness.sql.query<
      Array<{
        signing_secret_encrypted: string;
      }>
    >('SELECT signing_secret_encrypted FROM webhooks.webhooks WHERE id = $1', [created.id]);
    expect(row!.signing_secret_encrypted).not.toContain((created.signing_secret as string).slice(6));
  });

  it('defaults description to null and active to true, and honours active: false', async () => {
    const plain = await createWebhook(acme);
    expect(plain).toMatchObject({ description: null, active: true });
    const paused = await createWebhook(acme, { active: false });
    expect(paused).toMatchObject({ active: false });
  });

  it('updates events, active, url and description with the same validation', async () => {
    const webhook = await createWebhook(acme, { description: 'before' });
    const patched = await harness.request('PATCH', `/v1/webhooks/${webhook.id}`, acme.apiKey, {
      events: ['drift.detected', 'drift.detected', 'probe.disconnected'],
      active: false,
      url: `${receiver.url}?v=2`,
      description: null,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      id: webhook.id,
      events: ['drift.detected', 'probe.disconnected'],
      active: false,
      url: `${receiver.url}?v=2`,
      description: null,
    });
    expect(patched.json()).not.toHaveProperty('signing_secret');

    for (const body of [
      { events: [] },
      { events: ['nope'] },
      { active: 'yes' },
      { url: 'ftp://example.com' },
      { url: null },
      { events: null },
      { active: null },
      { id: 'wh_x' },
    ]) {
      const rejected = await harness.request('PATCH', `/v1/webhooks/${webhook.id}`, acme.apiKey, body);
      expect(rejected.statusCode).toBe(400);
      expect(rejected.json<{ error: { code: string } }>().error.code).toBe('validation_failed');
    }
    const unchanged = await harness.request('GET', `/v1/webhooks/${webhook.id}`, acme.apiKey);
    expect(unchanged.json()).toMatchObject({
      events: ['drift.detected', 'probe.disconnected'],
      active: false,
    });
  });

  it('deletes with 204, after which the webhook is gone', async () => {
    const webhook = await createWebhook(acme);
    const deleted = await harness.request('DELETE', `/v1/webhooks/${webhook.id}`, acme.apiKey);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await harness.request('GET', `/v1/webhooks/${webhook.id}`, acme.apiKey)).statusCode).toBe(404);
    expect((await harness.request('DELETE', `/v1/webhooks/${webhook.id}`, acme.apiKey)).statusCode).toBe(404);
  });

  it('records each change and each test call for the audit trail, never the signing secret', async () => {
    const webhook = await createWebhook(acme, { description: 'pager' });
    const path = `/v1/webhooks/${webhook.id}`;
    await harness.request('PATCH', path, acme.apiKey, { events: ['drift.detected'], description: 'pager' });
    await harness.request('PATCH', path, acme.apiKey, { active: true });
    await harness.request('POST', `${path}/test`, acme.apiKey, { event: 'drift.detected' });
    await harness.request('DELETE', path, acme.apiKey);
    const audited = await readAuditEntries(harness, 'webhooks', webhook.id);
    expect(audited.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      [
        'webhook.created',
        null,
        { url: receiver.url, events: ['finding.created'], description: 'pager', active: true },
      ],
      ['webhook.updated', { events: ['finding.created'] }, { events: ['drift.detected'] }],
      [
        'webhook.test_sent',
        null,
        { delivery_id: expect.any(String), event: 'drift.detected', success: true, status_code: 200 },
      ],
      [
        'webhook.deleted',
        { url: receiver.url, events: ['drift.detected'], description: 'pager', active: true },
        null,
      ],
    ]);
    expect(audited[0]).toMatchObject({ actor_type: 'api_key', service: 'webhooks', target_type: 'webhook' });
    const [sealed] = await harness.sql.query<Array<{ signing_secret_encrypted: string }>>(
      'SELECT signing_secret_encrypted FROM webhooks.webhooks WHERE id = $1',
      [webhook.id],
    );
    const text = JSON.stringify(audited);
    expect(text).not.toContain(webhook.signing_secret.slice('whsec_'.length));
    expect(text).not.toContain(sealed!.signing_secret_encrypted);
    expect(text).not.toContain('secret');
  });

  it("answers 404, never 403, for another organization's webhook", async () => {
    const webhook = await createWebhook(globex);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/v1/webhooks/${webhook.id}`],
      ['PATCH', `/v1/webhooks/${webhook.id}`, { active: false }],
      ['DELETE', `/v1/webhooks/${webhook.id}`],
      ['POST', `/v1/webhooks/${webhook.id}/test`, { event: 'finding.created' }],
      ['GET', `/v1/webhooks/${webhook.id}/deliveries`],
    ];
    for (const [method, url, body] of calls) {
      const response = await harness.request(method as 'GET', url, acme.apiKey, body);
      expect(response.statusCode).toBe(404);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('not_found');
    }
    const listed = await harness.request('GET', '/v1/webhooks', acme.apiKey);
    expect(listed.json<{ data: Array<{ id: string }> }>().data.map((w) => w.id)).not.toContain(webhook.id);
    const still = await harness.request('GET', `/v1/webhooks/${webhook.id}`, globex.apiKey);
    expect(still.json()).toMatchObject({ active: true });
  });

  it('sends a signed sample on the test call and logs it', async () => {
    const webhook = await createWebhook(acme);
    const before = receiver.deliveries.length;
    const response = await harness.request('POST', `/v1/webhooks/${webhook.id}/test`, acme.apiKey, {
      event: 'policy.violated',
    });
    expect(response.statusCode).toBe(200);
    const result = response.json<{ delivery_id: string }>();
    expect(result).toEqual({
      delivery_id: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
      event: 'policy.violated',
      status_code: 200,
      response_time_ms: expect.any(Number),
      success: true,
    });
    const received = receiver.deliveries[before]!;
    expect(received.verdict).toBe('ok');
    expect(received.headers['x-service-delivery']).toBe(result.delivery_id);
    expect(received.headers['x-service-event']).toBe('policy.violated');
    expect(received.headers['x-service-hook-id']).toBe(webhook.id);
    expect(received.body).toMatchObject({
      event: 'policy.violated',
      severity: 'CRITICAL',
      details: { action_taken: 'blocked' },
    });

    const log = await harness.request('GET', `/v1/webhooks/${webhook.id}/deliveries`, acme.apiKey);
    expect(log.json()).toMatchObject({
      data: [
        {
          delivery_id: result.delivery_id,
          event: 'policy.violated',
          outcome: 'succeeded',
          attempt_count: 1,
          test: true,
          attempts: [{ attempt: 1, status_code: 200 }],
        },
      ],
      next_cursor: null,
    });
  });

  it('reports a failed test call without retrying it', async () => {
    const webhook = await createWebhook(globex, { url: `${receiver.url.replace(/:\d+/, ':1')}` });
    const response = await harness.request('POST', `/v1/webhooks/${webhook.id}/test`, globex.apiKey, {
      event: 'drift.detected',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: false, status_code: null });
    const log = await harness.request('GET', `/v1/webhooks/${webhook.id}/deliveries`, globex.apiKey);
    expect(log.json()).toMatchObject({
      data: [{ outcome: 'failed', attempt_count: 1, attempts: [{ attempt: 1, error: expect.any(String) }] }],
    });
  });

  it('caps the number of webhooks per organization', async () => {
    const org = await harness.createOrganization('embedded');
    for (let i = 0; i < 5; i++) await createWebhook(org);
    const response = await harness.request('POST', '/v1/webhooks', org.apiKey, {
      url: receiver.url,
      events: ['finding.created'],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      error: { code: 'webhook_limit_reached', details: { limit: 5 } },
    });
    await harness.request(
      'DELETE',
      `/v1/webhooks/${(await harness.request('GET', '/v1/webhooks', org.apiKey)).json<{ data: Array<{ id: string }> }>().data[0]!.id}`,
      org.apiKey,
    );
    expect(
      (
        await harness.request('POST', '/v1/webhooks', org.apiKey, {
          url: receiver.url,
          events: ['finding.created'],
        })
      ).statusCode,
    ).toBe(201);
  });

  it('pages the delivery log newest first and hides entries past retention', async () => {
    const org = await harness.createOrganization('professional');
    const webhook = await createWebhook(org);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const sent = await harness.request('POST', `/v1/webhooks/${webhook.id}/test`, org.apiKey, {
        event: 'finding.created',
      });
      ids.push(sent.json<{ delivery_id: string }>().delivery_id);
    }
    await harness.sql.query(
      "UPDATE webhooks.deliveries SET created_at = now() - interval '31 days' WHERE id = $1",
      [ids[0]],
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await harness.request(
        'GET',
        `/v1/webhooks/${webhook.id}/deliveries?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        org.apiKey,
      );
      expect(page.statusCode).toBe(200);
      const body = page.json<{ data: Array<{ delivery_id: string }>; next_cursor: string | null }>();
      expect(body.data.length).toBeLessThanOrEqual(2);
      seen.push(...body.data.map((entry) => entry.delivery_id));
      cursor = body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(ids.slice(1).reverse());

    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'cursor=garbage', 'other=1']) {
      const bad = await harness.request('GET', `/v1/webhooks/${webhook.id}/deliveries?${query}`, org.apiKey);
      expect(bad.statusCode).toBe(400);
    }
  });
});
