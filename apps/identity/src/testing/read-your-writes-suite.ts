import { randomBytes } from 'node:crypto';
import { issueApiKey } from '@governance/auth';
import { newId } from '@governance/contracts';
import {
  createTestDatabase,
  startKafkaMockCluster,
  startServiceProcess,
  type KafkaMockCluster,
  type ServiceProcess,
  type TestDatabase,
} from '@governance/testing';

const ROUNDS = 100;
const CATCH_UP_TIMEOUT_MS = 30_000;
const SESSION_IDLE_TIMEOUT_MS = 4_000;
const SETUP_TOKEN = randomBytes(24).toString('base64url');

interface Answer {
  status: number;
  body: Record<string, unknown>;
  ms: number;
}

/** A bearer key, or `session=<cookie value>` for a signed-in person's session. */
async function call(baseUrl: string, method: string, path: string, token?: string, body?: unknown) {
  const started = performance.now();
  const session = token?.startsWith('session=') ? token.slice('session='.length) : undefined;
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(session
        ? { cookie: `service_session=${session}` }
        : token
          ? { authorization: `Bearer ${token}` }
          : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
    ms: performance.now() - started,
  } satisfies Answer;
}

/** Successes and latencies of one kind of call over the rounds. */
class Tally {
  private readonly times: number[] = [];
  /** What each unexpected answer said, so a miss in CI says which lookup failed and how. */
  readonly misses: string[] = [];
  ok = 0;

  record(answer: Answer, expected: number): boolean {
    this.times.push(answer.ms);
    if (answer.status === expected) this.ok += 1;
    else
      this.misses.push(`${answer.status} after ${answer.ms.toFixed(0)} ms: ${JSON.stringify(answer.body)}`);
    return answer.status === expected;
  }

  summary(): string {
    const sorted = [...this.times].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    return `${this.ok}/${this.times.length} at once; p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${at(1).toFixed(1)} ms`;
  }
}

/**
 * Read-your-writes across services run as separate processes on one database, one spec file per bus so
 * the two can run side by side: a key identity issues, a
 * system id the systems service returns and one probe ingest mints work in the very next request on every
 * other service, on the Postgres event log and on Kafka (the mock cluster), without retries.
 */
