import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { type FastifyInstance } from 'fastify';
import { type Pool } from 'pg';
import { newUuidV7, type PublicEventType } from '@governance/contracts';
import { createLogger, EnvReader, listen, type Logger, wake } from '@governance/platform';
import { startKafkaMockCluster } from '@governance/testing';
import { createService } from '../apps/webhooks/src/service';
import { announceOrganization } from '../apps/webhooks/src/testing/webhooks-harness';
import { samplePayload } from '../apps/webhooks/src/webhooks/sample-events';
import { printBenchResult } from './support/bench-result';
import { type BenchDatabase, benchPool, createBenchDatabase } from './support/database';
import { type BenchProducer, startBenchProducer } from './support/event-producer';
import { type BenchReceiver, monotonicMs, startReceiver } from './support/receiver';

/*
 * bench:latency: how long a public event takes from the commit of the transaction that wrote it (its
 * outbox row) to the webhook receiver having the request, with events committed at a steady rate, each to
 * exactly one active webhook subscribed to it. Measured on both buses: the Postgres event log of the
 * embedded deployment, and Kafka (librdkafka's mock cluster, the webhooks service given KAFKA_BROKERS and a
 * short KAFKA_MAX_WAIT_MS, for the mock's sake: see Settings).
 *
 * The path measured is the platform's whole: a producing service's UnitOfWork commits the event to its
 * outbox; its OutboxRelay moves it to the bus; the webhooks service's fan-out consumer turns it into a
 * delivery; its dispatcher claims, signs and POSTs it. Producer and webhooks service share this process,
 * as the services do in the embedded deployment (in-process wake-ups included); on Kafka every hop
 * through the broker is real.
 *
 * The instant of commit is taken just after the commit returns, in this process; the receiver, in a child
 * process, notes when each request arrived whole, by its X-Service-Delivery header. Both read the
 * system's monotonic clock, so the two compare directly.
 *
 * The bare baseline, in the same run, to the same receiver at the same rate: for each event, a bare
 * INSERT (its own commit) into a table, then at once one keep-alive POST of the same body: commit to
 * receiver with nothing in between but one HTTP request. It runs first, before any service starts.
 *
 * The floor, in the same run: the three durable hops the platform's design requires (the producer's
 * outbox commit, the relay's copy to the log, the fan-out's delivery row, each its own commit), done by
 * bare loops of plain SQL, one statement a hop, woken in this process and never pausing, then the POST.
 * What the platform costs beyond it is its own; what the floor costs is this machine's.
 */

const EVENT: PublicEventType = 'assessment.complete';
const POLL_MS = 20;
const TARGET_P99_MS = 50;

type Bus = 'postgres' | 'kafka';

interface Settings {
  rate: number;
  seconds: number;
  warmupSeconds: number;
  buses: Bus[];
  /**
   * The webhooks service's KAFKA_MAX_WAIT_MS on the mock cluster. librdkafka's mock holds a fetch that
   * found nothing for the whole wait, even when a record arrives meanwhile (rdkafka_mock_handlers.c says
   * so), where a broker answers as soon as one does; with the service's default of 100 ms the figure
   * would be the mock's wait.
   */
  kafkaMaxWaitMs: number;
}

interface LatencyFigures {
  events: number;
  /** Commits per second actually achieved over the measured events. */
  achievedRate: number;
  p50: number;
  p99: number;
  max: number;
}

interface Committed {
  key: string;
  committedAtMs: number;
}

