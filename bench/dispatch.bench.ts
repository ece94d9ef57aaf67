import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type FastifyInstance } from 'fastify';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { newUuidV7, type PublicEventType } from '@governance/contracts';
import { PostgresLogTransport } from '@governance/messaging';
import { createLogger, EnvReader } from '@governance/platform';
import { makeSelfSignedCertificate } from '@governance/testing';
import {
  type AttemptRecord,
  type ClaimedAttempt,
  DeliveryQueueRepository,
} from '../apps/webhooks/src/deliveries/delivery-queue.repository';
import { DeliveryWorker } from '../apps/webhooks/src/deliveries/delivery-worker';
import { createService } from '../apps/webhooks/src/service';
import { announceOrganization } from '../apps/webhooks/src/testing/webhooks-harness';
import { samplePayload } from '../apps/webhooks/src/webhooks/sample-events';
import { printBenchResult } from './support/bench-result';
import { createBenchDatabase } from './support/database';
import { type CapturedRequest } from './support/receiver-protocol';
import { cpuPerUnit, type CpuSample, sampleCpu } from './support/process-cpu';
import { type BenchReceiver, startReceiver } from './support/receiver';

/*
 * bench:dispatch: deliveries per second from the real dispatcher (claim in Postgres, decrypt the secret,
 * sign, POST, record the attempt in Postgres) to a receiver that answers 200 at once, beside a bare
 * keep-alive POST loop of the same concurrency and the same bytes to the same receiver.
 *
 * Twice: over HTTP, and over HTTPS, as real endpoints are. The HTTPS receiver has a self-signed
 * certificate made at start (openssl), which the service trusts through WEBHOOK_CA_FILE and the bare
 * loop through its agent's `ca`: both verify it, and both keep their TLS sessions alive.
 *
 * A third figure, the floor, is the bare loop plus only the dispatcher's two statements: its lanes take
 * deliveries claimed in batches with the dispatcher's own claim and record the attempts in group commits
 * with its own record statement, with no framework, signing, breaker, tracing or metrics around them.
 * No dispatcher that keeps the schedule and the log in Postgres can beat it, so it shows how much of
 * the gap to the bare loop is the durable bookkeeping the spec asks for, and how much is ours.
 *
 * Run order: all are warmed up, then the bare loops are measured, then per protocol the floor and the
 * dispatcher (paused while the floor runs). The bare loops go first because the others leave work
 * behind in Postgres (dead tuples of two updates per delivery, WAL, then autovacuum) that would take CPU
 * from a loop measured after them and flatter the ratio. While a bare loop runs, the service is up but
 * idle: its pollers make a few small queries a second.
 */

/** `assessment.complete`: its sample payload is 374 bytes of JSON, close to a typical event. */
const EVENT: PublicEventType = 'assessment.complete';
const POLL_MS = 20;
/** The issue's target for deliveries/s ÷ bare, on each protocol. */
const TARGET_RATIO = 0.6;
const PROTOCOLS = ['HTTP', 'HTTPS'] as const;
const LOG_LEVELS = ['error', 'warn', 'info'] as const;
type Protocol = (typeof PROTOCOLS)[number];
/** Headers node:http sets by itself; the baseline lets its own client set them too. */
const TRANSPORT_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding']);

interface Settings {
  deliveries: number;
  concurrency: number;
  warmup: number;
  /**
   * The service's log level: `error` by default, so the report is readable; `info`, the service's own
   * default, writes one line per attempt, to stdout with the report, and shows what that line costs.
   */
  logLevel: string;
}

interface Fixture {
  sql: Client;
  worker: DeliveryWorker;
  deliveries: DeliveryQueueRepository;
  organizationId: string;
  payload: string;
}

/** One protocol's receiver, the webhook that points at it, and what the bare loop trusts. */
interface Endpoint {
  protocol: Protocol;
  receiver: BenchReceiver;
  webhookId: string;
  /** The receiver's certificate, for HTTPS. */
  ca?: string;
}

interface ReplayedRequest {
  url: URL;
  headers: Record<string, string>;
  body: Buffer;
  ca?: string;
}

