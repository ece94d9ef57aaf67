import { createHmac } from 'node:crypto';
import {
  readAuditEntries,
  readOutbox,
  type ReceivedDelivery,
  signedWith,
  startWebhookReceiver,
  type WebhookReceiver,
} from '@governance/testing';
import { DeliveryRetentionJob } from '../deliveries/delivery-retention.job';
import {
  eventually,
  SYSTEM_REGISTERED,
  type TestOrganization,
  WebhooksHarness,
} from '../testing/webhooks-harness';

interface LoggedDelivery {
  delivery_id: string;
  event: string;
  event_id: string;
  outcome: string;
  attempt_count: number;
  test: boolean;
  resent_from: string | null;
  created_at: string;
  attempts: Array<{ attempt: number; status_code: number | null }>;
}

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const OVERLAP_MS = 4_000;
const RECOVER_MAX = 2;

const hmac = (secret: string, body: Buffer) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('webhook operations: resend, recover, rotate the secret, filter the log', () => {
  let harness: WebhooksHarness;
  let receiver: WebhookReceiver;
  /** The secret the receiver of each hook holds; a test swaps it to play a receiver mid-rotation. */
  const secrets = new Map<string, string>();
  /** Hooks whose endpoint is down answer 503 until taken out of this set. */
  const down = new Set<string>();
  let acme: TestOrganization;
  let globex: TestOrganization;

  beforeAll(async () => {
    harness = await WebhooksHarness.start({
      env: {
        WEBHOOK_RETRY_DELAYS_MS: '100,100',
        WEBHOOK_SECRET_ROTATION_OVERLAP_MS: String(OVERLAP_MS),
        WEBHOOK_RECOVER_MAX_PER_CALL: String(RECOVER_MAX),
        WEBHOOK_BREAKER_RESET_MS: '50',
      },
    });
    receiver = await startWebhookReceiver({
      secret: (hookId) => secrets.get(hookId),
      respond: (delivery) => (down.has(String(delivery.headers['x-service-hook-id'])) ? 503 : 200),
    });
    [acme, globex] = await Promise.all([harness.createOrganization(), harness.createOrganization()]);
  });

  afterAll(async () => {
    await receiver.close();
    await harness.close();
  });

  async function createWebhook(org: TestOrganization, events = ['system.registered', 'drift.detected']) {
    const response = await harness.request('POST', '/v1/webhooks', org.apiKey, { url: receiver.url, events });
    expect(response.statusCode).toBe(201);
    const created = response.json<{ id: string; signing_secret: string }>();
    secrets.set(created.id, created.signing_secret);
    return created;
  }

  const receivedBy = (hookId: string): ReceivedDelivery[] =>
    receiver.deliveries.filter((delivery) => delivery.headers['x-service-hook-id'] === hookId);

  async function logOf(org: TestOrganization, hookId: string, query = ''): Promise<LoggedDelivery[]> {
    const response = await harness.request('GET', `/v1/webhooks/${hookId}/deliveries${query}`, org.apiKey);
    expect(response.statusCode).toBe(200);
    return response.json<{ data: LoggedDelivery[] }>().data;
  }

  /** The log once it holds `count` deliveries and none is pending (the dispatcher works on its own). */
  function settled(org: TestOrganization, hookId: string, count: number): Promise<LoggedDelivery[]> {
    return eventually(
      async () => {
        const log = await logOf(org, hookId, '?limit=100');
        return log.length === count && log.every((entry) => entry.outcome !== 'pending') && log;
      },
      20_000,
      `${count} settled deliveries of ${hookId}`,
    );
  }

  async function sendTest(org: TestOrganization, hookId: string, event = 'drift.detected') {
    const response = await harness.request('POST', `/v1/webhooks/${hookId}/test`, org.apiKey, { event });
    expect(response.statusCode).toBe(200);
    return response.json<{ delivery_id: string; success: boolean }>();
  }

  /** The delivery the receiver got with this `X-Service-Delivery`. */
  const received = (deliveryId: string): ReceivedDelivery | undefined =>
    receiver.deliveries.find((delivery) => delivery.headers['x-service-delivery'] === deliveryId);

  async function deliveryRows(): Promise<number> {
    return harness.count('webhooks.deliveries');
  }

  describe('resend', () => {
    it('delivers the same event and bytes again under a new X-Service-Delivery, and logs it apart', async () => {
      const hook = await createWebhook(acme);
      await harness.publish(acme.id, 'system.registered', SYSTEM_REGISTERED);
      const [original] = await settled(acme, hook.id, 1);
      const first = received(original!.delivery_id)!;

      const response = await harness.request(
        'POST',
        `/v1/webhooks/${hook.id}/deliveries/${original!.delivery_id}/resend`,
        acme.apiKey,
      );
      expect(response.statusCode).toBe(202);
      const resend = response.json<LoggedDelivery>();
      expect(resend).toEqual({
        delivery_id: expect.stringMatching(UUID_V7),
        event: 'system.registered',
        event_id: original!.event_id,
        outcome: 'pending',
        status_code: null,
        response_time_ms: null,
        attempt_count: 0,
        next_attempt_at: expect.any(String),
        test: false,
        resent_from: original!.delivery_id,
        created_at: expect.any(String),
        attempts: [],
      });
      expect(resend.delivery_id).not.toBe(original!.delivery_id);

      const log = await settled(acme, hook.id, 2);
      const again = received(resend.delivery_id)!;
      expect(again.verdict).toBe('ok');
      expect(again.rawBody.equals(first.rawBody)).toBe(true);
      expect(again.headers['x-service-event']).toBe('system.registered');
      expect(again.headers['x-service-hook-id']).toBe(hook.id);
      expect(log).toEqual([
        expect.objectContaining({
          delivery_id: resend.delivery_id,
          resent_from: original!.delivery_id,
          outcome: 'succeeded',
          attempt_count: 1,
        }),
        // The original's entry stays as it was.
        original,
      ]);

      expect(await readAuditEntries(harness, 'webhooks', original!.delivery_id)).toEqual([
        expect.objectContaining({
          action: 'delivery.resent',
          target_type: 'delivery',
          actor_type: 'api_key',
          before: null,
          after: { delivery_id: resend.delivery_id, webhook_id: hook.id, event: 'system.registered' },
        }),
      ]);
    });

    it('resends whatever the outcome: a failed test delivery comes again, as a test delivery', async () => {
      const hook = await createWebhook(acme);
      down.add(hook.id);
      const test = await sendTest(acme, hook.id, 'policy.violated');
      expect(test.success).toBe(false);
      down.delete(hook.id);

      const response = await harness.request(
        'POST',
        `/v1/webhooks/${hook.id}/deliveries/${test.delivery_id}/resend`,
        acme.apiKey,
      );
      expect(response.statusCode).toBe(202);
      const resend = response.json<LoggedDelivery>();
      expect(resend).toMatchObject({ event: 'policy.violated', test: true, resent_from: test.delivery_id });
      await settled(acme, hook.id, 2);
      expect(received(resend.delivery_id)!.rawBody.equals(received(test.delivery_id)!.rawBody)).toBe(true);
    });

    it('is a pending delivery like any other: a paused webhook gets it once it is active again', async () => {
      const hook = await createWebhook(acme);
      const test = await sendTest(acme, hook.id);
      const paused = await harness.request('PATCH', `/v1/webhooks/${hook.id}`, acme.apiKey, {
        active: false,
      });
      expect(paused.statusCode).toBe(200);

      const response = await harness.request(
        'POST',
        `/v1/webhooks/${hook.id}/deliveries/${test.delivery_id}/resend`,
        acme.apiKey,
      );
      expect(response.statusCode).toBe(202);
      const resend = response.json<LoggedDelivery>();
      const [row] = await harness.sql.query<Array<{ outcome: string; resent_from: string }>>(
        'SELECT outcome, resent_from FROM webhooks.deliveries WHERE id = $1',
        [resend.delivery_id],
      );
      expect(row).toEqual({ outcome: 'pending', resent_from: test.delivery_id });
      await sleep(300);
      expect(received(resend.delivery_id)).toBeUndefined();

      await harness.request('PATCH', `/v1/webhooks/${hook.id}`, acme.apiKey, { active: true });
      await eventually(async () => received(resend.delivery_id), 10_000, 'the resend');
    });

    it('answers 404 for a delivery of another webhook or organization, or none, and writes nothing', async () => {
      const mine = await createWebhook(acme);
      const sibling = await createWebhook(acme);
      const foreign = await createWebhook(globex);
      const siblingTest = await sendTest(acme, sibling.id);
      const foreignTest = await sendTest(globex, foreign.id);
      const before = await deliveryRows();

      const calls: Array<[TestOrganization, string, string]> = [
        [acme, mine.id, siblingTest.delivery_id],
        [acme, mine.id, foreignTest.delivery_id],
        [acme, foreign.id, foreignTest.delivery_id],
        [acme, mine.id, '019374b2-7c1e-7a3d-9f10-2b4c6d8e0f12'],
        [acme, mine.id, 'not-a-delivery'],
        [acme, 'wh_01JD5Y2B7C9D1E3F5G7H9J1K3M', siblingTest.delivery_id],
        [globex, sibling.id, siblingTest.delivery_id],
      ];
      for (const [org, hookId, deliveryId] of calls) {
        const response = await harness.request(
          'POST',
          `/v1/webhooks/${hookId}/deliveries/${deliveryId}/resend`,
          org.apiKey,
        );
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          error: { code: 'not_found', message: expect.any(String), details: null },
        });
      }
      expect(await deliveryRows()).toBe(before);
    });
  });

  describe('recover', () => {
    it('resends each failed delivery since the time once, bounded per call, skipping those resent by hand', async () => {
      const hook = await createWebhook(acme);
      const since = new Date().toISOString();
      down.add(hook.id);
      // Four events fail every attempt; a failed test call is not recovered.
      for (let i = 0; i < 4; i++) await harness.publish(acme.id, 'system.registered', SYSTEM_REGISTERED);
      await sendTest(acme, hook.id);
      const failed = (await settled(acme, hook.id, 5)).filter((entry) => !entry.test).reverse();
      expect(failed.map((entry) => [entry.outcome, entry.attempt_count])).toEqual(
        Array.from({ length: 4 }, () => ['failed', 3]),
      );
      const failedAttempts = receivedBy(hook.id).length;
      down.delete(hook.id);

      // The last one is resent by hand: recovery leaves it out.
      const byHand = await harness.request(
        'POST',
        `/v1/webhooks/${hook.id}/deliveries/${failed[3]!.delivery_id}/resend`,
        acme.apiKey,
      );
      expect(byHand.statusCode).toBe(202);
      await settled(acme, hook.id, 6);

      const recover = () =>
        harness.request('POST', `/v1/webhooks/${hook.id}/recover`, acme.apiKey, { since });
      const first = await recover();
      expect(first.statusCode).toBe(202);
      expect(first.json()).toEqual({ resent: RECOVER_MAX, has_more: true });
      const second = await recover();
      expect(second.json()).toEqual({ resent: 1, has_more: false });
      const log = await settled(acme, hook.id, 9);
      expect((await recover()).json()).toEqual({ resent: 0, has_more: false });

      const resends = log.filter((entry) => entry.resent_from !== null);
      expect(resends.map((entry) => entry.resent_from).sort()).toEqual(
        failed.map((entry) => entry.delivery_id).sort(),
      );
      expect(resends.every((entry) => entry.outcome === 'succeeded' && entry.attempt_count === 1)).toBe(true);
      // Oldest first: the bounded first call took the two oldest failures.
      const recovered = resends.filter((entry) => entry.resent_from !== failed[3]!.delivery_id);
      expect(new Set(recovered.map((entry) => entry.resent_from))).toEqual(
        new Set(failed.slice(0, 3).map((entry) => entry.delivery_id)),
      );
      for (const resend of resends) {
        const original = received(resend.resent_from!)!;
        const again = received(resend.delivery_id)!;
        expect(again.verdict).toBe('ok');
        expect(again.rawBody.equals(original.rawBody)).toBe(true);
      }
      // Each failed delivery came back exactly once, and nothing else was sent.
      expect(receivedBy(hook.id)).toHaveLength(failedAttempts + 4);
      // The originals' entries stay failed.
      const originals = log.filter((entry) => failed.some((f) => f.delivery_id === entry.delivery_id));
      expect(originals.every((entry) => entry.outcome === 'failed')).toBe(true);

      const audited = (await readAuditEntries(harness, 'webhooks', hook.id)).filter(
        (entry) => entry.action === 'webhook.deliveries_recovered',
      );
      expect(audited.map((details) => details.after)).toEqual([
        { since: new Date(since).toISOString(), resent: 2, has_more: true },
        { since: new Date(since).toISOString(), resent: 1, has_more: false },
        { since: new Date(since).toISOString(), resent: 0, has_more: false },
      ]);
    }, 60_000);

    it('refuses a since that is malformed, in the future or past retention, with 400, and writes nothing', async () => {
      const hook = await createWebhook(acme);
      const before = [await deliveryRows(), (await readOutbox(harness, 'webhooks')).length];
      const day = 24 * 60 * 60 * 1000;
      for (const body of [
        {},
        { since: null },
        { since: 12 },
        { since: 'yesterday' },
        { since: '2026-11-22' },
        { since: '2026-11-22T10:00:00' },
        { since: '2026-02-30T10:00:00Z' },
        { since: new Date(Date.now() + 60_000).toISOString() },
        { since: new Date(Date.now() - 31 * day).toISOString() },
        { since: new Date().toISOString(), extra: true },
      ]) {
        const response = await harness.request('POST', `/v1/webhooks/${hook.id}/recover`, acme.apiKey, body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          error: { code: 'validation_failed', message: expect.any(String), details: expect.any(Array) },
        });
      }
      expect([await deliveryRows(), (await readOutbox(harness, 'webhooks')).length]).toEqual(before);
    });

    it("answers 404 for another organization's webhook", async () => {
      const foreign = await createWebhook(globex);
      const response = await harness.request('POST', `/v1/webhooks/${foreign.id}/recover`, acme.apiKey, {
        since: new Date().toISOString(),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('not_found');
    });
  });

  describe('rotate the signing secret', () => {
    async function rotate(org: TestOrganization, hookId: string) {
      const response = await harness.request('POST', `/v1/webhooks/${hookId}/rotate-secret`, org.apiKey);
      expect(response.statusCode).toBe(200);
      return response.json<{ signing_secret: string; previous_secret_expires_at: string }>();
    }

    it('shows the new secret once; during the overlap either secret verifies, after it only the new one', async () => {
      const hook = await createWebhook(acme);
      const oldSecret = hook.signing_secret;
      const before = Date.now();
      const rotated = await rotate(acme, hook.id);
      const newSecret = rotated.signing_secret;
      expect(rotated).toEqual({
        signing_secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/),
        previous_secret_expires_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      });
      expect(newSecret).not.toBe(oldSecret);
      const overlapEnds = Date.parse(rotated.previous_secret_expires_at);
      expect(overlapEnds).toBeGreaterThanOrEqual(before + OVERLAP_MS - 1_000);
      expect(overlapEnds).toBeLessThanOrEqual(Date.now() + OVERLAP_MS + 1_000);

      // Never shown again.
      const fetched = await harness.request('GET', `/v1/webhooks/${hook.id}`, acme.apiKey);
      expect(fetched.json()).toMatchObject({
        previous_secret_expires_at: rotated.previous_secret_expires_at,
      });
      const listed = await harness.request('GET', '/v1/webhooks', acme.apiKey);
      for (const text of [fetched.body, listed.body]) {
        expect(text).not.toContain(newSecret.slice('whsec_'.length));
        expect(text).not.toContain('signing_secret');
      }
      const [sealed] = await harness.sql.query<
        Array<{ signing_secret_encrypted: string; previous_signing_secret_encrypted: string }>
      >(
        'SELECT signing_secret_encrypted, previous_signing_secret_encrypted FROM webhooks.webhooks WHERE id = $1',
        [hook.id],
      );
      expect(JSON.stringify(sealed)).not.toContain(newSecret.slice('whsec_'.length));
      expect(JSON.stringify(sealed)).not.toContain(oldSecret.slice('whsec_'.length));

      // During the overlap: a receiver that still holds the old secret, then one that holds the new.
      secrets.set(hook.id, oldSecret);
      const withOld = received((await sendTest(acme, hook.id)).delivery_id)!;
      secrets.set(hook.id, newSecret);
      await harness.publish(acme.id, 'system.registered', SYSTEM_REGISTERED);
      await settled(acme, hook.id, 2);
      const dispatched = receivedBy(hook.id).find(
        (delivery) => delivery.headers['x-service-event'] === 'system.registered',
      )!;
      for (const delivery of [withOld, dispatched]) {
        expect(delivery.verdict).toBe('ok');
        expect(delivery.status).toBe(200);
        expect(delivery.headers['x-service-signature-256']).toBe(
          `${hmac(newSecret, delivery.rawBody)},${hmac(oldSecret, delivery.rawBody)}`,
        );
        expect(signedWith(delivery, oldSecret)).toBe(true);
        expect(signedWith(delivery, newSecret)).toBe(true);
        expect(signedWith(delivery, 'whsec_another')).toBe(false);
      }

      await sleep(Math.max(0, overlapEnds - Date.now()) + 100);
      // After it: the old secret no longer verifies; the header is the spec's single signature again.
      secrets.set(hook.id, oldSecret);
      const refused = received((await sendTest(acme, hook.id)).delivery_id)!;
      expect(refused).toMatchObject({ verdict: 'mismatch', status: 403 });
      secrets.set(hook.id, newSecret);
      await harness.publish(acme.id, 'system.registered', SYSTEM_REGISTERED);
      const log = await settled(acme, hook.id, 4);
      const after = received(log[0]!.delivery_id)!;
      for (const delivery of [refused, after]) {
        expect(delivery.headers['x-service-signature-256']).toBe(hmac(newSecret, delivery.rawBody));
        expect(signedWith(delivery, oldSecret)).toBe(false);
        expect(signedWith(delivery, newSecret)).toBe(true);
      }
      expect(after).toMatchObject({ verdict: 'ok', status: 200 });
      const later = await harness.request('GET', `/v1/webhooks/${hook.id}`, acme.apiKey);
      expect(later.json()).toMatchObject({ previous_secret_expires_at: null });

      // The sweep forgets the sealed previous secret once its overlap has ended.
      await harness.service.app.get(DeliveryRetentionJob).run();
      const [kept] = await harness.sql.query<Array<{ previous: string | null; until: Date | null }>>(
        `SELECT previous_signing_secret_encrypted AS previous, previous_secret_expires_at AS until
         FROM webhooks.webhooks WHERE id = $1`,
        [hook.id],
      );
      expect(kept).toEqual({ previous: null, until: null });

      const audited = (await readAuditEntries(harness, 'webhooks', hook.id)).filter(
        (entry) => entry.action === 'webhook.secret_rotated',
      );
      expect(audited).toEqual([
        expect.objectContaining({
          target_type: 'webhook',
          actor_type: 'api_key',
          before: null,
          after: { previous_valid_until: rotated.previous_secret_expires_at },
        }),
      ]);
      const text = JSON.stringify(audited);
      for (const secret of [oldSecret, newSecret]) expect(text).not.toContain(secret.slice('whsec_'.length));
      expect(text).not.toContain(sealed!.signing_secret_encrypted);
    }, 30_000);

    it('rotating again during the overlap drops the oldest secret: only the newest two sign', async () => {
      const hook = await createWebhook(acme);
      const first = hook.signing_secret;
      const second = (await rotate(acme, hook.id)).signing_secret;
      const third = (await rotate(acme, hook.id)).signing_secret;
      secrets.set(hook.id, third);
      const delivery = received((await sendTest(acme, hook.id)).delivery_id)!;
      expect(delivery.headers['x-service-signature-256']).toBe(
        `${hmac(third, delivery.rawBody)},${hmac(second, delivery.rawBody)}`,
      );
      expect([first, second, third].map((secret) => signedWith(delivery, secret))).toEqual([
        false,
        true,
        true,
      ]);
    });

    it("answers 404 for another organization's webhook and changes nothing", async () => {
      const foreign = await createWebhook(globex);
      const [before] = await harness.sql.query<Array<Record<string, unknown>>>(
        'SELECT * FROM webhooks.webhooks WHERE id = $1',
        [foreign.id],
      );
      for (const id of [foreign.id, 'wh_01JD5Y2B7C9D1E3F5G7H9J1K3M', 'nope']) {
        const response = await harness.request('POST', `/v1/webhooks/${id}/rotate-secret`, acme.apiKey);
        expect(response.statusCode).toBe(404);
        expect(response.json<{ error: { code: string } }>().error.code).toBe('not_found');
      }
      const [after] = await harness.sql.query<Array<Record<string, unknown>>>(
        'SELECT * FROM webhooks.webhooks WHERE id = $1',
        [foreign.id],
      );
      expect(after).toEqual(before);
    });
  });

  it('refuses viewers and editors with 403 on all three, and changes nothing', async () => {
    const hook = await createWebhook(acme);
    const test = await sendTest(acme, hook.id);
    const snapshot = async (): Promise<unknown[]> => [
      await harness.sql.query<unknown[]>('SELECT * FROM webhooks.webhooks WHERE id = $1', [hook.id]),
      await harness.sql.query<unknown[]>(
        'SELECT id, outcome FROM webhooks.deliveries WHERE webhook_id = $1',
        [hook.id],
      ),
      (await readOutbox(harness, 'webhooks')).length,
    ];
    const before = await snapshot();
    for (const role of ['viewer', 'editor'] as const) {
      const member = await harness.createMember(acme.id, role);
      for (const [url, body] of [
        [`/v1/webhooks/${hook.id}/deliveries/${test.delivery_id}/resend`, undefined],
        [`/v1/webhooks/${hook.id}/recover`, { since: new Date(Date.now() - 60_000).toISOString() }],
        [`/v1/webhooks/${hook.id}/rotate-secret`, undefined],
      ] as const) {
        const response = await harness.request('POST', url, undefined, body, member.headers);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({
          error: { code: 'forbidden', details: { permission: 'webhooks:write' } },
        });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  describe('delivery log filters', () => {
    it('narrows by outcome, event type and creation time, and pages within the filter', async () => {
      const hook = await createWebhook(acme);
      const early = await sendTest(acme, hook.id, 'drift.detected');
      await sleep(20);
      const middle = new Date().toISOString();
      down.add(hook.id);
      const failed = await sendTest(acme, hook.id, 'policy.violated');
      down.delete(hook.id);
      await sleep(20);
      const cut = new Date().toISOString();
      await sleep(20);
      const late = await sendTest(acme, hook.id, 'drift.detected');
      const ids = async (query: string) =>
        (await logOf(acme, hook.id, query)).map((entry) => entry.delivery_id);

      expect(await ids('')).toEqual([late.delivery_id, failed.delivery_id, early.delivery_id]);
      expect(await ids('?outcome=failed')).toEqual([failed.delivery_id]);
      expect(await ids('?outcome=succeeded')).toEqual([late.delivery_id, early.delivery_id]);
      expect(await ids('?outcome=pending')).toEqual([]);
      expect(await ids('?event=drift.detected')).toEqual([late.delivery_id, early.delivery_id]);
      expect(await ids(`?since=${encodeURIComponent(middle)}`)).toEqual([
        late.delivery_id,
        failed.delivery_id,
      ]);
      expect(await ids(`?until=${encodeURIComponent(cut)}`)).toEqual([failed.delivery_id, early.delivery_id]);
      expect(
        await ids(
          `?since=${encodeURIComponent(middle)}&until=${encodeURIComponent(cut)}&event=policy.violated`,
        ),
      ).toEqual([failed.delivery_id]);

      const page = await harness.request(
        'GET',
        `/v1/webhooks/${hook.id}/deliveries?event=drift.detected&limit=1`,
        acme.apiKey,
      );
      const { data, next_cursor } = page.json<{ data: LoggedDelivery[]; next_cursor: string }>();
      expect(data.map((entry) => entry.delivery_id)).toEqual([late.delivery_id]);
      const next = await ids(`?event=drift.detected&limit=1&cursor=${encodeURIComponent(next_cursor)}`);
      expect(next).toEqual([early.delivery_id]);

      for (const query of [
        '?outcome=lost',
        '?event=nope',
        '?since=yesterday',
        '?until=2026-11-22',
        '?since=2026-11-22T10:00:00',
      ]) {
        const response = await harness.request(
          'GET',
          `/v1/webhooks/${hook.id}/deliveries${query}`,
          acme.apiKey,
        );
        expect(response.statusCode).toBe(400);
        expect(response.json<{ error: { code: string } }>().error.code).toBe('validation_failed');
      }
    });
  });
});