function readSettings(env: NodeJS.ProcessEnv): Settings {
  const reader = new EnvReader(env);
  const rate = reader.int('BENCH_RATE', 1_000, { min: 1, max: 100_000 });
  const seconds = reader.int('BENCH_SECONDS', 10, { min: 1, max: 3_600 });
  const warmupSeconds = reader.int('BENCH_WARMUP_SECONDS', 2, { min: 0, max: 600 });
  const kafkaMaxWaitMs = reader.int('BENCH_KAFKA_MAX_WAIT_MS', 10, { min: 10, max: 10_000 });
  const buses = reader
    .string('BENCH_BUSES', 'postgres,kafka')
    .split(',')
    .map((bus) => bus.trim());
  for (const bus of buses)
    if (bus !== 'postgres' && bus !== 'kafka') reader.invalid(`BENCH_BUSES: unknown bus ${bus}`);
  reader.assertValid();
  return { rate, seconds, warmupSeconds, buses: buses as Bus[], kafkaMaxWaitMs };
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
    const receiver = await startReceiver({ recordArrivals: true });
    cleanups.push(() => receiver.close());
    const body = Buffer.from(JSON.stringify(samplePayload(EVENT)), 'utf8');
    const measured = settings.rate * settings.seconds;
    const warmup = settings.rate * settings.warmupSeconds;

    progress('measuring the bare baseline: INSERT commit, then one keep-alive POST');
    const bareDatabase = await createBenchDatabase(process.env, logger);
    cleanups.push(() => bareDatabase.drop());
    const bare = await measureBare(bareDatabase.url, receiver, body, settings.rate, warmup, measured);
    await cleanups.pop()!();

    progress('measuring the floor: outbox commit, relay to a log, delivery row, POST, by bare loops');
    const floorDatabase = await createBenchDatabase(process.env, logger);
    cleanups.push(() => floorDatabase.drop());
    const floor = await measureFloor(floorDatabase.url, receiver, body, settings.rate, warmup, measured);
    await cleanups.pop()!();

    const byBus = new Map<Bus, LatencyFigures>();
    for (const bus of settings.buses) {
      progress(`measuring the platform on the ${busName(bus)}`);
      byBus.set(bus, await measureBus(bus, logger, receiver, settings, warmup, measured, cleanups));
    }

    printReport(settings, bareDatabase.description, bare, floor, byBus);
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
    await cleanUp();
  }
}

/** The bare loop: each event a bare INSERT (autocommit), then one keep-alive POST; commit → arrival. */
async function measureBare(
  databaseUrl: string,
  receiver: BenchReceiver,
  body: Buffer,
  rate: number,
  warmup: number,
  measured: number,
): Promise<LatencyFigures> {
  const pool = benchPool(databaseUrl, 10);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 64 });
  const url = new URL(receiver.url);
  try {
    await pool.query('CREATE TABLE bench_bare (id uuid PRIMARY KEY, payload text NOT NULL)');
    await receiver.arrivals();
    const committed = await atRate(rate, warmup + measured, async () => {
      const key = newUuidV7();
      await pool.query('INSERT INTO bench_bare (id, payload) VALUES ($1, $2)', [key, body.toString('utf8')]);
      const committedAtMs = monotonicMs();
      await post(agent, url, body, key);
      return { key, committedAtMs };
    });
    const arrivals = new Map(await receiver.arrivals());
    return figures(committed.slice(warmup), (key) => arrivals.get(key));
  } finally {
    agent.destroy();
    await pool.end();
  }
}

/**
 * The floor: each event an INSERT commit into an outbox table; a relay loop moves every unpublished row
 * to a log table in one statement; a fan-out loop turns the log's new rows into delivery rows and moves
 * its checkpoint in one statement, then POSTs each delivery. Commit → arrival, as for the platform.
 */