interface ProtocolMeasurements {
  bare: Measurement;
  floor: Measurement;
  dispatcher: Measurement;
}

function readSettings(env: NodeJS.ProcessEnv): Settings {
  const reader = new EnvReader(env);
  const deliveries = reader.int('BENCH_DELIVERIES', 20_000, { min: 1, max: 10_000_000 });
  const concurrency = reader.int('BENCH_CONCURRENCY', 64, { min: 1, max: 4096 });
  const warmup = reader.int('BENCH_WARMUP', Math.min(2_000, deliveries), { min: 1, max: 10_000_000 });
  const logLevel = reader.oneOf('BENCH_LOG_LEVEL', LOG_LEVELS, 'error');
  reader.assertValid();
  return { deliveries, concurrency, warmup, logLevel };
}

/** Dispatcher tuning a caller may pass through to the service, for experiments; printed with the results. */
function forwardedServiceEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const forwarded: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && /^(WEBHOOK_|DATABASE_POOL_SIZE$|EVENT_LOG_|OUTBOX_)/.test(name))
      forwarded[name] = value;
  }
  return forwarded;
}

async function main(): Promise<void> {
  const settings = readSettings(process.env);
  const logger = createLogger('bench', 'warn');
  const load0 = loadavg()[0]!.toFixed(2);
  const cleanups: Array<() => Promise<void>> = [];
  const cleanUp = async (): Promise<void> => {
    for (let cleanup = cleanups.pop(); cleanup; cleanup = cleanups.pop()) {
      try {
        await cleanup();
      } catch (error) {
        process.stderr.write(`clean-up failed: ${String(error)}\n`);
      }
    }
  };
  const interrupt = (): void => {
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);

  try {
    progress('starting PostgreSQL, the receivers (HTTP and HTTPS) and the webhooks service');
    const database = await createBenchDatabase(process.env, logger);
    cleanups.push(() => database.drop());
    const certificate = makeSelfSignedCertificate();
    const certificateDir = mkdtempSync(join(tmpdir(), 'bench-dispatch-'));
    cleanups.push(async () => rmSync(certificateDir, { recursive: true, force: true }));
    const caFile = join(certificateDir, 'receiver-ca.pem');
    writeFileSync(caFile, certificate.cert);
    const receivers = {
      HTTP: await startReceiver(),
      HTTPS: await startReceiver({ tls: certificate }),
    };
    for (const receiver of Object.values(receivers)) cleanups.push(() => receiver.close());

    const forwarded = forwardedServiceEnv(process.env);
    const service = await createService({
      ...forwarded,
      DATABASE_URL: database.url,
      SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_CA_FILE: caFile,
      LOG_LEVEL: settings.logLevel,
      WEBHOOK_DISPATCH_CONCURRENCY: String(settings.concurrency),
    });
    cleanups.push(() => service.app.close());
    const fastify = service.app.getHttpAdapter().getInstance();
    await fastify.ready();

    const sql = new Client({ connectionString: database.url });
    await sql.connect();
    cleanups.push(() => sql.end());

    const organization = await createOrganization(service.app.get(DataSource), fastify);
    const endpoints: Endpoint[] = [];
    for (const protocol of PROTOCOLS) {
      const receiver = receivers[protocol];
      const webhookId = await createWebhook(fastify, organization.authorization, receiver.url);
      endpoints.push({
        protocol,
        receiver,
        webhookId,
        ca: protocol === 'HTTPS' ? certificate.cert : undefined,
      });
    }
    const fixture: Fixture = {
      sql,
      worker: service.app.get(DeliveryWorker),
      deliveries: service.app.get(DeliveryQueueRepository),
      organizationId: organization.id,
      payload: JSON.stringify(samplePayload(EVENT)),
    };

    const replays = new Map<Protocol, ReplayedRequest>();
    for (const endpoint of endpoints) {
      progress(`warming up over ${endpoint.protocol}: ${settings.warmup} deliveries through each`);
      await measureDispatcher(fixture, endpoint, settings.warmup);
      const replayed = await replayOfFirstDelivery(fixture, endpoint);
      replays.set(endpoint.protocol, replayed);
      await measureBareLoop(replayed, settings.warmup, settings.concurrency, endpoint.receiver.pid);
      await measureFloor(fixture, endpoint, replayed, settings.warmup, settings.concurrency);
    }

    const bare = new Map<Protocol, Measurement>();
    for (const endpoint of endpoints) {
      progress(`measuring the bare loop over ${endpoint.protocol}: ${settings.deliveries} POSTs`);
      const replayed = replays.get(endpoint.protocol)!;
      bare.set(
        endpoint.protocol,
        await measureBareLoop(replayed, settings.deliveries, settings.concurrency, endpoint.receiver.pid),
      );
    }
    const results = new Map<Protocol, ProtocolMeasurements>();
    for (const endpoint of endpoints) {
      const replayed = replays.get(endpoint.protocol)!;
      progress(`measuring the floor over ${endpoint.protocol}: ${settings.deliveries} deliveries`);
      const floor = await measureFloor(
        fixture,
        endpoint,
        replayed,
        settings.deliveries,
        settings.concurrency,
      );
      progress(`measuring the dispatcher over ${endpoint.protocol}: ${settings.deliveries} deliveries`);
      const dispatcher = await measureDispatcher(fixture, endpoint, settings.deliveries);
      results.set(endpoint.protocol, { bare: bare.get(endpoint.protocol)!, floor, dispatcher });
    }

    const forwardedNote = Object.entries(forwarded).map(([name, value]) => `${name}=${value}`);
    printReport(
      [
        `bench:dispatch: ${settings.deliveries} deliveries, concurrency ${settings.concurrency}, ` +
          `${Buffer.byteLength(fixture.payload)}-byte body, ${settings.warmup} warm-up each, ` +
          `receivers in child processes, service log level ${settings.logLevel}`,
        `node ${process.version}, ${availableParallelism()} CPUs (load average ${load0} before), ` +
          `${database.description}` +
          (forwardedNote.length > 0 ? `, ${forwardedNote.join(' ')}` : ''),
      ],
      settings.deliveries,
      results,
    );
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
    await cleanUp();
  }
}

