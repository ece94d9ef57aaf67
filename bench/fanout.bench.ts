import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { availableParallelism } from 'node:os';
import { type FastifyInstance } from 'fastify';
import { type Pool } from 'pg';
import { newId, type PublicEventType } from '@governance/contracts';
import { createLogger, EnvReader, SecretBox } from '@governance/platform';
import { createService } from '../apps/webhooks/src/service';
import { announceOrganization } from '../apps/webhooks/src/testing/webhooks-harness';
import { printBenchResult } from './support/bench-result';
import { benchPool, createBenchDatabase } from './support/database';
import { type BenchProducer, startBenchProducer } from './support/event-producer';
import { type CapturedRequest } from './support/receiver-protocol';
import { type BenchReceiver, monotonicMs, startReceiver } from './support/receiver';

/*
 * bench:fanout: one public event to 10,000 active webhooks subscribed to it, all of one organization (the
 * service's per-organization limit, WEBHOOK_MAX_PER_ORGANIZATION, raised to their number for the bench),
 * all pointing at the bench receiver. Measured: from the commit of the event (its outbox row, by a
 * producing service's UnitOfWork; instant taken just after the commit) until every delivery is recorded
 * as succeeded in the webhooks schema; with it, deliveries per second, and when the fan-out had committed
 * every delivery row and when the receiver had every request. On the Postgres event log (embedded
 * deployment), producer and webhooks service in this process as the embedded services are.
 *
 * The webhooks are inserted by SQL for speed, each with its own signing secret sealed with the service's
 * key, as the API would store it. A first event to all of them warms up the process (and fills the
 * service's cache of opened secrets, as a running dispatcher's would be); its figure is printed too.
 *
 * The bare baseline, in the same run, to the same receiver: a keep-alive POST loop of the dispatcher's
 * concurrency sending the same number of requests, with the bytes and headers of one the dispatcher sent.
 */

const EVENT: PublicEventType = 'assessment.complete';
const POLL_MS = 20;
const TARGET_SECONDS = 5;
/** Headers node:http sets by itself; the baseline lets its own client set them too. */
const TRANSPORT_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding']);
/** The dispatcher's default (apps/webhooks/src/config.ts). */
const DEFAULT_CONCURRENCY = 64;

interface Settings {
  webhooks: number;
  concurrency: number;
}

interface Round {
  /** Seconds from the commit until the fan-out's delivery rows were all committed (seen by a poll). */
  fannedOut: number;
  /** … until the receiver had every request. */
  received: number;
  /** … until every delivery was recorded as succeeded: the headline. */
  succeeded: number;
}

function readSettings(env: NodeJS.ProcessEnv): Settings {
  const reader = new EnvReader(env);
  // The service allows at most 10,000 webhooks per organization, and the bench uses one organization.
  const webhooks = reader.int('BENCH_WEBHOOKS', 10_000, { min: 1, max: 10_000 });
  const concurrency = reader.int('WEBHOOK_DISPATCH_CONCURRENCY', DEFAULT_CONCURRENCY, { min: 1, max: 4096 });
  reader.assertValid();
  return { webhooks, concurrency };
}