async function measureFloor(
  databaseUrl: string,
  receiver: BenchReceiver,
  body: Buffer,
  rate: number,
  warmup: number,
  measured: number,
): Promise<LatencyFigures> {
  const pool = benchPool(databaseUrl, 10);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 64 });
  const url = new URL(receiver.url);
  const posts: Array<Promise<void>> = [];
  await pool.query(`
    CREATE TABLE floor_outbox (position bigserial PRIMARY KEY, id uuid NOT NULL, payload text NOT NULL,
      published boolean NOT NULL DEFAULT false);
    CREATE INDEX ON floor_outbox (position) WHERE NOT published;
    CREATE TABLE floor_log (position bigserial PRIMARY KEY, id uuid NOT NULL UNIQUE, payload text NOT NULL);
    CREATE TABLE floor_deliveries (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), event_id uuid NOT NULL,
      payload text NOT NULL);
    CREATE TABLE floor_checkpoint (position bigint NOT NULL);
    INSERT INTO floor_checkpoint VALUES (0);`);
  const relay = bareLoop('bench-floor-outbox', async () => {
    const { rowCount } = await pool.query(
      `WITH batch AS (
         UPDATE floor_outbox SET published = true WHERE position IN (
           SELECT position FROM floor_outbox WHERE NOT published ORDER BY position LIMIT 1000)
         RETURNING position, id, payload)
       INSERT INTO floor_log (id, payload) SELECT id, payload FROM batch ORDER BY position`,
    );
    if ((rowCount ?? 0) > 0) wake('bench-floor-log');
    return rowCount ?? 0;
  });
  const fanOut = bareLoop('bench-floor-log', async () => {
    const { rows } = await pool.query<{ event_id: string }>(
      `WITH next AS (
         SELECT l.position, l.id, l.payload FROM floor_log l
         WHERE l.position > (SELECT position FROM floor_checkpoint) ORDER BY l.position LIMIT 1000
       ), moved AS (
         UPDATE floor_checkpoint SET position = (SELECT max(position) FROM next) WHERE EXISTS (SELECT 1 FROM next)
       )
       INSERT INTO floor_deliveries (event_id, payload) SELECT id, payload FROM next RETURNING event_id`,
    );
    for (const row of rows) posts.push(post(agent, url, body, row.event_id));
    return rows.length;
  });
  try {
    await receiver.arrivals();
    const committed = await atRate(rate, warmup + measured, async () => {
      const key = newUuidV7();
      await pool.query('INSERT INTO floor_outbox (id, payload) VALUES ($1, $2)', [
        key,
        body.toString('utf8'),
      ]);
      const committedAtMs = monotonicMs();
      wake('bench-floor-outbox');
      return { key, committedAtMs };
    });
    await pollUntil('the floor to deliver every event', 60_000, async () => posts.length >= committed.length);
    await Promise.all(posts);
    const arrivals = new Map(await receiver.arrivals());
    return figures(committed.slice(warmup), (key) => arrivals.get(key));
  } finally {
    await relay.stop();
    await fanOut.stop();
    agent.destroy();
    await pool.end();
  }
}

/** A loop that runs `step` again at once while it moves rows, else waits for wake(`name`). */
function bareLoop(name: string, step: () => Promise<number>): { stop(): Promise<void> } {
  const woken = listen(name);
  let running = true;
  const loop = (async () => {
    while (running) if ((await step()) === 0) await woken.wait(50);
  })();
  return {
    stop: async () => {
      running = false;
      wake(name);
      await loop;
      woken.close();
    },
  };
}

/**
 * The platform on one bus, in a database of its own: the webhooks service and a producing service, one
 * organization with one webhook subscribed to the event, then the stream, each event's delivery matched
 * to it by the delivery's event id.
 */