export function readYourWritesSuite(bus: string, onKafka: boolean): void {
  describe(`read your writes across service processes, on ${bus}`, () => {
    let cluster: KafkaMockCluster | undefined;
    let database: TestDatabase;
    let identity: ServiceProcess;
    let webhooks: ServiceProcess;
    let systems: ServiceProcess;
    let assess: ServiceProcess;
    let probeIngest: ServiceProcess;
    const adminToken = `adm_${randomBytes(18).toString('base64url')}`;
    let shared: Record<string, string>;
    const webhooksEnv = {
      SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_ALLOW_HTTP: 'true',
    };

    beforeAll(async () => {
      [cluster, database] = await Promise.all([
        onKafka ? startKafkaMockCluster() : Promise.resolve(undefined),
        createTestDatabase(),
      ]);
      shared = {
        DATABASE_URL: database.url,
        LOG_LEVEL: 'warn',
        // Far above any wait here, so a miss that waited for it instead of answering stands out.
        REPLICA_CATCH_UP_TIMEOUT_MS: String(CATCH_UP_TIMEOUT_MS),
        ...(cluster
          ? {
              KAFKA_BROKERS: cluster.bootstrapServers,
              KAFKA_MAX_WAIT_MS: '100',
              KAFKA_SESSION_TIMEOUT_MS: '6000',
            }
          : {}),
      };
      // One after the other: each runs its migrations on the shared database.
      identity = await startServiceProcess(
        'identity',
        {
          ...shared,
          ADMIN_TOKEN: adminToken,
          SETUP_TOKEN,
          // Short, for the idle-session test; the backstop sweep stays at its default of a minute.
          SESSION_IDLE_TIMEOUT_MS: String(SESSION_IDLE_TIMEOUT_MS),
        },
        60_000,
      );
      systems = await startServiceProcess('systems', shared, 60_000);
      assess = await startServiceProcess('assess', shared, 60_000);
      probeIngest = await startServiceProcess('probe-ingest', shared, 60_000);
      webhooks = await startServiceProcess('webhooks', { ...shared, ...webhooksEnv }, 60_000);
    }, 240_000);

    afterAll(async () => {
      await Promise.all(
        [identity, webhooks, systems, assess, probeIngest].map((service) => service?.stop('SIGKILL')),
      );
      await cluster?.stop();
      await database?.drop();
    });

    it(`uses a new key and a new system id in the very next request, ${ROUNDS} times in a row`, async () => {
      const tallies = {
        'POST organization (identity)': new Tally(),
        'new key: POST webhook (webhooks)': new Tally(),
        'new key: POST system (systems)': new Tally(),
        'new key + new system id: POST assessment (assess)': new Tally(),
        'POST probe register by system name (probe-ingest)': new Tally(),
        'system id minted by probe ingest: POST assessment (assess)': new Tally(),
        'POST api-key (identity)': new Tally(),
        'second key: GET webhooks (webhooks)': new Tally(),
      };
      const assessModelCard = (apiKey: string, systemId: unknown) =>
        call(assess.baseUrl, 'POST', '/api/service/assess/document', apiKey, {
          system_id: systemId,
          framework: 'EU_AI_ACT',
          document: { title: 'Model card', content: 'Human oversight is documented.' },
        });
      for (let round = 0; round < ROUNDS; round += 1) {
        const created = await call(identity.baseUrl, 'POST', '/admin/v1/organizations', adminToken, {
          name: `Org ${round}`,
          plan: 'professional',
        });
        if (!tallies['POST organization (identity)'].record(created, 201)) continue;
        const { id: organizationId, api_key: apiKey } = created.body as { id: string; api_key: string };
        tallies['new key: POST webhook (webhooks)'].record(
          await call(webhooks.baseUrl, 'POST', '/v1/webhooks', apiKey, {
            url: 'http://127.0.0.1:9/hook',
            events: ['system.registered'],
          }),
          201,
        );
        const system = await call(systems.baseUrl, 'POST', '/api/service/systems', apiKey, {
          name: `Bot ${round}`,
        });
        if (tallies['new key: POST system (systems)'].record(system, 201))
          tallies['new key + new system id: POST assessment (assess)'].record(
            await assessModelCard(apiKey, system.body['id']),
            202,
          );
        const minted = await call(probeIngest.baseUrl, 'POST', '/api/service/probe/register', apiKey, {
          probe_name: `edge-${round}`,
          system_name: `Minted ${round}`,
          host: 'edge.internal',
        });
        if (tallies['POST probe register by system name (probe-ingest)'].record(minted, 201))
          tallies['system id minted by probe ingest: POST assessment (assess)'].record(
            await assessModelCard(apiKey, minted.body['system_id']),
            202,
          );
        const issued = await call(
          identity.baseUrl,
          'POST',
          `/admin/v1/organizations/${organizationId}/api-keys`,
          adminToken,
        );
        if (tallies['POST api-key (identity)'].record(issued, 201))
          tallies['second key: GET webhooks (webhooks)'].record(
            await call(webhooks.baseUrl, 'GET', '/v1/webhooks', String(issued.body['api_key'])),
            200,
          );
      }
      const report = Object.entries(tallies).map(([what, tally]) =>
        [`  ${what}: ${tally.summary()}`, ...tally.misses.map((miss) => `    missed: ${miss}`)].join('\n'),
      );
      console.log(`read your writes on ${bus}, ${ROUNDS} rounds:\n${report.join('\n')}`);
      if (Object.values(tallies).some((tally) => tally.misses.length > 0))
        for (const [name, service] of Object.entries({ identity, webhooks, systems, assess, probeIngest }))
          console.log(`${name} said:\n${service.output().slice(-20_000)}`);
      for (const tally of Object.values(tallies)) expect(tally.ok).toBe(ROUNDS);
    }, 300_000);

    it('refuses bogus keys with 401 and a bogus system id with 404 promptly, however many at once', async () => {
      const created = await call(identity.baseUrl, 'POST', '/admin/v1/organizations', adminToken, {
        name: 'Bogus checks',
        plan: 'professional',
      });
      const apiKey = String(created.body['api_key']);
      const bogusKeys = await Promise.all(
        Array.from({ length: 50 }, () => call(webhooks.baseUrl, 'GET', '/v1/webhooks', issueApiKey().apiKey)),
      );
      expect(bogusKeys.map((answer) => answer.status)).toEqual(bogusKeys.map(() => 401));
      const bogusSystems = await Promise.all(
        Array.from({ length: 50 }, () =>
          call(assess.baseUrl, 'POST', '/api/service/assess/document', apiKey, {
            system_id: newId('system'),
            framework: 'EU_AI_ACT',
            document: { title: 'Model card', content: 'Text.' },
          }),
        ),
      );
      expect(bogusSystems.map((answer) => answer.status)).toEqual(bogusSystems.map(() => 404));
      const slowest = Math.max(...[...bogusKeys, ...bogusSystems].map((answer) => answer.ms));
      console.log(
        `bogus keys and system ids on ${bus}: 100 refused, slowest ${slowest.toFixed(1)} ms (50 of each at once)`,
      );
      // A caught-up replica refuses after one head query, without waiting for the catch-up timeout.
      expect(slowest).toBeLessThan(CATCH_UP_TIMEOUT_MS / 6);
    }, 60_000);

    it('stops a revoked key on every service within 2 s, and a new self-serve key works at once', async () => {
      const created = await call(identity.baseUrl, 'POST', '/admin/v1/organizations', adminToken, {
        name: 'Revocation',
        plan: 'professional',
      });
      const adminKey = String(created.body['api_key']);
      const issued = await call(identity.baseUrl, 'POST', '/api/service/api-keys', adminKey, {
        name: 'CI pipeline',
        scope: 'full',
      });
      expect(issued.status).toBe(201);
      const key = String(issued.body['api_key']);
      const uses = {
        systems: () => call(systems.baseUrl, 'GET', '/api/service/systems', key),
        webhooks: () => call(webhooks.baseUrl, 'GET', '/v1/webhooks', key),
        assess: () => call(assess.baseUrl, 'GET', '/api/service/assess/templates', key),
        'probe-ingest': () => call(probeIngest.baseUrl, 'GET', '/api/service/probe/policy-sync', key),
      };
      for (const [service, use] of Object.entries(uses))
        expect([service, (await use()).status]).not.toEqual([service, 401]);
      const revoked = await call(
        identity.baseUrl,
        'DELETE',
        `/api/service/api-keys/${String(issued.body['id'])}`,
        adminKey,
      );
      expect(revoked.status).toBe(204);
      const revokedAt = performance.now();
      // The bound under test is 2 s: each service is asked until it refuses, and must refuse within it.
      const refusedAfter: Record<string, number> = {};
      await Promise.all(
        Object.entries(uses).map(async ([service, use]) => {
          while (performance.now() - revokedAt < 2_000) {
            if ((await use()).status === 401) {
              refusedAfter[service] = Math.round(performance.now() - revokedAt);
              return;
            }
            await new Promise((resolve) => setTimeout(resolve, 25));
          }
        }),
      );
      console.log(`revoked key refused on ${bus} after (ms): ${JSON.stringify(refusedAfter)}`);
      expect(Object.keys(refusedAfter).sort()).toEqual(Object.keys(uses).sort());
      expect((await call(identity.baseUrl, 'GET', '/api/service/api-keys', key)).status).toBe(401);
    }, 60_000);

    it('stops an idle session on every service within 2 s of its idle deadline, as identity does', async () => {
      const setup = await fetch(`${identity.baseUrl}/api/service/auth/setup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          token: SETUP_TOKEN,
          email: 'idle@example.test',
          name: 'Idle',
          password: 'correct horse battery staple',
          organization_name: 'Idle sessions',
        }),
      });
      expect(setup.status).toBe(201);
      const cookie = /service_session=([^;]+)/.exec(setup.headers.getSetCookie().join('; '))?.[1];
      expect(cookie).toBeDefined();
      const session = `session=${cookie!}`;
      const uses = {
        identity: () => call(identity.baseUrl, 'GET', '/api/service/api-keys', session),
        systems: () => call(systems.baseUrl, 'GET', '/api/service/systems', session),
        webhooks: () => call(webhooks.baseUrl, 'GET', '/v1/webhooks', session),
        assess: () => call(assess.baseUrl, 'GET', '/api/service/assess/templates', session),
        // A probe nobody registered: 404 to a person let in, 401 once the session is refused.
        'probe-ingest': () =>
          call(probeIngest.baseUrl, 'GET', `/api/service/probe/probes/${newId('probe')}`, session),
      };
      const before = await Promise.all(
        Object.entries(uses).map(async ([service, use]) => [service, (await use()).status]),
      );
      expect(before).toEqual(
        Object.keys(uses).map((service) => [service, service === 'probe-ingest' ? 404 : 200]),
      );
      const me = await call(identity.baseUrl, 'GET', '/api/service/auth/me', session);
      const deadline = Date.parse(String((me.body['session'] as Record<string, unknown>)['idle_expires_at']));
      // Unused until its deadline; then each service is asked until it refuses, and must within 2 s.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())));
      const refusedAfter: Record<string, number> = {};
      await Promise.all(
        Object.entries(uses).map(async ([service, use]) => {
          while (Date.now() - deadline < 2_000) {
            if ((await use()).status === 401) {
              refusedAfter[service] = Date.now() - deadline;
              return;
            }
            await new Promise((resolve) => setTimeout(resolve, 25));
          }
        }),
      );
      console.log(`idle session refused on ${bus} after its deadline (ms): ${JSON.stringify(refusedAfter)}`);
      expect(Object.keys(refusedAfter).sort()).toEqual(Object.keys(uses).sort());
    }, 60_000);

    // Only Kafka rebalances; a group consumes nothing while one runs, for longer than a miss used to wait.
    // Last, since it leaves a rebalance behind.
    if (onKafka)
      it('uses a new key at once while its consumer group rebalances for a second instance', async () => {
        const second = startServiceProcess('webhooks', { ...shared, ...webhooksEnv }, 60_000);
        let secondReady = false;
        const joined = second.then((process) => {
          secondReady = true;
          return process;
        });
        const tally = new Tally();
        let tried = 0;
        // From the join until well after the rebalance it causes (the mock waits session − 1 s to elect).
        let until = Number.POSITIVE_INFINITY;
        while (Date.now() < until) {
          if (secondReady && until === Number.POSITIVE_INFINITY) until = Date.now() + 8_000;
          const created = await call(identity.baseUrl, 'POST', '/admin/v1/organizations', adminToken, {
            name: 'During a rebalance',
            plan: 'professional',
          });
          expect(created.status).toBe(201);
          tried += 1;
          tally.record(
            await call(webhooks.baseUrl, 'GET', '/v1/webhooks', String(created.body['api_key'])),
            200,
          );
        }
        await (await joined).stop('SIGKILL');
        console.log(`new keys during a rebalance on ${bus}: ${tally.summary()}`);
        expect(tried).toBeGreaterThan(0);
        expect(tally.ok).toBe(tried);
      }, 120_000);
  });
}
