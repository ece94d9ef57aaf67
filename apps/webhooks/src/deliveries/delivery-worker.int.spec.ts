import { startWebhookReceiver, type WebhookReceiver } from '@governance/testing';
import { eventually, SYSTEM_REGISTERED, WebhooksHarness } from '../testing/webhooks-harness';

async function subscribe(harness: WebhooksHarness, url: string, secrets: Map<string, string>) {
  const org = await harness.createOrganization();
  const created = await harness.request('POST', '/v1/webhooks', org.apiKey, {
    url,
    events: ['system.registered'],
  });
  expect(created.statusCode).toBe(201);
  const hook = created.json<{ id: string; signing_secret: string }>();
  secrets.set(hook.id, hook.signing_secret);
  return { org, hook };
}

/** The webhook's delivery log once it holds `count` deliveries, every one succeeded. */
function allSucceeded(
  harness: WebhooksHarness,
  apiKey: string,
  hookId: string,
  count: number,
  timeoutMs = 15_000,
) {
  return eventually(
    async () => {
      const response = await harness.request('GET', `/v1/webhooks/${hookId}/deliveries`, apiKey);
      const entries = response.json<{ data: Array<{ outcome: string; attempt_count: number }> }>().data;
      return entries.length === count && entries.every((entry) => entry.outcome === 'succeeded') && entries;
    },
    timeoutMs,
    `${count} deliveries recorded as succeeded`,
  );
}

describe('delivery worker', () => {
  let harness: WebhooksHarness;
  let receiver: WebhookReceiver;
  const secrets = new Map<string, string>();

  beforeAll(async () => {
    harness = await WebhooksHarness.start({ env: { WEBHOOK_DISPATCH_CONCURRENCY: '2' } });
    receiver = await startWebhookReceiver({ secret: (hookId) => secrets.get(hookId) });
  });

  afterAll(async () => {
    await receiver.close();
    await harness.close();
  });

  it('frees a slot once the response is in, and holds slots once 4 × `concurrency` outcomes await their commit', async () => {
    const { org, hook } = await subscribe(harness, receiver.url, secrets);

    // Recording an outcome inserts its attempt; holding this lock holds every record statement.
    const blocker = harness.sql.createQueryRunner();
    await blocker.startTransaction();
    await blocker.query('LOCK TABLE webhooks.delivery_attempts IN EXCLUSIVE MODE');
    try {
      for (let i = 0; i < 14; i++)
        await harness.publish(org.id, 'system.registered', SYSTEM_REGISTERED, { severity: 'INFO' });
      // Two slots: eight attempts whose outcomes wait for their commit free their slots, and the next
      // two keep theirs, since eight outcomes are already waiting.
      await eventually(async () => receiver.deliveries.length >= 10, 15_000, 'ten POSTs');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(receiver.deliveries).toHaveLength(10);
    } finally {
      await blocker.rollbackTransaction();
      await blocker.release();
    }

    const log = await allSucceeded(harness, org.apiKey, hook.id, 14);
    expect(log.map((entry) => entry.attempt_count)).toEqual(Array.from({ length: 14 }, () => 1));
    expect(receiver.deliveries).toHaveLength(14);
    expect(receiver.deliveries.every((delivery) => delivery.verdict === 'ok')).toBe(true);
  }, 60_000);
});

describe('delivery worker behind a slow endpoint', () => {
  let harness: WebhooksHarness;
  let receiver: WebhookReceiver;
  const secrets = new Map<string, string>();

  beforeAll(async () => {
    // One slot and a 2 s time-out: an attempt claimed ahead may wait 1 s for the slot, and each answer
    // takes 1.1 s, so the two claimed behind the first are let go. The answer stays 0.9 s inside the
    // time-out, since a time-out under load would be a failed attempt, not what this test is about.
    // The 2 s lease is renewed every 0.67 s, so a renewal may be late by over a second.
    harness = await WebhooksHarness.start({
      env: {
        WEBHOOK_DISPATCH_CONCURRENCY: '1',
        WEBHOOK_TIMEOUT_MS: '2000',
        WEBHOOK_CLAIM_LEASE_MS: '2000',
      },
    });
    receiver = await startWebhookReceiver({
      secret: (hookId) => secrets.get(hookId),
      respond: () => ({ status: 200, delayMs: 1_100 }),
    });
  });

  afterAll(async () => {
    await receiver.close();
    await harness.close();
  });

  it('lets an attempt that waited too long for a slot go, so its lease never ends while it is sent', async () => {
    const { org, hook } = await subscribe(harness, receiver.url, secrets);
    for (let i = 0; i < 3; i++)
      await harness.publish(org.id, 'system.registered', SYSTEM_REGISTERED, { severity: 'INFO' });

    // Each let-go attempt waits out its lease before it is claimed again: about 7 s in all when idle.
    const log = await allSucceeded(harness, org.apiKey, hook.id, 3, 40_000);
    expect(log.map((entry) => entry.attempt_count)).toEqual([1, 1, 1]);
    // Each attempt is sent once: none is sent while let go, and none is claimed again while in flight.
    const sent = receiver.deliveries.map((delivery) => String(delivery.headers['x-service-delivery']));
    expect(sent).toHaveLength(3);
    expect(new Set(sent).size).toBe(3);
  }, 60_000);
});