async function measureBus(
  bus: Bus,
  logger: Logger,
  receiver: BenchReceiver,
  { rate, kafkaMaxWaitMs }: Settings,
  warmup: number,
  measured: number,
  cleanups: Array<() => Promise<void>>,
): Promise<LatencyFigures> {
  // On the bench's own clean-up stack, so an interrupt cleans up after this bus too.
  const depth = cleanups.length;
  try {
    const database: BenchDatabase = await createBenchDatabase(process.env, logger);
    cleanups.push(() => database.drop());
    let kafkaBrokers: string | undefined;
    if (bus === 'kafka') {
      const cluster = await startKafkaMockCluster({ brokers: 3 });
      cleanups.push(() => cluster.stop());
      kafkaBrokers = cluster.bootstrapServers;
    }
    const service = await createService({
      DATABASE_URL: database.url,
      ...(kafkaBrokers ? { KAFKA_BROKERS: kafkaBrokers, KAFKA_MAX_WAIT_MS: String(kafkaMaxWaitMs) } : {}),
      SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_ALLOW_HTTP: 'true',
      LOG_LEVEL: 'error',
    });
    cleanups.push(() => service.app.close());
    const fastify: FastifyInstance = service.app.getHttpAdapter().getInstance();
    await fastify.ready();
    const producer = await startBenchProducer(database.url, kafkaBrokers);
    cleanups.push(() => producer.close());
    const organizationId = await createWebhook(producer, fastify, receiver.url);

    // The first event waits for the consumers to be in place (on Kafka, the group to form).
    const receivedAtStart = (await receiver.stats()).received;
    await producer.commit(organizationId, EVENT);
    await pollUntil('the first event to be delivered', 60_000, async () => {
      return (await receiver.stats()).received > receivedAtStart;
    });
    const receivedBefore = (await receiver.stats()).received;
    await receiver.arrivals();

    const committed = await atRate(rate, warmup + measured, async () => {
      const { eventId, committedAtMs } = await producer.commit(organizationId, EVENT);
      return { key: eventId, committedAtMs };
    });
    let nextReportAt = monotonicMs() + 10_000;
    await pollUntil(
      `${committed.length} deliveries to reach the receiver`,
      60_000 + committed.length * 50,
      async () => {
        const received = (await receiver.stats()).received - receivedBefore;
        if (monotonicMs() >= nextReportAt) {
          progress(`  ${received} of ${committed.length} delivered`);
          nextReportAt += 10_000;
        }
        return received >= committed.length;
      },
    );
    const arrivals = new Map(await receiver.arrivals());
    const sql = benchPool(database.url, 1);
    cleanups.push(() => sql.end());
    const { rows } = await sql.query<{ id: string; event_id: string }>(
      'SELECT id, event_id FROM webhooks.deliveries WHERE event_id = ANY($1::uuid[])',
      [committed.map((event) => event.key)],
    );
    if (rows.length !== committed.length)
      throw new Error(`${rows.length} deliveries for ${committed.length} events`);
    const deliveryOf = new Map(rows.map((row) => [row.event_id, row.id]));
    const measuredEvents = committed.slice(warmup).map((event) => event.key);
    stages.set(bus, await stageBreakdown(sql, bus, measuredEvents));
    return figures(committed.slice(warmup), (eventId) => {
      const deliveryId = deliveryOf.get(eventId);
      return deliveryId === undefined ? undefined : arrivals.get(deliveryId);
    });
  } finally {
    while (cleanups.length > depth) await cleanups.pop()!();
  }
}

/** Per hop, ms after the event's commit (its outbox row's creation), by p50 / p99 over `eventIds`. */
interface Stages {
  hops: Array<{ hop: string; p50: number; p99: number }>;
  /** Events the fan-out consumer turned into deliveries per second, first delivery row to last. */
  fanOutRate: number;
}
const stages = new Map<Bus, Stages>();

/**
 * Where the time goes, from the rows each hop leaves: the relay marking the outbox row published, the
 * event's append to the log (Postgres bus only), the fan-out's delivery row, the dispatcher's attempt.
 * Postgres stamps rows with its transaction's start (now()), the dispatcher its attempt's start; all on
 * the machine's wall clock, so these are approximate, for locating a delay, not the headline.
 */