/** An organization announced the way the identity service does it, once the service knows of it. */
async function createOrganization(
  dataSource: DataSource,
  fastify: FastifyInstance,
): Promise<{ id: string; authorization: string }> {
  const organization = await announceOrganization(new PostgresLogTransport(dataSource), 'professional');
  const authorization = `Bearer ${organization.apiKey}`;
  await pollUntil('the tenant replica to learn of the organization', 15_000, async () => {
    const response = await fastify.inject({ method: 'GET', url: '/v1/webhooks', headers: { authorization } });
    return response.statusCode !== 401;
  });
  return { id: organization.id, authorization };
}

/** A webhook to `receiverUrl`, made through the API. */
async function createWebhook(
  fastify: FastifyInstance,
  authorization: string,
  receiverUrl: string,
): Promise<string> {
  const created = await fastify.inject({
    method: 'POST',
    url: '/v1/webhooks',
    headers: { authorization, 'content-type': 'application/json' },
    payload: JSON.stringify({ url: receiverUrl, events: [EVENT], description: 'bench:dispatch' }),
  });
  if (created.statusCode !== 201)
    throw new Error(`creating the webhook answered ${created.statusCode}: ${created.body}`);
  return created.json<{ id: string }>().id;
}

/**
 * Inserts `count` due deliveries in one statement, wakes the dispatcher, and measures until every one
 * has succeeded and has its attempt row. The receiver's count is watched first, since asking
 * it costs Postgres nothing; the database is polled only once every request has arrived.
 */
