import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Client } from 'pg';
import {
  createTestDatabase,
  startKafkaMockCluster,
  startServiceProcess,
  startWebhookReceiver,
  type KafkaMockCluster,
  type ServiceProcess,
  type TestDatabase,
  type WebhookReceiver,
} from '@governance/testing';

/**
 * The distributed mode under crashes: every service in its own process, two webhook dispatchers, one
 * PostgreSQL server and a 3-broker Kafka (mock) cluster. A client registers systems steadily through the
 * API, retrying as a real script would, while a dispatcher, systems and identity are SIGKILLed (and
 * restarted, as Kubernetes would) and one broker is down for a while. Every registered system must reach
 * the webhook, each event under one delivery id, quickly.
 */

const ORGANIZATIONS = 6;
const REGISTRATIONS_PER_SECOND = 15;
const CLIENT_CONCURRENCY = 6;
const RESTART_AFTER_MS = 1_500;
/** The mock cluster moves the downed broker's partition leaders to the next broker, as a controller would. */
const BROKER_DOWN_MS = Number(process.env.CHAOS_BROKER_DOWN_MS ?? 10_000);

const DOWN_BROKER = 2;
/** When each disruption starts, from the first registration. */
const SCHEDULE = { dispatcher: 6_000, systems: 22_000, identity: 38_000, broker: 52_000 } as const;
const REGISTER_FOR_MS = 72_000;
const DRAIN_TIMEOUT_MS = 60_000;
const READY_TIMEOUT_MS = 60_000;
const P99_TARGET_MS = 10_000;
const RESUME_TARGET_MS = 10_000;
/** Events registered this long before a disruption count towards its time to resume. */
const RESUME_LOOKBACK_MS = 5_000;
const RESUME_WINDOW_MS = 10_000;

type Role = 'identity' | 'systems' | 'probe-ingest' | 'policies' | 'assess' | 'dashboard' | 'reports';

interface Registration {
  systemId: string;
  createdAt: number;
}