async function stageBreakdown(sql: Pool, bus: Bus, eventIds: string[]): Promise<Stages> {
  const { rows } = await sql.query<Record<string, number | null>>(
    `SELECT EXTRACT(EPOCH FROM o.published_at - o.created_at) * 1000 AS published,
            ${bus === 'postgres' ? 'EXTRACT(EPOCH FROM e.appended_at - o.created_at) * 1000' : 'NULL'} AS appended,
            EXTRACT(EPOCH FROM d.created_at - o.created_at) * 1000 AS fanned_out,
            EXTRACT(EPOCH FROM a.attempted_at - o.created_at) * 1000 AS attempted,
            EXTRACT(EPOCH FROM d.completed_at - o.created_at) * 1000 AS recorded
     FROM bench_producer.outbox o
     ${bus === 'postgres' ? 'LEFT JOIN event_bus.events e ON e.event_id = o.event_id' : ''}
     JOIN webhooks.deliveries d ON d.event_id = o.event_id
     LEFT JOIN LATERAL (SELECT min(attempted_at) AS attempted_at FROM webhooks.delivery_attempts
       WHERE delivery_id = d.id) a ON true
     WHERE o.event_id = ANY($1::uuid[])`,
    [eventIds],
  );
  const hops: Array<[string, string]> = [
    ['outbox row published by the relay', 'published'],
    ['appended to the event log', 'appended'],
    ['delivery row committed by the fan-out', 'fanned_out'],
    ['attempt started by the dispatcher', 'attempted'],
    ['outcome recorded', 'recorded'],
  ];
  const [span] = (
    await sql.query<{ events: number; seconds: string }>(
      `SELECT count(*)::int AS events, EXTRACT(EPOCH FROM max(created_at) - min(created_at)) AS seconds
       FROM webhooks.deliveries WHERE event_id = ANY($1::uuid[])`,
      [eventIds],
    )
  ).rows;
  const fanOutRate = span && Number(span.seconds) > 0 ? (span.events - 1) / Number(span.seconds) : 0;
  const found = hops.flatMap(([hop, column]) => {
    const values = rows
      .map((row) => row[column])
      .filter((value): value is number => value !== null && value !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
    if (values.length === 0) return [];
    const at = (quantile: number) => values[Math.max(0, Math.ceil(quantile * values.length) - 1)]!;
    return [{ hop, p50: at(0.5), p99: at(0.99) }];
  });
  return { hops: found, fanOutRate };
}

/** An organization announced on the bus as identity does, and one webhook made through the API. */
async function createWebhook(
  producer: BenchProducer,
  fastify: FastifyInstance,
  receiverUrl: string,
): Promise<string> {
  const organization = await announceOrganization(producer.transport, 'professional');
  const authorization = `Bearer ${organization.apiKey}`;
  await pollUntil('the tenant replica to learn of the organization', 60_000, async () => {
    const response = await fastify.inject({ method: 'GET', url: '/v1/webhooks', headers: { authorization } });
    return response.statusCode !== 401;
  });
  const created = await fastify.inject({
    method: 'POST',
    url: '/v1/webhooks',
    headers: { authorization, 'content-type': 'application/json' },
    payload: JSON.stringify({ url: receiverUrl, events: [EVENT], description: 'bench:latency' }),
  });
  if (created.statusCode !== 201)
    throw new Error(`creating the webhook answered ${created.statusCode}: ${created.body}`);
  return organization.id;
}

/**
 * Starts `count` calls of `fire` on a steady schedule of `rate` a second, the i-th at i / rate s (not
 * waiting for earlier ones: an open loop, as independent producers are), and resolves with their results
 * in order once all are done.
 */
async function atRate<T>(rate: number, count: number, fire: () => Promise<T>): Promise<T[]> {
  const started = performance.now();
  const calls: Array<Promise<T>> = [];
  let failure: Error | undefined;
  while (calls.length < count) {
    const due = Math.min(count, Math.floor(((performance.now() - started) * rate) / 1000) + 1);
    while (calls.length < due) {
      const call = fire();
      call.catch((error: unknown) => {
        failure ??= error instanceof Error ? error : new Error(String(error));
      });
      calls.push(call);
    }
    if (failure !== undefined) break;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  const settled = await Promise.allSettled(calls);
  if (failure !== undefined) throw failure;
  return settled.map((result) => (result as PromiseFulfilledResult<T>).value);
}

/** Percentiles of commit → arrival over `events`; every event must have arrived. */
function figures(events: Committed[], arrivalOf: (key: string) => number | undefined): LatencyFigures {
  const latencies = events.map((event) => {
    const arrivedAtMs = arrivalOf(event.key);
    if (arrivedAtMs === undefined) throw new Error(`no arrival for ${event.key}`);
    return arrivedAtMs - event.committedAtMs;
  });
  latencies.sort((a, b) => a - b);
  const at = (quantile: number) => latencies[Math.max(0, Math.ceil(quantile * latencies.length) - 1)]!;
  const commits = events.map((event) => event.committedAtMs).sort((a, b) => a - b);
  const span = (commits[commits.length - 1]! - commits[0]!) / 1000;
  return {
    events: events.length,
    achievedRate: span > 0 ? (events.length - 1) / span : events.length,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies[latencies.length - 1]!,
  };
}

function post(agent: http.Agent, url: URL, body: Buffer, deliveryId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        method: 'POST',
        hostname: url.hostname,
        port: Number(url.port),
        path: url.pathname,
        headers: { 'Content-Type': 'application/json', 'X-Service-Delivery': deliveryId },
        agent,
      },
      (response) => {
        if (response.statusCode !== 200) reject(new Error(`the receiver answered ${response.statusCode}`));
        response.on('error', reject);
        response.on('end', () => resolve());
        response.resume();
      },
    );
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

function busName(bus: Bus): string {
  return bus === 'postgres' ? 'Postgres event log' : 'Kafka (mock cluster)';
}

function printReport(
  settings: Settings,
  database: string,
  bare: LatencyFigures,
  floor: LatencyFigures,
  byBus: Map<Bus, LatencyFigures>,
): void {
  const ms = (value: number) => value.toFixed(1);
  const row = (name: string, result: LatencyFigures) => [
    name,
    String(result.events),
    result.achievedRate.toFixed(0),
    ms(result.p50),
    ms(result.p99),
    ms(result.max),
  ];
  const rows = [
    ['path', 'events', 'commits/s', 'p50 ms', 'p99 ms', 'max ms'],
    row('bare: INSERT commit, one keep-alive POST', bare),
    row('floor: outbox, relay, delivery row, POST', floor),
    ...[...byBus].map(([bus, result]) => row(`platform on the ${busName(bus)}`, result)),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((cells) => cells[column]!.length)));
  const lines = rows.map((cells) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  '),
  );
  const verdicts = [...byBus].map(
    ([bus, result]) =>
      `${busName(bus)}: p99 ${ms(result.p99)} ms, target p99 ≤ ${TARGET_P99_MS} ms ${result.p99 <= TARGET_P99_MS ? 'met' : 'NOT met'}`,
  );
  process.stdout.write(
    [
      `bench:latency: event commit → webhook receiver, ${settings.rate} events/s for ${settings.seconds} s ` +
        `(after ${settings.warmupSeconds} s of warm-up), one webhook per event, receiver in a child process`,
      `node ${process.version}, ${availableParallelism()} CPUs, ${database}`,
      ...(byBus.has('kafka')
        ? [
            `on Kafka the consumers fetch with KAFKA_MAX_WAIT_MS=${settings.kafkaMaxWaitMs}: the mock cluster ` +
              'holds an empty fetch that long even when a record arrives, a broker does not',
          ]
        : []),
      '',
      ...lines,
      '',
      ...verdicts,
      '',
      'Where the time goes, ms after the commit (p50 / p99), from the timestamps each hop writes:',
      ...[...stages].flatMap(([bus, { hops, fanOutRate }]) => [
        `  ${busName(bus)}: the fan-out turned ${fanOutRate.toFixed(0)} events/s into deliveries`,
        ...hops.map((hop) => `    ${hop.hop.padEnd(40)} ${ms(hop.p50).padStart(8)} / ${ms(hop.p99)}`),
      ]),
      '',
    ].join('\n'),
  );
  for (const [bus, result] of byBus) {
    printBenchResult({
      bench: `latency (${bus === 'postgres' ? 'Postgres log' : 'Kafka'})`,
      figure: `p99 ${ms(result.p99)} ms, p50 ${ms(result.p50)} ms`,
      baseline: `p99 ${ms(bare.p99)} ms bare, ${ms(floor.p99)} ms floor`,
      ratio: null,
      target: `p99 ≤ ${TARGET_P99_MS} ms`,
      met: result.p99 <= TARGET_P99_MS,
    });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