async function measureDispatcher(fixture: Fixture, endpoint: Endpoint, count: number): Promise<Measurement> {
  const { sql, worker } = fixture;
  const { receiver } = endpoint;
  const receivedBefore = (await receiver.stats()).received;
  await insertDueDeliveries(fixture, endpoint.webhookId, count);
  const finish = startMeasurement(receiver.pid, count);
  worker.wake();

  const deadlineMs = 60_000 + count * 10;
  let polls = 0;
  await pollUntil(`${count} deliveries to reach the receiver`, deadlineMs, async () => {
    polls += 1;
    if (polls % 50 === 0) await assertNoFailedAttempt(sql);
    return (await receiver.stats()).received - receivedBefore >= count;
  });
  let measurement: Measurement | undefined;
  await pollUntil(`${count} attempts to be recorded`, deadlineMs, async () => {
    const askedAt = finish();
    const { rows } = await sql.query<{ succeeded: number; attempts: number }>(
      `SELECT (SELECT count(*)::int FROM webhooks.deliveries WHERE outcome = 'succeeded') AS succeeded,
              (SELECT count(*)::int FROM webhooks.delivery_attempts WHERE error IS NULL) AS attempts`,
    );
    await assertNoFailedAttempt(sql);
    if (rows[0]?.succeeded !== count || rows[0].attempts !== count) return false;
    measurement = askedAt;
    return true;
  });
  const received = (await receiver.stats()).received - receivedBefore;
  if (received !== count) throw new Error(`the receiver got ${received} requests for ${count} deliveries`);
  return measurement!;
}

/**
 * The floor: the bare loop's lanes, each taking its next delivery from batches claimed with the
 * dispatcher's claim statement, POSTing the replayed request, and queueing the outcome for the
 * dispatcher's record statement, committed in groups, two at a time, as the dispatcher commits them.
 * Measures until every outcome is committed. The dispatcher is paused meanwhile.
 */
async function measureFloor(
  fixture: Fixture,
  endpoint: Endpoint,
  request: ReplayedRequest,
  count: number,
  concurrency: number,
): Promise<Measurement> {
  const { deliveries, worker } = fixture;
  await worker.beforeApplicationShutdown();
  await insertDueDeliveries(fixture, endpoint.webhookId, count);
  const { agent, options } = keepAliveRequest(request, concurrency);
  const claimed: ClaimedAttempt[] = [];
  let claiming: Promise<void> | undefined;
  let exhausted = false;
  const claimMore = (): Promise<void> =>
    (claiming ??= deliveries
      .claimDue(2 * concurrency, 60_000)
      .then((batch) => {
        claimed.push(...batch);
        if (batch.length === 0) exhausted = true;
      })
      .finally(() => {
        claiming = undefined;
      }));
  const outcomes: AttemptRecord[] = [];
  const commits = new Set<Promise<void>>();
  const commitOutcomes = (): void => {
    while (commits.size < 2 && outcomes.length > 0) {
      const commit: Promise<void> = deliveries
        .recordAttempts(outcomes.splice(0, 500))
        .then(() => undefined)
        .finally(() => {
          commits.delete(commit);
          commitOutcomes();
        });
      commits.add(commit);
    }
  };
  const lane = async (): Promise<void> => {
    for (;;) {
      if (claimed.length < concurrency && !exhausted) void claimMore();
      if (claimed.length === 0) {
        if (exhausted) return;
        await claimMore();
        continue;
      }
      const claim = claimed.shift()!;
      const attemptedAt = new Date();
      const began = performance.now();
      await post(options, request.body);
      outcomes.push({
        deliveryId: claim.deliveryId,
        attempt: claim.attempt,
        attemptedAt,
        statusCode: 200,
        responseTimeMs: performance.now() - began,
        error: null,
        responseBody: '',
        responseBodyTruncated: false,
        outcome: 'succeeded',
        retryInMs: null,
      });
      commitOutcomes();
    }
  };
  try {
    const finish = startMeasurement(endpoint.receiver.pid, count);
    await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane));
    while (commits.size > 0) await Promise.all([...commits]);
    const measurement = finish();
    const { rows } = await fixture.sql.query<{ succeeded: number }>(
      `SELECT count(*)::int AS succeeded FROM webhooks.deliveries WHERE outcome = 'succeeded'`,
    );
    if (rows[0]?.succeeded !== count) throw new Error(`the floor recorded ${rows[0]?.succeeded} of ${count}`);
    return measurement;
  } finally {
    agent.destroy();
    worker.onApplicationBootstrap();
  }
}

