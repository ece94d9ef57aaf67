import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  makeSelfSignedCertificate,
  type ReceivedDelivery,
  signedWith,
  startWebhookReceiver,
  type WebhookReceiver,
} from '@governance/testing';
import { type Page } from 'playwright-core';
import { eventually, heading, useConsole } from '../testing/console-harness';

/*
 * The Webhooks pages against a real HTTPS receiver: a certificate for 127.0.0.1, signed by itself, which
 * the standalone trusts as an extra CA (NODE_EXTRA_CA_CERTS); private targets are allowed for the test.
 */
const certificate = makeSelfSignedCertificate();
const certificates = mkdtempSync(join(tmpdir(), 'console-webhooks-'));
writeFileSync(join(certificates, 'cert.pem'), certificate.cert);

describe('Webhooks pages', () => {
  const ui = useConsole({
    env: {
      NODE_EXTRA_CA_CERTS: join(certificates, 'cert.pem'),
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      // Two attempts, 100 ms apart: a delivery fails for good within the test.
      WEBHOOK_RETRY_DELAYS_MS: '100',
    },
  });
  let page: Page;
  let receiver: WebhookReceiver;
  /** What the receiver answers to a correctly signed delivery. */
  let answer = 200;
  /** What it answers for particular hooks instead. */
  const answers = new Map<string, { status: number; body: string }>();
  const secrets = new Map<string, string>();
  let webhookId: string;
  let secret: string;

  beforeAll(async () => {
    page = ui.page;
    receiver = await startWebhookReceiver({
      tls: certificate,
      secret: (hookId) => secrets.get(hookId),
      respond: (delivery) => answers.get(String(delivery.headers['x-service-hook-id'])) ?? answer,
    });
    await ui.owner.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ui.app.baseUrl });
  });

  afterAll(async () => {
    await receiver?.close();
    rmSync(certificates, { recursive: true, force: true });
  });

  const clipboard = (): Promise<string> => page.evaluate<string>('navigator.clipboard.readText()');
  const deliveryId = (delivery: ReceivedDelivery): string => delivery.headers['x-service-delivery'] as string;
  const log = () => page.getByRole('region', { name: 'Delivery log' });

  it('creates a webhook and shows its signing secret once, with a copy button', async () => {
    await page.goto('/');
    await ui.navigate(page, 'Webhooks');
    await page.getByRole('heading', { name: 'No webhooks yet' }).waitFor();
    await ui.expectAccessible(page, 'webhooks-empty');

    await page.getByRole('button', { name: 'Create webhook' }).first().click();
    const form = page.getByRole('dialog', { name: 'Create a webhook' });
    await form.getByLabel('Endpoint URL').fill(receiver.url);
    await form.getByRole('checkbox', { name: /^finding\.created/ }).check();
    await form.getByRole('checkbox', { name: /^system\.registered/ }).check();
    expect(await form.getByRole('checkbox', { name: /^Active/ }).isChecked()).toBe(true);
    await ui.expectAccessible(page, 'webhooks-create');
    await form.getByRole('button', { name: 'Create webhook' }).click();

    const created = page.getByRole('dialog', { name: 'Webhook created' });
    await created.getByText('it will not be shown again').waitFor();
    secret = (await created.getByLabel('Signing secret', { exact: true }).textContent())!;
    expect(secret).toMatch(/^whsec_/);
    const copyCreated = created.getByRole('button', { name: 'Copy Signing secret' });
    await copyCreated.click();
    await created.getByRole('status').filter({ hasText: 'Copied to the clipboard.' }).waitFor();
    expect(await created.getByRole('button', { name: 'Copied Signing secret' }).textContent()).toBe('Copied');
    expect(await clipboard()).toBe(secret);
    await ui.expectAccessible(page, 'webhooks-secret');
    await created.getByRole('button', { name: 'Done' }).click();
    await created.waitFor({ state: 'hidden' });

    const link = page.getByRole('link', { name: receiver.url });
    webhookId = (await link.getAttribute('href'))!.split('/').pop()!;
    secrets.set(webhookId, secret);
    expect(await page.content()).not.toContain(secret);
    await ui.expectAccessible(page, 'webhooks');

    // Never again: not after a reload, not from the API.
    await page.reload();
    await link.waitFor();
    expect(await page.content()).not.toContain(secret);
    for (const path of ['/v1/webhooks', `/v1/webhooks/${webhookId}`]) {
      const answered = await ui.api('GET', path);
      expect(answered.status).toBe(200);
      expect(JSON.stringify(answered.body)).not.toContain(secret);
      expect(JSON.stringify(answered.body)).not.toContain('signing_secret');
    }
  });

  it('sends a test event, signed with the copied secret, and logs it with its attempt', async () => {
    await page.getByRole('link', { name: receiver.url }).click();
    await heading(page, receiver.url).waitFor();
    await log().getByRole('heading', { name: 'No deliveries yet' }).waitFor();
    await ui.expectAccessible(page, 'webhook');

    const test = page.getByRole('region', { name: 'Send a test event' });
    await test.getByLabel('Event type').selectOption('finding.created');
    await test.getByRole('button', { name: 'Send test event' }).click();
    await test.getByText('The endpoint accepted the test event.').waitFor();
    const [received] = await receiver.waitFor(1);
    expect(signedWith(received!, secret)).toBe(true);
    expect(received!.headers['x-service-event']).toBe('finding.created');
    const id = deliveryId(received!);
    expect(await test.textContent()).toContain(id);

    const attempts = log().getByRole('button', { name: `Attempts of delivery ${id}` });
    await attempts.click();
    expect(await attempts.getAttribute('aria-expanded')).toBe('true');
    const attemptRows = log()
      .getByRole('table', { name: `Attempts of delivery ${id}` })
      .getByRole('row');
    await attemptRows.nth(1).waitFor();
    expect(await attemptRows.count()).toBe(2);
    expect(await attemptRows.nth(1).textContent()).toMatch(/^1.*200\d+ ms—$/);
    // The request as sent, byte for byte (indented), and what the endpoint answered to the attempt.
    const request = log().getByRole('region', { name: `Request body of delivery ${id}` });
    expect(await request.locator('pre').textContent()).toBe(
      JSON.stringify(JSON.parse(received!.rawBody.toString('utf8')), null, 2),
    );
    const response = log().getByRole('region', { name: 'Response to attempt 1' });
    expect(await response.getByRole('heading').textContent()).toBe('Response to attempt 1 200');
    expect(await response.locator('pre').textContent()).toBe('200');
    await ui.expectAccessible(page, 'webhook-delivery-attempts');
  });

  it('resends a delivery as a new one, with its own X-Service-Delivery', async () => {
    const original = receiver.deliveries[0]!;
    await log()
      .getByRole('button', { name: `Resend delivery ${deliveryId(original)}` })
      .click();
    await log().getByText('Delivery resent.').waitFor();
    const [, resent] = await receiver.waitFor(2);
    expect(deliveryId(resent!)).not.toBe(deliveryId(original));
    expect(resent!.rawBody.equals(original.rawBody)).toBe(true);
    expect(signedWith(resent!, secret)).toBe(true);
    const notice = log().getByRole('status').filter({ hasText: 'Delivery resent.' });
    expect(await notice.textContent()).toContain(deliveryId(resent!));
    await log()
      .getByRole('button', { name: `Resend delivery ${deliveryId(resent!)}` })
      .waitFor();
    await ui.expectAccessible(page, 'webhook-resent');

    // The log sorts and filters: two test deliveries, none failed.
    await log()
      .getByRole('button', { name: /^Created/ })
      .click();
    expect(
      await log()
        .getByRole('columnheader', { name: /^Created/ })
        .getAttribute('aria-sort'),
    ).toBe('ascending');
    await log().getByLabel('Outcome').selectOption('failed');
    await log().getByRole('heading', { name: 'No delivery matches these filters' }).waitFor();
    await ui.expectAccessible(page, 'webhook-log-filtered');
    await log().getByLabel('Outcome').selectOption('');
    await log()
      .getByRole('button', { name: `Resend delivery ${deliveryId(resent!)}` })
      .waitFor();
  });

  it('recovers the deliveries that failed, and says how many were resent', async () => {
    // The log follows deliveries live: the failed one shows without a reload.
    await log().getByRole('status', { name: 'Live updates: Live' }).waitFor();
    answer = 500;
    const system = await ui.api('POST', '/api/service/systems', { name: 'Claims triage' });
    expect(system.status).toBe(201);
    // The event travels from the systems service to the webhooks dispatcher, which tries twice.
    await eventually(async () => {
      const failed = await ui.api('GET', `/v1/webhooks/${webhookId}/deliveries?outcome=failed`);
      return (failed.body.data as unknown[] | undefined)?.length === 1;
    }, 'the failed delivery');
    answer = 200;
    const before = receiver.deliveries.length;

    await log().getByLabel('Outcome').selectOption('failed');
    await log().getByRole('cell', { name: 'system.registered' }).waitFor();
    await log().getByRole('button', { name: 'Recover failed deliveries' }).click();
    const recover = page.getByRole('dialog', { name: 'Recover failed deliveries' });
    await ui.expectAccessible(page, 'webhook-recover');
    await recover.getByRole('button', { name: 'Recover deliveries' }).click();
    await recover.getByText('1 failed delivery was resent.').waitFor();
    const received = await receiver.waitFor(before + 1);
    expect(received.at(-1)!.headers['x-service-event']).toBe('system.registered');
    await recover.getByRole('button', { name: 'Done' }).click();
    await log().getByLabel('Outcome').selectOption('');
  });

  it('rotates the secret: the new one shown once, both signing during the overlap', async () => {
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    const confirm = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
    await confirm.getByText('For 24 hours the current secret keeps signing too').waitFor();
    await ui.expectAccessible(page, 'webhook-rotate');
    await confirm.getByRole('button', { name: 'Rotate secret' }).click();

    const rotated = page.getByRole('dialog', { name: 'Secret rotated' });
    const fresh = (await rotated.getByLabel('Signing secret', { exact: true }).textContent())!;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(secret);
    const copyRotated = rotated.getByRole('button', { name: 'Copy Signing secret' });
    await copyRotated.click();
    await rotated.getByRole('status').filter({ hasText: 'Copied to the clipboard.' }).waitFor();
    expect(await rotated.getByRole('button', { name: 'Copied Signing secret' }).textContent()).toBe('Copied');
    expect(await clipboard()).toBe(fresh);
    await rotated.getByText('each delivery carries two signatures').waitFor();
    await ui.expectAccessible(page, 'webhook-rotated');
    await rotated.getByRole('button', { name: 'Done' }).click();
    await page.getByText('Secret rotation under way').waitFor();

    const before = receiver.deliveries.length;
    const test = page.getByRole('region', { name: 'Send a test event' });
    await test.getByRole('button', { name: 'Send test event' }).click();
    await test.getByText('The endpoint accepted the test event.').waitFor();
    const received = (await receiver.waitFor(before + 1)).at(-1)!;
    expect(signedWith(received, fresh)).toBe(true);
    expect(signedWith(received, secret)).toBe(true);

    await page.reload();
    await heading(page, receiver.url).waitFor();
    expect(await page.content()).not.toContain(fresh);
  });

  it('edits the webhook, and deletes one after confirmation', async () => {
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit the webhook' });
    await edit.getByRole('checkbox', { name: /^system\.registered/ }).uncheck();
    await edit.getByRole('checkbox', { name: /^Active/ }).uncheck();
    await ui.expectAccessible(page, 'webhook-edit');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'hidden' });
    await page.getByText('Paused', { exact: true }).waitFor();
    expect((await ui.api('GET', `/v1/webhooks/${webhookId}`)).body).toMatchObject({
      events: ['finding.created'],
      active: false,
    });

    const doomed = await ui.api('POST', '/v1/webhooks', {
      url: `${receiver.url}?doomed`,
      events: ['drift.detected'],
    });
    expect(doomed.status).toBe(201);
    await page.goto(`/webhooks/${doomed.body.id as string}`);
    await heading(page, `${receiver.url}?doomed`).waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this webhook?' });
    await ui.expectAccessible(page, 'webhook-delete');
    await confirm.getByRole('button', { name: 'Delete webhook' }).click();
    await heading(page, 'Webhooks').waitFor();
    await page.getByRole('link', { name: receiver.url, exact: true }).waitFor();
    expect(await page.getByRole('link', { name: `${receiver.url}?doomed` }).count()).toBe(0);
    expect((await ui.api('GET', `/v1/webhooks/${doomed.body.id as string}`)).status).toBe(404);
  });

  it('shows a viewer the webhooks and their log, with no control to change them; the API refuses', async () => {
    const { context, page: viewer } = await ui.signInAs(
      { name: 'Vera Viewer', email: 'vera@acme.example', password: 'viewer password, long enough' },
      'viewer',
    );
    await ui.navigate(viewer, 'Webhooks');
    await viewer.getByRole('link', { name: receiver.url }).click();
    await heading(viewer, receiver.url).waitFor();
    const aDelivery = viewer.getByRole('button', { name: /^Attempts of delivery/ }).first();
    await aDelivery.waitFor();
    for (const name of [
      'Create webhook',
      'Edit',
      'Rotate secret',
      'Delete',
      'Send test event',
      'Recover failed deliveries',
      /^Resend delivery/,
    ])
      expect({ name, count: await viewer.getByRole('button', { name }).count() }).toEqual({ name, count: 0 });
    await ui.expectAccessible(viewer, 'webhook-viewer');

    const headers = await ui.csrfHeaders(context);
    const original = deliveryId(receiver.deliveries[0]!);
    const refused = [
      await context.request.post('/v1/webhooks', {
        data: { url: receiver.url, events: ['finding.created'] },
        headers,
      }),
      await context.request.patch(`/v1/webhooks/${webhookId}`, { data: { active: true }, headers }),
      await context.request.post(`/v1/webhooks/${webhookId}/test`, {
        data: { event: 'finding.created' },
        headers,
      }),
      await context.request.post(`/v1/webhooks/${webhookId}/deliveries/${original}/resend`, { headers }),
      await context.request.post(`/v1/webhooks/${webhookId}/rotate-secret`, { headers }),
      await context.request.delete(`/v1/webhooks/${webhookId}`, { headers }),
    ];
    expect(refused.map((response) => response.status())).toEqual([403, 403, 403, 403, 403, 403]);
    expect((await ui.api('GET', `/v1/webhooks/${webhookId}`)).body).toMatchObject({ active: false });
    await context.close();
  });

  it('marks an endpoint that fails every attempt as failing, and shows what it answered, cut at 4 KiB', async () => {
    // The list is open while the endpoint fails: its health follows the attempts live.
    await ui.navigate(page, 'Webhooks');
    await page.getByRole('status', { name: 'Live updates: Live' }).waitFor();
    const url = `${receiver.url}?failing`;
    const created = await ui.api('POST', '/v1/webhooks', { url, events: ['drift.detected'] });
    expect(created.status).toBe(201);
    const hookId = created.body.id as string;
    secrets.set(hookId, created.body.signing_secret as string);
    answers.set(hookId, {
      status: 503,
      body: JSON.stringify({ error: 'maintenance', detail: 'x'.repeat(5000) }),
    });
    for (let sent = 0; sent < 2; sent++) {
      const test = await ui.api('POST', `/v1/webhooks/${hookId}/test`, { event: 'drift.detected' });
      expect(test.body).toMatchObject({ success: false, status_code: 503 });
    }

    const row = (name: string) =>
      page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
    await row(url).getByText('Failing · 0 %').waitFor();
    expect(await row(url).textContent()).toContain('0 of 2 attempts in the last 24 h succeeded.');
    // The endpoint that answers does not look like the one that does not.
    expect(await row(receiver.url).textContent()).not.toContain('Failing');
    await ui.expectAccessible(page, 'webhooks-health');

    await page.getByRole('link', { name: url }).click();
    await heading(page, url).waitFor();
    await page.getByText('Every recent attempt failed.').waitFor();
    const [latest] = (await ui.api('GET', `/v1/webhooks/${hookId}/deliveries`)).body.data as Array<{
      delivery_id: string;
    }>;
    await log()
      .getByRole('button', { name: `Attempts of delivery ${latest!.delivery_id}` })
      .click();
    const response = log().getByRole('region', { name: 'Response to attempt 1' });
    const body = (await response.locator('pre').textContent())!;
    expect(body.startsWith('{"error":"maintenance","detail":"xxx')).toBe(true);
    expect(body).toHaveLength(4096);
    await response.getByText('Cut: only the first 4 KiB of a longer body are kept.').waitFor();
    await log()
      .getByRole('region', { name: `Request body of delivery ${latest!.delivery_id}` })
      .waitFor();
    await ui.expectAccessible(page, 'webhook-failing');
  });

  it('shows the event catalogue: each type, when it is sent, and a sample payload', async () => {
    await ui.navigate(page, 'Webhooks');
    await page.getByRole('link', { name: 'Event types and sample payloads' }).click();
    await heading(page, 'Event types').waitFor();
    for (const event of [
      'finding.created',
      'assessment.complete',
      'policy.violated',
      'drift.detected',
      'probe.disconnected',
      'system.registered',
    ])
      await page.getByRole('region', { name: event, exact: true }).waitFor();
    const probe = page.getByRole('region', { name: 'probe.disconnected', exact: true });
    await probe.getByText('A probe loses telemetry contact for more than 5 minutes.').waitFor();
    const sample = JSON.parse((await probe.locator('pre').textContent())!) as Record<string, unknown>;
    expect(sample).toMatchObject({ event: 'probe.disconnected', severity: 'HIGH' });
    expect(Object.keys(sample.details as object)).toEqual([
      'probe_id',
      'probe_name',
      'last_seen_at',
      'silence_duration_seconds',
      'environment',
    ]);
    await ui.expectAccessible(page, 'webhook-event-types');
  });
});
