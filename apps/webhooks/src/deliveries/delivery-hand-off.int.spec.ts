import { newUuidV7 } from '@governance/contracts';
import { startWebhookReceiver, type WebhookReceiver } from '@governance/testing';
import { DeliveryAttemptExecutor } from './delivery-attempt.executor';
import { type ClaimedAttempt, DeliveryQueueRepository } from './delivery-queue.repository';
import {
  eventually,
  SYSTEM_REGISTERED,
  type TestOrganization,
  WebhooksHarness,
} from '../testing/webhooks-harness';

/** Every claim statement the dispatcher runs, and every delivery the fan-out creates leased, as returned. */
function watchDispatch(harness: WebhooksHarness) {
  const deliveries = harness.service.app.get(DeliveryQueueRepository);
  const claims: Array<{ at: number; attempts: ClaimedAttempt[] }> = [];
  const leased: ClaimedAttempt[][] = [];
  const claimDue = deliveries.claimDue.bind(deliveries);
  const fanOut = deliveries.fanOut.bind(deliveries);
  jest.spyOn(deliveries, 'claimDue').mockImplementation(async (...args) => {
    const attempts = await claimDue(...args);
    claims.push({ at: Date.now(), attempts });
    return attempts;
  });
  jest.spyOn(deliveries, 'fanOut').mockImplementation(async (...args) => {
    const fanned = await fanOut(...args);
    leased.push(fanned.leased);
    return fanned;
  });
  return {
    claims,
    leased,
    claimedIds: () => claims.flatMap((claim) => claim.attempts.map((attempt) => attempt.deliveryId)),
  };
}

async function subscribe(
  harness: WebhooksHarness,
  org: TestOrganization,
  url: string,
  secrets: Map<string, string>,
): Promise<string> {
  const created = await harness.request('POST', '/v1/webhooks', org.apiKey, {
    url,
    events: ['system.registered'],
  });
  expect(created.statusCode).toBe(201);
  const hook = created.json<{ id: string; signing_secret: string }>();
  secrets.set(hook.id, hook.signing_secret);
  return hook.id;
}

async function attemptsOf(harness: WebhooksHarness, deliveryIds: string[]) {
  return harness.sql.query<Array<{ delivery_id: string; attempt: number; status_code: number }>>(
    `SELECT delivery_id, attempt, status_code FROM webhooks.delivery_attempts
     WHERE delivery_id = ANY($1::uuid[]) ORDER BY delivery_id, attempt`,
    [deliveryIds],
  );
}

/**
 * One slot (so three places: one in flight, two claimed ahead) and a poll far beyond the test: a claim
 * statement here is one the dispatcher made for work it was told of, never one of its polls.
 */
describe('deliveries handed from the fan-out to the dispatcher', () => {
  let harness: WebhooksHarness;
  let receiver: WebhookReceiver;
  let watched: ReturnType<typeof watchDispatch>;
  const secrets = new Map<string, string>();
  const concurrent = { now: 0, most: 0 };

  beforeAll(async () => {
    harness = await WebhooksHarness.start({
      env: { WEBHOOK_DISPATCH_CONCURRENCY: '1', WEBHOOK_DISPATCH_POLL_MS: '60000' },
    });
    receiver = await startWebhookReceiver({
      secret: (hookId) => secrets.get(hookId),
      respond: async () => {
        concurrent.now += 1;
        concurrent.most = Math.max(concurrent.most, concurrent.now);
        await new Promise((resolve) => setTimeout(resolve, 50));
        concurrent.now -= 1;
        return 200;
      },
    });
    watched = watchDispatch(harness);
  });

  afterAll(async () => {
    await receiver.close();
    await harness.close();
  });

  it('sends a fanned-out delivery without a claim statement, and records its attempt 1', async () => {
    const org = await harness.createOrganization();
    const hookId = await subscribe(harness, org, receiver.url, secrets);
    const claimsBefore = watched.claims.length;

    await harness.publish(org.id, 'system.registered', SYSTEM_REGISTERED, { severity: 'INFO' });
    const [delivery] = await eventually(
      async () => {
        const rows = await harness.sql.query<Array<{ id: string; outcome: string; attempt_count: number }>>(
          'SELECT id, outcome, attempt_count FROM webhooks.deliveries WHERE webhook_id = $1',
          [hookId],
        );
        return rows.length === 1 && rows[0]!.outcome !== 'pending' && rows;
      },
      15_000,
      'the delivery to be recorded',
    );

    expect(delivery).toEqual({ id: expect.any(String), outcome: 'succeeded', attempt_count: 1 });
    expect(watched.leased.flat().map((attempt) => [attempt.deliveryId, attempt.attempt])).toContainEqual([
      delivery!.id,
      1,
    ]);
    expect(watched.claims).toHaveLength(claimsBefore);
    expect(await attemptsOf(harness, [delivery!.id])).toEqual([
      { delivery_id: delivery!.id, attempt: 1, status_code: 200 },
    ]);
    const received = receiver.deliveries.filter((request) => request.headers['x-service-hook-id'] === hookId);
    expect(received.map((request) => [request.headers['x-service-delivery'], request.verdict])).toEqual([
      [delivery!.id, 'ok'],
    ]);
  }, 60_000);

  it('hands over only what the dispatcher has room for, and leaves the rest due for its claims', async () => {
    const org = await harness.createOrganization();
    const hookIds: string[] = [];
    for (let i = 0; i < 8; i++) hookIds.push(await subscribe(harness, org, receiver.url, secrets));
    const leasedBefore = watched.leased.length;

    await harness.publish(org.id, 'system.registered', SYSTEM_REGISTERED, { severity: 'INFO' });
    const deliveries = await eventually(
      async () => {
        const rows = await harness.sql.query<Array<{ id: string; outcome: string }>>(
          'SELECT id, outcome FROM webhooks.deliveries WHERE webhook_id = ANY($1::text[]) ORDER BY id',
          [hookIds],
        );
        return rows.length === 8 && rows.every((row) => row.outcome !== 'pending') && rows;
      },
      20_000,
      'eight deliveries to be recorded',
    );

    const ids = deliveries.map((delivery) => delivery.id);
    expect(deliveries.every((delivery) => delivery.outcome === 'succeeded')).toBe(true);
    // One slot and two claimed ahead: three places, all free when the event came.
    const handedOver = watched.leased.slice(leasedBefore).flat();
    expect(handedOver).toHaveLength(3);
    const claimed = watched.claimedIds().filter((id) => ids.includes(id));
    expect([...handedOver.map((attempt) => attempt.deliveryId), ...claimed].sort()).toEqual(ids);
    expect(concurrent.most).toBe(1);
    const attempts = await attemptsOf(harness, ids);
    expect(attempts.map((attempt) => attempt.attempt)).toEqual(ids.map(() => 1));
    const sent = receiver.deliveries
      .filter((request) => hookIds.includes(String(request.headers['x-service-hook-id'])))
      .map((request) => String(request.headers['x-service-delivery']));
    expect(sent.sort()).toEqual(ids);
  }, 60_000);
});