/** Replaces every delivery with `count` due ones of `webhookId`, inserted in one statement. */
async function insertDueDeliveries(fixture: Fixture, webhookId: string, count: number): Promise<void> {
  const { sql } = fixture;
  await sql.query('TRUNCATE webhooks.deliveries CASCADE');
  const ids = Array.from({ length: count }, () => newUuidV7());
  const eventIds = Array.from({ length: count }, () => newUuidV7());
  await sql.query('BEGIN');
  try {
    // UUIDv7 keys, as the fan-out makes them, so the indexes grow the way they do in production.
    await sql.query(
      `INSERT INTO webhooks.deliveries (id, organization_id, webhook_id, event_id, event_type, payload, next_attempt_at)
       SELECT d.id, $3, $4, d.event_id, $5, $6, now() FROM unnest($1::uuid[], $2::uuid[]) AS d(id, event_id)`,
      [ids, eventIds, fixture.organizationId, webhookId, EVENT, fixture.payload],
    );
    // Statistics as a table in service would have them. ANALYZE inside the transaction counts the rows
    // it inserted, and the dispatcher's poll cannot start on them before the clock does.
    await sql.query('ANALYZE webhooks.deliveries');
    await sql.query('COMMIT');
  } catch (error) {
    await sql.query('ROLLBACK');
    throw error;
  }
}

/** A failed attempt would wait for its retry (30 s by default) and make the figure meaningless. */
async function assertNoFailedAttempt(sql: Client): Promise<void> {
  const { rows } = await sql.query<{ error: string; count: number }>(
    `SELECT error, count(*)::int AS count FROM webhooks.delivery_attempts WHERE error IS NOT NULL GROUP BY error`,
  );
  if (rows.length > 0) {
    throw new Error(`attempts failed: ${rows.map((row) => `${row.count} × ${row.error}`).join(', ')}`);
  }
}

/** The bytes and headers of the dispatcher's first delivery, as the endpoint's receiver got them. */
async function replayOfFirstDelivery(fixture: Fixture, endpoint: Endpoint): Promise<ReplayedRequest> {
  const { first } = await endpoint.receiver.stats();
  if (!first || first.method !== 'POST') throw new Error('the receiver kept no POST from the dispatcher');
  const body = Buffer.from(first.bodyBase64, 'base64');
  if (!body.equals(Buffer.from(fixture.payload, 'utf8')))
    throw new Error('the delivered body is not the payload');
  return {
    url: new URL(first.path, endpoint.receiver.url),
    headers: replayHeaders(first),
    body,
    ca: endpoint.ca,
  };
}

function replayHeaders(request: CapturedRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (let index = 0; index + 1 < request.rawHeaders.length; index += 2) {
    const name = request.rawHeaders[index]!;
    if (!TRANSPORT_HEADERS.has(name.toLowerCase())) headers[name] = request.rawHeaders[index + 1]!;
  }
  return headers;
}

/** `count` POSTs, `concurrency` at a time, over keep-alive connections. */
async function measureBareLoop(
  request: ReplayedRequest,
  count: number,
  concurrency: number,
  receiverPid: number,
): Promise<Measurement> {
  const { agent, options } = keepAliveRequest(request, concurrency);
  let issued = 0;
  const lane = async (): Promise<void> => {
    while (issued < count) {
      issued += 1;
      await post(options, request.body);
    }
  };
  try {
    const finish = startMeasurement(receiverPid, count);
    await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane));
    return finish();
  } finally {
    agent.destroy();
  }
}

/**
 * The replayed request's options on a keep-alive agent of `concurrency` sockets: an HTTPS one, trusting
 * the receiver's certificate, for an https url.
 */
function keepAliveRequest(
  request: ReplayedRequest,
  concurrency: number,
): { agent: http.Agent; options: https.RequestOptions } {
  const agentOptions = { keepAlive: true, maxSockets: concurrency, maxFreeSockets: concurrency };
  const agent =
    request.url.protocol === 'https:'
      ? new https.Agent({ ...agentOptions, ca: request.ca })
      : new http.Agent(agentOptions);
  return {
    agent,
    options: {
      protocol: request.url.protocol,
      method: 'POST',
      hostname: request.url.hostname,
      port: Number(request.url.port),
      path: request.url.pathname + request.url.search,
      headers: request.headers,
      agent,
    },
  };
}

