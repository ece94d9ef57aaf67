import { startWebhookReceiver, type WebhookReceiver } from '@governance/testing';
import { eventually, SYSTEM_REGISTERED, WebhooksHarness } from '../testing/webhooks-harness';

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
    const org = await harness.createOrganization();
    const created = await harness.request('POST', '/v1/webhooks', org.apiKey, {
      url: receiver.url,
      events: ['system.registered'],
    });
    expect(created.statusCode).toBe(201);
    const hook = created.json<{ id: string; signing_secret: string }>();
    secrets.set(hook.id, hook.signing_secret);

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

    const log = await eventually(
      async () => {
        const response = await harness.request('GET', `/v1/webhooks/${hook.id}/deliveries`, org.apiKey);
        const entries = response.json<{ data: Array<{ outcome: string; attempt_count: number }> }>().data;
        return entries.length === 14 && entries.every((entry) => entry.outcome === 'succeeded') && entries;
      },
      15_000,
      'fourteen deliveries recorded',
    );
    expect(log.map((entry) => entry.attempt_count)).toEqual(Array.from({ length: 14 }, () => 1));
    expect(receiver.deliveries).toHaveLength(14);
    expect(receiver.deliveries.every((delivery) => delivery.verdict === 'ok')).toBe(true);
  }, 60_000);
});