interface Arrival {
  receivedAt: number;
  deliveryIds: Set<string>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

describe('crash recovery in the distributed mode', () => {
  let cluster: KafkaMockCluster;
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  const services = new Map<Role, ServiceProcess>();
  const dispatchers: ServiceProcess[] = [];
  const everyProcess: ServiceProcess[] = [];
  const secrets = new Map<string, string>();
  /** By system id (its `system.registered` event): when the first delivery arrived, every delivery id. */
  const arrivals = new Map<string, Arrival>();
  const adminToken = randomBytes(24).toString('hex');
  let env: Record<string, string>;
  let dispatcherEnv: Record<string, string>;

  async function start(app: string, extra: Record<string, string> = {}): Promise<ServiceProcess> {
    const process = await startServiceProcess(app, { ...env, ...extra }, READY_TIMEOUT_MS);
    everyProcess.push(process);
    return process;
  }

  beforeAll(async () => {
    [cluster, database] = await Promise.all([startKafkaMockCluster({ brokers: 3 }), createTestDatabase()]);
    receiver = await startWebhookReceiver({
      secret: (hookId) => secrets.get(hookId),
      respond: (delivery) => {
        // One system.registered event per system: the system id names the event.
        const systemId = (delivery.body as { system_id?: string } | undefined)?.system_id;
        if (delivery.verdict === 'ok' && systemId) {
          const arrival = arrivals.get(systemId) ?? {
            receivedAt: delivery.receivedAt,
            deliveryIds: new Set(),
          };
          arrival.deliveryIds.add(String(delivery.headers['x-service-delivery']));
          arrivals.set(systemId, arrival);
        }
        return 200;
      },
    });
    env = {
      DATABASE_URL: database.url,
      // The product's settings throughout, but for a smaller pool: eleven processes share one test server.
      DATABASE_POOL_SIZE: '4',
      KAFKA_BROKERS: cluster.bootstrapServers,
      LOG_LEVEL: 'warn',
      ADMIN_TOKEN: adminToken,
      REPORT_SIGNING_KEY: randomBytes(32).toString('hex'),
    };
    dispatcherEnv = {
      SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_ALLOW_HTTP: 'true',
      ...(process.env.CHAOS_DISPATCHER_LOG_LEVEL
        ? { LOG_LEVEL: process.env.CHAOS_DISPATCHER_LOG_LEVEL }
        : {}),
    };
    const roles: Role[] = [
      'identity',
      'systems',
      'probe-ingest',
      'policies',
      'assess',
      'dashboard',
      'reports',
    ];
    const started = await Promise.all([
      ...roles.map((role) => start(role)),
      start('webhooks', dispatcherEnv),
      start('webhooks', dispatcherEnv),
    ]);
    roles.forEach((role, index) => services.set(role, started[index]!));
    dispatchers.push(started[roles.length]!, started[roles.length + 1]!);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(everyProcess.map((process) => process.stop('SIGKILL')));
    if (process.env.CHAOS_LOG_DIR)
      everyProcess.forEach((child, index) =>
        writeFileSync(`${process.env.CHAOS_LOG_DIR}/${index}.log`, child.output()),
      );
    await receiver?.close();
    await cluster?.stop();
    await database?.drop();
  });

  /** POSTs until an answer other than a connection error or 5xx arrives, as a script would. */
  async function post(
    baseUrl: () => string,
    path: string,
    token: string,
    body: unknown,
    retryStatus: (status: number) => boolean = (status) => status >= 500,
    deadline = Date.now() + 60_000,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    for (;;) {
      try {
        const response = await fetch(`${baseUrl()}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(10_000),
        });
        const json = (await response.json()) as Record<string, unknown>;
        if (!retryStatus(response.status) || Date.now() > deadline)
          return { status: response.status, body: json };
      } catch (error) {
        if (Date.now() > deadline) throw error;
      }
      await sleep(100);
    }
  }

  /** For the slowest events: when (from the start) the 201 came, the delivery was made, its attempt sent. */
  async function whereTheTimeWent(
    slowest: Registration[],
    latencyOf: Map<string, number>,
    startedAt: number,
  ): Promise<unknown[]> {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      const found: unknown[] = [];
      // One query at a time: a pg client runs its queries in turn.
      for (const { systemId, createdAt } of slowest) {
        const { rows } = await client.query<{ created: Date; attempted: Date | null; event: string }>(
          `SELECT d.created_at AS created, a.attempted_at AS attempted, d.event_id AS event FROM webhooks.deliveries d
             LEFT JOIN webhooks.delivery_attempts a ON a.delivery_id = d.id AND a.attempt = 1
             WHERE d.payload LIKE '%' || $1 || '%'`,
          [systemId],
        );
        const at = (time: Date | null | undefined) => (time ? (time.getTime() - startedAt) / 1000 : null);
        found.push({
          answeredAt: (createdAt - startedAt) / 1000,
          latencyMs: latencyOf.get(systemId) ?? null,
          deliveryCreatedAt: at(rows[0]?.created),
          firstAttemptAt: at(rows[0]?.attempted),
          eventId: rows[0]?.event,
        });
      }
      return found;
    } finally {
      await client.end();
    }
  }

  it('loses nothing, delivers each event under one id, and recovers within seconds of each crash', async () => {
    const identityUrl = () => services.get('identity')!.baseUrl;
    const systemsUrl = () => services.get('systems')!.baseUrl;

    const apiKeys: string[] = [];
    for (let index = 0; index < ORGANIZATIONS; index += 1) {
      const org = await post(identityUrl, '/admin/v1/organizations', adminToken, {
        name: `Chaos ${index}`,
        plan: 'professional',
      });
      expect(org.status).toBe(201);
      const apiKey = org.body.api_key as string;
      // A new key works at once on every service (read-your-writes): no retry of a 401.
      const hook = await post(() => dispatchers[0]!.baseUrl, '/v1/webhooks', apiKey, {
        url: receiver.url,
        events: ['system.registered'],
      });
      expect(hook.status).toBe(201);
      secrets.set(hook.body.id as string, hook.body.signing_secret as string);
      const probe = await post(systemsUrl, '/api/service/systems', apiKey, {
        name: `Warm-up ${index}`,
        risk_tier: 'minimal',
      });
      expect(probe.status).toBe(201);
      apiKeys.push(apiKey);
    }

    const registrations: Registration[] = [];
    const startedAt = Date.now();
    const events: Array<{ what: string; at: number; up?: number; readyAfterMs?: number }> = [];
    let registering = true;
    let sequence = 0;
    let unanswered = 0;

    const client = async () => {
      while (registering) {
        const index = sequence++;
        const due = startedAt + (index * 1000) / REGISTRATIONS_PER_SECOND;
        await sleep(Math.max(0, due - Date.now()));
        if (!registering) return;
        const answer = await post(
          systemsUrl,
          '/api/service/systems',
          apiKeys[index % apiKeys.length]!,
          { name: `Chaos system ${index}`, risk_tier: 'limited' },
          (status) => status >= 500,
          Number.POSITIVE_INFINITY,
        );
        // 409: an earlier try of this registration committed but its answer was lost with the process.
        // Only systems whose 201 arrived are counted.
        if (answer.status === 409) unanswered += 1;
        else if (answer.status !== 201) throw new Error(`registration answered ${answer.status}`);
        else registrations.push({ systemId: answer.body.id as string, createdAt: Date.now() });
      }
    };

    const killAndRestart = async (what: string, at: number, kill: () => Promise<void>) => {
      await sleep(Math.max(0, startedAt + at - Date.now()));
      const event = { what, at: Date.now() } as (typeof events)[number];
      events.push(event);
      await kill();
      // For a restart, when its replacement answered its readiness check; for the broker, when it came back.
      event.readyAfterMs = Date.now() - event.at;
    };

    const chaos = Promise.all([
      killAndRestart('dispatcher', SCHEDULE.dispatcher, async () => {
        const victim = dispatchers.shift()!;
        await victim.stop('SIGKILL');
        await sleep(RESTART_AFTER_MS);
        dispatchers.push(await start('webhooks', dispatcherEnv));
      }),
      ...(['systems', 'identity'] as const).map((role) =>
        killAndRestart(role, SCHEDULE[role], async () => {
          await services.get(role)!.stop('SIGKILL');
          await sleep(RESTART_AFTER_MS);
          services.set(role, await start(role));
        }),
      ),
      killAndRestart(`broker ${DOWN_BROKER} down`, SCHEDULE.broker, async () => {
        await cluster.setBrokerDown(DOWN_BROKER);
        await sleep(BROKER_DOWN_MS);
        await cluster.setBrokerUp(DOWN_BROKER);
        events.at(-1)!.up = Date.now();
      }),
    ]);
    const clients = Promise.all(Array.from({ length: CLIENT_CONCURRENCY }, client));
    await sleep(REGISTER_FOR_MS);
    registering = false;
    await Promise.all([chaos, clients]);

    const drainDeadline = Date.now() + DRAIN_TIMEOUT_MS;
    const delivered = (registration: Registration) => arrivals.has(registration.systemId);
    while (!registrations.every(delivered) && Date.now() < drainDeadline) await sleep(250);

    const latencyOf = new Map<string, number>();
    for (const registration of registrations) {
      const arrival = arrivals.get(registration.systemId);
      if (arrival) latencyOf.set(registration.systemId, arrival.receivedAt - registration.createdAt);
    }
    const lost = registrations.filter((registration) => !delivered(registration));
    const duplicates = [...arrivals.values()].filter((arrival) => arrival.deliveryIds.size > 1);
    const latencies = [...latencyOf.values()].sort((a, b) => a - b);
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    const max = latencies.at(-1) ?? 0;

    // After a crash (or a broker's return), how long until every event from shortly before it, or
    // registered in the next seconds, had reached the webhook, counted from the crash or its 201.
    const resume = events.map((event) => {
      const from = event.up ?? event.at;
      let longest = 0;
      for (const registration of registrations) {
        if (registration.createdAt < event.at - RESUME_LOOKBACK_MS) continue;
        if (registration.createdAt > from + RESUME_WINDOW_MS) continue;
        const latency = latencyOf.get(registration.systemId);
        const arrivedAt = latency === undefined ? Date.now() : registration.createdAt + latency;
        longest = Math.max(longest, arrivedAt - Math.max(from, registration.createdAt));
      }
      return {
        what: event.what,
        atSeconds: (event.at - startedAt) / 1000,
        readyAfterMs: event.readyAfterMs,
        resumeMs: longest,
      };
    });

    const figures = {
      registered: registrations.length,
      registeredWithoutAnswer: unanswered,
      delivered: latencies.length,
      lost: lost.length,
      eventsUnderTwoDeliveryIds: duplicates.length,
      latencyMs: { p50, p99, max },
      resume,
      slowest: await whereTheTimeWent(
        [...registrations]
          .sort((a, b) => (latencyOf.get(b.systemId) ?? Infinity) - (latencyOf.get(a.systemId) ?? Infinity))
          .slice(0, 5),
        latencyOf,
        startedAt,
      ),
    };
    console.log(`crash recovery figures: ${JSON.stringify(figures, null, 2)}`);

    expect(registrations.length).toBeGreaterThan(REGISTRATIONS_PER_SECOND * (REGISTER_FOR_MS / 1000) * 0.5);
    expect(lost).toHaveLength(0);
    expect(duplicates).toHaveLength(0);
    expect(p99).toBeLessThanOrEqual(P99_TARGET_MS);
    expect(Math.max(...resume.map((entry) => entry.resumeMs))).toBeLessThanOrEqual(RESUME_TARGET_MS);
  }, 300_000);
});