function post(options: https.RequestOptions, body: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const client = options.protocol === 'https:' ? https : http;
    const request = client.request(options, (response) => {
      if (response.statusCode !== 200) reject(new Error(`the receiver answered ${response.statusCode}`));
      response.on('error', reject);
      response.on('end', () => resolve());
      response.resume();
    });
    request.on('error', reject);
    request.end(body);
  });
}

interface Measurement {
  seconds: number;
  /** CPU µs per delivery: the bench process (service or loop), PostgreSQL, and the receiver. */
  cpu: CpuSample | undefined;
}

/** Starts the clock and the CPU count of a measurement of `deliveries`; the call ends both. */
function startMeasurement(receiverPid: number, deliveries: number): () => Measurement {
  const cpuBefore = sampleCpu([receiverPid]);
  const startedAt = performance.now();
  return () => ({
    seconds: (performance.now() - startedAt) / 1000,
    cpu: cpuPerUnit(cpuBefore, sampleCpu([receiverPid]), deliveries),
  });
}

async function pollUntil(what: string, timeoutMs: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function progress(message: string): void {
  process.stderr.write(`${message}\n`);
}

function printReport(
  header: string[],
  deliveries: number,
  results: ReadonlyMap<Protocol, ProtocolMeasurements>,
): void {
  const rate = (measurement: Measurement) => deliveries / measurement.seconds;
  const cpu = (measurement: Measurement, key: keyof CpuSample) =>
    measurement.cpu ? measurement.cpu[key].toFixed(0) : '-';
  const row = (name: string, measurement: Measurement) => [
    name,
    String(deliveries),
    measurement.seconds.toFixed(2),
    rate(measurement).toFixed(0),
    cpu(measurement, 'bench'),
    cpu(measurement, 'postgres'),
    cpu(measurement, 'others'),
  ];
  const rows = [['scenario', 'deliveries', 'seconds', 'per second', 'CPU µs: bench', 'postgres', 'receiver']];
  for (const [protocol, { bare, floor, dispatcher }] of results)
    rows.push(
      row(`${protocol}: bare keep-alive POST loop`, bare),
      row(`${protocol}: floor: bare loop + claim and record SQL`, floor),
      row(`${protocol}: dispatcher`, dispatcher),
    );
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const lines = rows.map((row) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  '),
  );
  const ratios = [...results].map(([protocol, { bare, floor, dispatcher }]) => {
    const [bareRate, floorRate, dispatcherRate] = [rate(bare), rate(floor), rate(dispatcher)];
    return { protocol, bareRate, floorRate, dispatcherRate, ratio: dispatcherRate / bareRate };
  });
  process.stdout.write(
    [
      ...header,
      '',
      ...lines,
      '',
      'CPU: µs per delivery, from /proc: the bench process (the service or the loop, and the client in it),',
      'the PostgreSQL it started (else every one), and the receiver.',
      ...ratios.map(
        ({ protocol, bareRate, floorRate, dispatcherRate, ratio }) =>
          `${protocol}: floor / bare = ${(floorRate / bareRate).toFixed(2)}, ` +
          `dispatcher / floor = ${(dispatcherRate / floorRate).toFixed(2)}, ` +
          `dispatcher / bare = ${ratio.toFixed(2)} (target ≥ ${TARGET_RATIO.toFixed(2)})`,
      ),
      '',
    ].join('\n'),
  );
  for (const { protocol, bareRate, floorRate, dispatcherRate, ratio } of ratios)
    printBenchResult({
      bench: protocol === 'HTTP' ? 'dispatch' : `dispatch ${protocol}`,
      figure: `${dispatcherRate.toFixed(0)} deliveries/s`,
      baseline: `${bareRate.toFixed(0)} ${protocol} POSTs/s bare`,
      ratio,
      floorRatio: floorRate / bareRate,
      target: `ratio ≥ ${TARGET_RATIO.toFixed(2)}`,
      met: ratio >= TARGET_RATIO,
    });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