async function main(): Promise<void> {
  const settings = readSettings(process.env);
  const logger = createLogger('bench', 'warn');
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
    progress('starting PostgreSQL, the receiver and the webhooks service');
    const database = await createBenchDatabase(process.env, logger);
    cleanups.push(() => database.drop());
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    const secretsKey = randomBytes(32);
    const service = await createService({
      DATABASE_URL: database.url,
      SECRETS_ENCRYPTION_KEY: secretsKey.toString('base64'),
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_MAX_PER_ORGANIZATION: String(settings.webhooks),
      WEBHOOK_DISPATCH_CONCURRENCY: String(settings.concurrency),
      LOG_LEVEL: 'error',
    });
    cleanups.push(() => service.app.close());
    const fastify: FastifyInstance = service.app.getHttpAdapter().getInstance();
    await fastify.ready();
    const producer = await startBenchProducer(database.url, undefined);
    cleanups.push(() => producer.close());
    const sql = benchPool(database.url, 2);
    cleanups.push(() => sql.end());

    const organizationId = await announce(producer, fastify);
    progress(`inserting ${settings.webhooks} webhooks`);
    await insertWebhooks(sql, new SecretBox(secretsKey), organizationId, receiver.url, settings.webhooks);

    progress('warming up: one event to every webhook');
    const first = await measureRound(sql, receiver, producer, organizationId, settings.webhooks);
    const replayed = await replayOfFirstRequest(receiver);
    await measureBareLoop(replayed, Math.min(2_000, settings.webhooks), settings.concurrency);
    progress(`measuring the bare loop: ${settings.webhooks} POSTs, ${settings.concurrency} at a time`);
    const bare = await measureBareLoop(replayed, settings.webhooks, settings.concurrency);
    progress(`measuring the fan-out: one event to ${settings.webhooks} webhooks`);
    const measured = await measureRound(sql, receiver, producer, organizationId, settings.webhooks);

    printReport(settings, database.description, replayed.body.length, { first, measured, bare });
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
    await cleanUp();
  }
}

/** Announces the organization on the bus as identity does, and waits until the service knows it. */
async function announce(producer: BenchProducer, fastify: FastifyInstance): Promise<string> {
  const organization = await announceOrganization(producer.transport, 'professional');
  const authorization = `Bearer ${organization.apiKey}`;
  await pollUntil('the tenant replica to learn of the organization', 60_000, async () => {
    const response = await fastify.inject({ method: 'GET', url: '/v1/webhooks', headers: { authorization } });
    return response.statusCode !== 401;
  });
  return organization.id;
}

/** `count` active webhooks subscribed to EVENT, each with a fresh signing secret sealed as the API seals it. */
async function insertWebhooks(
  sql: Pool,
  box: SecretBox,
  organizationId: string,
  url: string,
  count: number,
): Promise<void> {
  const ids = Array.from({ length: count }, () => newId('webhook'));
  const sealed = ids.map((id) => box.seal(`whsec_${randomBytes(32).toString('base64url')}`, id));
  await sql.query(
    `INSERT INTO webhooks.webhooks (id, organization_id, url, events, description, active, signing_secret_encrypted)
     SELECT id, $2, $3, ARRAY[$4]::text[], 'bench:fanout', true, secret
     FROM unnest($1::text[], $5::text[]) AS w(id, secret)`,
    [ids, organizationId, url, EVENT, sealed],
  );
}

/**
 * Commits one event and follows it: polls the delivery rows of the event (and the receiver's count)
 * until every delivery has succeeded. A failed one fails the bench.
 */
async function measureRound(
  sql: Pool,
  receiver: BenchReceiver,
  producer: BenchProducer,
  organizationId: string,
  webhooks: number,
): Promise<Round> {
  const receivedBefore = (await receiver.stats()).received;
  const { eventId, committedAtMs } = await producer.commit(organizationId, EVENT);
  const since = () => (monotonicMs() - committedAtMs) / 1000;
  let fannedOut: number | undefined;
  let received: number | undefined;
  let succeeded: number | undefined;
  await pollUntil(`${webhooks} deliveries to succeed`, 120_000 + webhooks * 10, async () => {
    if (received === undefined && (await receiver.stats()).received - receivedBefore >= webhooks)
      received = since();
    const { rows } = await sql.query<{ rows: number; succeeded: number; failed: number }>(
      `SELECT count(*)::int AS rows, (count(*) FILTER (WHERE outcome = 'succeeded'))::int AS succeeded,
              (count(*) FILTER (WHERE outcome = 'failed'))::int AS failed
       FROM webhooks.deliveries WHERE event_id = $1`,
      [eventId],
    );
    const row = rows[0]!;
    const at = since();
    if (row.failed > 0) throw new Error(`${row.failed} deliveries failed`);
    if (fannedOut === undefined && row.rows === webhooks) fannedOut = at;
    if (row.succeeded === webhooks) succeeded = at;
    return succeeded !== undefined;
  });
  const stats = await receiver.stats();
  if (stats.received - receivedBefore !== webhooks)
    throw new Error(
      `the receiver got ${stats.received - receivedBefore} requests for ${webhooks} deliveries`,
    );
  return { fannedOut: fannedOut!, received: received ?? succeeded!, succeeded: succeeded! };
}

