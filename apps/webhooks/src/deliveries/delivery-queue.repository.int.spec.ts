import { newUuidV7 } from '@governance/contracts';
import { DeliveryWorker } from './delivery-worker';
import { type TestOrganization, WebhooksHarness } from '../testing/webhooks-harness';
import {
  type AttemptRecord,
  CLAIM_DUE_SQL,
  type ClaimedAttempt,
  DeliveryQueueRepository,
  type NewDelivery,
} from './delivery-queue.repository';
import { DeliveryLogRepository } from './delivery-log.repository';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}

/**
 * Claims and outcomes against real Postgres, with the dispatcher stopped so the test alone drives the
 * repository.
 */
describe('the delivery queue: claims and outcomes', () => {
  let harness: WebhooksHarness;
  let deliveries: DeliveryQueueRepository;
  let log: DeliveryLogRepository;
  let org: TestOrganization;

  beforeAll(async () => {
    harness = await WebhooksHarness.start();
    await harness.service.app.get(DeliveryWorker).beforeApplicationShutdown();
    deliveries = harness.service.app.get(DeliveryQueueRepository);
    log = harness.service.app.get(DeliveryLogRepository);
    org = await harness.createOrganization();
  }, 120_000);

  afterAll(async () => {
    await harness.close();
  });

  beforeEach(async () => {
    await harness.sql.query('TRUNCATE webhooks.deliveries CASCADE');
  });

  async function webhook(): Promise<string> {
    const response = await harness.request('POST', '/v1/webhooks', org.apiKey, {
      url: 'http://127.0.0.1:9/hook',
      events: ['system.registered'],
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string }>().id;
  }

  /** Due in the order returned: one statement each, so each gets its own `now()`. */
  async function pending(webhookId: string, count: number): Promise<string[]> {
    const ids = Array.from({ length: count }, () => newUuidV7());
    for (const id of ids) await backlog(webhookId, [id]);
    return ids;
  }

  /** The dispatcher's fan-out of `created`, each delivery's event new to it. */
  function fanOut(created: NewDelivery[], lease: { count: number; leaseMs: number }) {
    const events = created.map(({ eventId }) => ({ consumerGroup: 'webhooks.dispatcher', eventId }));
    return deliveries.fanOut(events, created, lease);
  }

  async function backlog(webhookId: string, ids: string[]): Promise<void> {
    await fanOut(
      ids.map((id) => ({
        id,
        organizationId: org.id,
        webhookId,
        eventId: newUuidV7(),
        eventType: 'system.registered',
        payload: '{}',
      })),
      { count: 0, leaseMs: 0 },
    );
  }

  function outcome(claim: ClaimedAttempt, success: boolean, retryInMs: number | null): AttemptRecord {
    return {
      deliveryId: claim.deliveryId,
      attempt: claim.attempt,
      attemptedAt: new Date(),
      statusCode: success ? 200 : 500,
      responseTimeMs: 3,
      error: success ? null : 'http_status',
      responseBody: success ? 'ok' : 'unavailable',
      responseBodyTruncated: false,
      outcome: success ? 'succeeded' : retryInMs === null ? 'failed' : 'pending',
      retryInMs,
    };
  }

  it('walks the due index to the limit instead of sorting the whole backlog', async () => {
    const hookId = await webhook();
    await backlog(
      hookId,
      Array.from({ length: 6_000 }, () => newUuidV7()),
    );
    await harness.sql.query('ANALYZE webhooks.deliveries');

    const [explained] = await harness.sql.query<Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>>(
      `EXPLAIN (FORMAT JSON) ${CLAIM_DUE_SQL}`,
      [64, 60_000],
    );
    const nodes = planNodes(explained!['QUERY PLAN'][0]!.Plan);
    expect(nodes.map((node) => node['Node Type'])).not.toContain('Sort');
    expect(nodes.filter((node) => node['Relation Name'] === 'deliveries')).not.toContainEqual(
      expect.objectContaining({ 'Node Type': 'Seq Scan' }),
    );
    expect(nodes.some((node) => node['Index Name'] === 'deliveries_due_idx')).toBe(true);
  }, 60_000);

  it('commits a claim without waiting for its WAL flush, and only that claim', async () => {
    const hookId = await webhook();
    await pending(hookId, 1);
    const settings = await harness.sql.transaction(async (manager) => {
      const claimed = await manager.query<[unknown[], number]>(CLAIM_DUE_SQL, [10, 60_000]);
      const [inside] = await manager.query<Array<{ synchronous_commit: string }>>('SHOW synchronous_commit');
      return { claimed: claimed[0].length, inside: inside!.synchronous_commit };
    });
    expect(settings).toEqual({ claimed: 1, inside: 'off' });
    const runner = harness.sql.createQueryRunner();
    try {
      await runner.query(CLAIM_DUE_SQL, [10, 60_000]);
      const after = (await runner.query('SHOW synchronous_commit')) as Array<{ synchronous_commit: string }>;
      expect(after[0]!.synchronous_commit).toBe('on');
    } finally {
      await runner.release();
    }
  }, 60_000);

  it('claims oldest first, never twice while leased, and the same attempt again once the lease ends', async () => {
    const hookId = await webhook();
    const ids = await pending(hookId, 3);

    const first = await deliveries.claimDue(2, 1_000);
    expect(first.map((claim) => [claim.deliveryId, claim.attempt])).toEqual(
      expect.arrayContaining([
        [ids[0], 1],
        [ids[1], 1],
      ]),
    );
    expect(first).toHaveLength(2);
    const second = await deliveries.claimDue(10, 1_000);
    expect(second.map((claim) => claim.deliveryId)).toEqual([ids[2]]);
    expect(await deliveries.claimDue(10, 1_000)).toEqual([]);

    const [leased] = await harness.sql.query<Array<{ outcome: string; attempt_count: number }>>(
      'SELECT outcome, attempt_count FROM webhooks.deliveries WHERE id = $1',
      [ids[0]],
    );
    expect(leased).toEqual({ outcome: 'pending', attempt_count: 0 });
    const [logged] = await log.listLog(org.id, hookId, 60_000, {}, 10);
    expect(Date.parse(logged!.next_attempt_at!)).toBeGreaterThan(Date.now());

    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const retaken = await deliveries.claimDue(10, 60_000);
    expect(retaken.map((claim) => [claim.deliveryId, claim.attempt])).toEqual(
      expect.arrayContaining(ids.map((id) => [id, 1])),
    );
    expect(retaken).toHaveLength(ids.length);
  }, 60_000);

  it('creates the first deliveries leased as a claim would, returns them as claimed, and leaves the rest due', async () => {
    const hookId = await webhook();
    const inactiveId = await webhook();
    await harness.sql.query('UPDATE webhooks.webhooks SET active = false WHERE id = $1', [inactiveId]);
    const ids = [newUuidV7(), newUuidV7(), newUuidV7(), newUuidV7()];
    const created = (webhookId: string, id: string) => ({
      id,
      organizationId: org.id,
      webhookId,
      eventId: newUuidV7(),
      eventType: 'system.registered',
      payload: '{"n":1}',
      traceParent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
    });

    const { leased } = await fanOut(
      [
        created(hookId, ids[0]!),
        created(inactiveId, ids[1]!),
        created(hookId, ids[2]!),
        created(hookId, ids[3]!),
      ],
      { count: 3, leaseMs: 1_000 },
    );
    // The inactive webhook's delivery is neither leased nor handed over, as a claim would skip it.
    expect(leased).toHaveLength(2);
    expect(leased).toEqual(
      expect.arrayContaining(
        [ids[0], ids[2]].map((deliveryId) => ({
          deliveryId,
          webhookId: hookId,
          organizationId: org.id,
          eventType: 'system.registered',
          payload: '{"n":1}',
          attempt: 1,
          url: 'http://127.0.0.1:9/hook',
          signingSecretEncrypted: expect.any(String),
          previousSigningSecretEncrypted: null,
          traceParent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
        })),
      ),
    );
    expect((await deliveries.claimDue(10, 60_000)).map((claim) => claim.deliveryId)).toEqual([ids[3]]);
    const renewed = await deliveries.renewLeases(leased, 1_000);
    expect([...renewed].sort()).toEqual([ids[0], ids[2]].sort());

    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const retaken = await deliveries.claimDue(10, 60_000);
    expect(retaken.map((claim) => [claim.deliveryId, claim.attempt]).sort()).toEqual(
      [ids[0], ids[2]].sort().map((id) => [id, 1]),
    );
  }, 60_000);

  it('makes deliveries only of events the group had not processed, and marks them in the same statement', async () => {
    const hookId = await webhook();
    const seen = newUuidV7();
    const fresh = newUuidV7();
    const delivery = (eventId: string) => ({
      id: newUuidV7(),
      organizationId: org.id,
      webhookId: hookId,
      eventId,
      eventType: 'system.registered',
      payload: '{}',
    });
    await fanOut([delivery(seen)], { count: 0, leaseMs: 0 });

    const events = [seen, fresh].map((eventId) => ({ consumerGroup: 'webhooks.dispatcher', eventId }));
    // The repeat of `seen` comes with a new delivery id, as a redelivered event's fan-out makes one; the
    // one place reserved goes to the delivery actually made.
    const made = delivery(fresh);
    const again = await deliveries.fanOut(events, [delivery(seen), made], { count: 1, leaseMs: 1_000 });
    expect([...again.fresh]).toEqual([fresh]);
    expect(again.leased.map((attempt) => attempt.deliveryId)).toEqual([made.id]);
    const rows = await harness.sql.query<Array<{ event_id: string }>>(
      'SELECT event_id FROM webhooks.deliveries ORDER BY event_id',
    );
    expect(rows.map((row) => row.event_id)).toEqual([seen, fresh].sort());
    const marks = await harness.sql.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM webhooks.processed_events
       WHERE consumer_group = 'webhooks.dispatcher' AND event_id = ANY($1::uuid[])`,
      [[seen, fresh]],
    );
    expect(marks[0]!.count).toBe(2);

    // A statement that fails leaves neither marks nor deliveries.
    const failing = newUuidV7();
    await expect(
      deliveries.fanOut(
        [{ consumerGroup: 'webhooks.dispatcher', eventId: failing }],
        [{ ...delivery(failing), webhookId: 'not-a-webhook' }],
        { count: 1, leaseMs: 1_000 },
      ),
    ).rejects.toThrow();
    const [left] = await harness.sql.query<Array<{ marks: number; deliveries: number }>>(
      `SELECT (SELECT count(*)::int FROM webhooks.processed_events WHERE event_id = $1) AS marks,
              (SELECT count(*)::int FROM webhooks.deliveries WHERE event_id = $1) AS deliveries`,
      [failing],
    );
    expect(left).toEqual({ marks: 0, deliveries: 0 });
  });

  it('records many outcomes in one statement; a retry is due on its own schedule, not the lease', async () => {
    const hookId = await webhook();
    const ids = await pending(hookId, 3);
    const claimed = new Map(
      (await deliveries.claimDue(10, 60_000)).map((claim) => [claim.deliveryId, claim]),
    );
    const [succeeds, retries, fails] = ids.map((id) => claimed.get(id));

    const recorded = await deliveries.recordAttempts([
      outcome(succeeds!, true, null),
      outcome(retries!, false, 0),
      outcome(fails!, false, null),
    ]);
    expect(recorded.sort()).toEqual([...ids].sort());

    const again = await deliveries.claimDue(10, 60_000);
    expect(again.map((claim) => [claim.deliveryId, claim.attempt])).toEqual([[retries!.deliveryId, 2]]);

    const rows = await harness.sql.query<
      Array<{ id: string; outcome: string; attempt_count: number; status_code: number | null }>
    >('SELECT id, outcome, attempt_count, status_code FROM webhooks.deliveries ORDER BY created_at');
    expect(rows).toEqual([
      { id: ids[0], outcome: 'succeeded', attempt_count: 1, status_code: 200 },
      { id: ids[1], outcome: 'pending', attempt_count: 1, status_code: 500 },
      { id: ids[2], outcome: 'failed', attempt_count: 1, status_code: 500 },
    ]);
    const attempts = await harness.sql.query<
      Array<{ delivery_id: string; attempt: number; error: string | null; response_time_ms: number }>
    >(
      `SELECT a.delivery_id, a.attempt, a.error, a.response_time_ms
       FROM webhooks.delivery_attempts a JOIN webhooks.deliveries d ON d.id = a.delivery_id
       ORDER BY d.created_at`,
    );
    expect(attempts).toEqual([
      { delivery_id: ids[0], attempt: 1, error: null, response_time_ms: 3 },
      { delivery_id: ids[1], attempt: 1, error: 'http_status', response_time_ms: 3 },
      { delivery_id: ids[2], attempt: 1, error: 'http_status', response_time_ms: 3 },
    ]);
  }, 60_000);

  it('ignores an outcome for an attempt the delivery no longer expects', async () => {
    const hookId = await webhook();
    await pending(hookId, 1);
    const [claim] = await deliveries.claimDue(1, 100);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [takenOver] = await deliveries.claimDue(1, 60_000);
    expect(takenOver).toMatchObject({ deliveryId: claim!.deliveryId, attempt: 1 });

    expect(await deliveries.recordAttempts([outcome(takenOver!, true, null)])).toEqual([claim!.deliveryId]);
    expect(await deliveries.recordAttempts([outcome(claim!, false, 0)])).toEqual([]);

    const attempts = await harness.sql.query<Array<{ attempt: number; status_code: number }>>(
      'SELECT attempt, status_code FROM webhooks.delivery_attempts WHERE delivery_id = $1',
      [claim!.deliveryId],
    );
    expect(attempts).toEqual([{ attempt: 1, status_code: 200 }]);
  }, 60_000);

  it('renews leases without waiting on an attempt whose outcome is being recorded', async () => {
    const hookId = await webhook();
    await pending(hookId, 2);
    const [recording, inFlight] = await deliveries.claimDue(2, 60_000);
    const renewed = await harness.sql.transaction(async (manager) => {
      // Holds the row lock that recording an outcome takes; a renewal waiting on it could deadlock.
      await manager.query('SELECT 1 FROM webhooks.deliveries WHERE id = $1 FOR UPDATE', [
        recording!.deliveryId,
      ]);
      return await deliveries.renewLeases([recording!, inFlight!], 60_000);
    });
    expect([...renewed]).toEqual([inFlight!.deliveryId]);
  }, 60_000);

  it('leaves deliveries of an inactive webhook unclaimed until it is active again', async () => {
    const hookId = await webhook();
    const [id] = await pending(hookId, 1);
    await harness.sql.query('UPDATE webhooks.webhooks SET active = false WHERE id = $1', [hookId]);
    expect(await deliveries.claimDue(10, 60_000)).toEqual([]);
    await harness.sql.query('UPDATE webhooks.webhooks SET active = true WHERE id = $1', [hookId]);
    expect((await deliveries.claimDue(10, 60_000)).map((claim) => claim.deliveryId)).toEqual([id]);
  }, 60_000);
});