/**
 * A delivery created leased to a dispatcher that then died, its attempt 1 sent and never recorded: this
 * process's dispatcher must leave it alone while the lease lasts, then make that same attempt 1 again.
 */
describe('a handed-over delivery whose dispatcher died', () => {
  const LEASE_MS = 1_000;
  let harness: WebhooksHarness;
  let receiver: WebhookReceiver;
  const secrets = new Map<string, string>();

  beforeAll(async () => {
    harness = await WebhooksHarness.start({
      env: { WEBHOOK_CLAIM_LEASE_MS: String(LEASE_MS), WEBHOOK_RETRY_DELAYS_MS: '300,600' },
    });
    // The dead dispatcher's attempt 1 succeeds unrecorded, the second try at attempt 1 fails, attempt 2 succeeds.
    let requests = 0;
    receiver = await startWebhookReceiver({
      secret: (hookId) => secrets.get(hookId),
      respond: () => ((requests += 1) === 2 ? 500 : 200),
    });
  });

  afterAll(async () => {
    await receiver.close();
    await harness.close();
  });

  it('is claimed once its lease ends, and every attempt carries the same delivery id', async () => {
    const org = await harness.createOrganization();
    const hookId = await subscribe(harness, org, receiver.url, secrets);
    const watched = watchDispatch(harness);
    const deliveryId = newUuidV7();

    const createdAt = Date.now();
    const eventId = newUuidV7();
    const {
      leased: [leased],
    } = await harness.service.app.get(DeliveryQueueRepository).fanOut(
      [{ consumerGroup: 'webhooks.dispatcher', eventId }],
      [
        {
          id: deliveryId,
          organizationId: org.id,
          webhookId: hookId,
          eventId,
          eventType: 'system.registered',
          payload: JSON.stringify({ event: 'system.registered' }),
        },
      ],
      { count: 1, leaseMs: LEASE_MS },
    );
    expect(leased).toMatchObject({ deliveryId, attempt: 1, url: receiver.url });
    // The dead dispatcher's send; its outcome is never recorded and its lease never released.
    await harness.service.app.get(DeliveryAttemptExecutor).execute(leased!);

    const finished = await eventually(
      async () => {
        const rows = await harness.sql.query<Array<{ outcome: string; attempt_count: number }>>(
          'SELECT outcome, attempt_count FROM webhooks.deliveries WHERE id = $1',
          [deliveryId],
        );
        return rows[0]?.outcome !== 'pending' && rows[0];
      },
      15_000,
      'the delivery to finish',
    );

    expect(finished).toEqual({ outcome: 'succeeded', attempt_count: 2 });
    expect(await attemptsOf(harness, [deliveryId])).toEqual([
      { delivery_id: deliveryId, attempt: 1, status_code: 500 },
      { delivery_id: deliveryId, attempt: 2, status_code: 200 },
    ]);
    const claimsOfIt = watched.claims.flatMap(({ at, attempts }) =>
      attempts.filter((attempt) => attempt.deliveryId === deliveryId).map(({ attempt }) => ({ at, attempt })),
    );
    expect(claimsOfIt.map((claim) => claim.attempt)).toEqual([1, 2]);
    expect(claimsOfIt[0]!.at - createdAt).toBeGreaterThanOrEqual(LEASE_MS);
    expect(receiver.deliveries.map((request) => request.headers['x-service-delivery'])).toEqual([
      deliveryId,
      deliveryId,
      deliveryId,
    ]);
    expect(receiver.deliveries.every((request) => request.verdict === 'ok')).toBe(true);
    expect(receiver.deliveries[1]!.receivedAt - createdAt).toBeGreaterThanOrEqual(LEASE_MS);
  }, 60_000);
});