interface ReplayedRequest {
  url: URL;
  headers: Record<string, string>;
  body: Buffer;
}

/** The bytes and headers of the dispatcher's first request, as the receiver got them. */
async function replayOfFirstRequest(receiver: BenchReceiver): Promise<ReplayedRequest> {
  const { first } = await receiver.stats();
  if (!first || first.method !== 'POST') throw new Error('the receiver kept no POST from the dispatcher');
  return {
    url: new URL(first.path, receiver.url),
    headers: replayHeaders(first),
    body: Buffer.from(first.bodyBase64, 'base64'),
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

/** `count` POSTs, `concurrency` at a time, over keep-alive connections; returns the seconds taken. */
async function measureBareLoop(
  request: ReplayedRequest,
  count: number,
  concurrency: number,
): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency, maxFreeSockets: concurrency });
  const options: http.RequestOptions = {
    method: 'POST',
    hostname: request.url.hostname,
    port: Number(request.url.port),
    path: request.url.pathname + request.url.search,
    headers: request.headers,
    agent,
  };
  let issued = 0;
  const lane = async (): Promise<void> => {
    while (issued < count) {
      issued += 1;
      await post(options, request.body);
    }
  };
  try {
    const startedAt = monotonicMs();
    await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane));
    return (monotonicMs() - startedAt) / 1000;
  } finally {
    agent.destroy();
  }
}

function post(options: http.RequestOptions, body: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.request(options, (response) => {
      if (response.statusCode !== 200) reject(new Error(`the receiver answered ${response.statusCode}`));
      response.on('error', reject);
      response.on('end', () => resolve());
      response.resume();
    });
    request.on('error', reject);
    request.end(body);
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
  settings: Settings,
  database: string,
  bodyBytes: number,
  { first, measured, bare }: { first: Round; measured: Round; bare: number },
): void {
  const s = (seconds: number) => seconds.toFixed(2);
  const rate = (seconds: number) => (settings.webhooks / seconds).toFixed(0);
  const rows = [
    ['scenario', 'fanned out s', 'received s', 'all succeeded s', 'deliveries/s'],
    ['bare keep-alive POST loop', '', s(bare), '', rate(bare)],
    [
      'platform, first event (warm-up)',
      s(first.fannedOut),
      s(first.received),
      s(first.succeeded),
      rate(first.succeeded),
    ],
    [
      'platform, second event',
      s(measured.fannedOut),
      s(measured.received),
      s(measured.succeeded),
      rate(measured.succeeded),
    ],
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((cells) => cells[column]!.length)));
  const lines = rows.map((cells) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  '),
  );
  const met = measured.succeeded <= TARGET_SECONDS;
  process.stdout.write(
    [
      `bench:fanout: one event to ${settings.webhooks} webhooks of one organization, dispatcher concurrency ` +
        `${settings.concurrency}, ${bodyBytes}-byte body, receiver in a child process`,
      `node ${process.version}, ${availableParallelism()} CPUs, ${database}, Postgres event log`,
      '',
      ...lines,
      '',
      'Seconds from the event commit until: the fan-out had committed every delivery row, the receiver had',
      'every request, every delivery was recorded as succeeded (each seen by a 20 ms poll).',
      `all delivered in ${s(measured.succeeded)} s: target ≤ ${TARGET_SECONDS} s ${met ? 'met' : 'NOT met'}`,
      '',
    ].join('\n'),
  );
  printBenchResult({
    bench: 'fanout',
    figure: `${s(measured.succeeded)} s to ${settings.webhooks} succeeded (${rate(measured.succeeded)}/s)`,
    baseline: `${s(bare)} s bare (${rate(bare)} POSTs/s)`,
    ratio: bare / measured.succeeded,
    target: `all delivered ≤ ${TARGET_SECONDS} s`,
    met,
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
