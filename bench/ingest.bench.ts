import 'reflect-metadata';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { type FastifyInstance } from 'fastify';
import { DataSource } from 'typeorm';
import { type Condition, newId, newUuidV7, type PolicySnapshot } from '@governance/contracts';
import {
  createKafka,
  type EventTransport,
  type KafkaConfig,
  KafkaEventTransport,
  policyEventMessage,
  PostgresLogTransport,
} from '@governance/messaging';
import { createLogger, EnvReader, type Logger } from '@governance/platform';
import { announceOrganization, type KafkaMockCluster, startKafkaMockCluster } from '@governance/testing';
import { createService } from '../apps/probe-ingest/src/service';
import { seededRng, telemetryBatch } from '../tools/probe-simulator/telemetry-generator';
import { EventBusConsumers } from '../libs/messaging/src/dead-letter-admin';
import { printBenchResult } from './support/bench-result';
import { benchPool, createBenchDatabase } from './support/database';
import { type LoadResult, runLoad } from './support/http-load';
import { childPids, cpuPerUnit, type CpuSample, sampleCpu } from './support/process-cpu';

/*
 * bench:ingest: telemetry records per second accepted by the real probe ingest service (API key checked,
 * batch validated, appended straight to the bus in group commits, 202 received) on a real port over
 * keep-alive HTTP, beside a bare node:http server that only reads the body and JSON.parses it. Same
 * client (a worker thread), same concurrency, same bodies, in the same run.
 *
 * Run order: both are warmed up, then rounds alternate the bare server and the service, and the report
 * takes the median of the rounds' ratios: on a shared 2-core machine one measurement swings with
 * whatever else runs, and alternating exposes both to the same conditions. The bare server goes first in
 * each round because the service leaves work behind (WAL, and its drift, discovery and violations
 * consumers reading the appended batches) that takes CPU from whatever is measured next.
 *
 * A third server, the floor, is the bare server plus only the durable write: it appends each parsed
 * body, as text, to a table of its own in group commits, as many batches per commit and as many commits
 * at once as the service's defaults, and answers 202 once the commit lands. No auth, no validation, no
 * framework, no outbox or relay. No ingest path that stores each batch in Postgres before answering can
 * beat it, so it shows how much of the gap to the bare server is durability on this machine.
 *
 * `--policies N` (or BENCH_POLICIES) first announces N active policies to the service, as the policies
 * service would on its internal topic, so the violations consumer evaluates every record against them
 * while the load runs: `npm run bench:ingest -- --policies 50`. Policies belong to an organization, so the
 * same service also takes the same bodies from a second organization that has none, measured in the same
 * rounds: the cost of the policies is the ratio of the two, free of the machine's swings between runs.
 *
 * `--bus kafka` (or BENCH_BUS) runs the service on Kafka instead of the Postgres event log: a librdkafka
 * mock cluster of three brokers, started by the bench in a child process, to which telemetry is produced
 * and from which the consumers read. The bench announces its organization and policies there
 * too, as identity and the policies service would. Its CPU shows in a column of its own.
 */

const POLL_MS = 20;
const TELEMETRY_PATH = '/api/service/probe/telemetry';

interface Settings {
  /** Length of one measurement. */
  seconds: number;
  /** Measurements of each, alternating bare and ingest; the report takes the median of the ratios. */
  rounds: number;
  warmupSeconds: number;
  concurrency: number;
  batchSize: number;
  probes: number;
  /** Active policies every record is evaluated against (downstream of the 202, by the violations consumer). */
  policies: number;
  /** The bus the service appends telemetry to and its consumers read from. */
  bus: Bus;
  /**
   * false stops the service's consumers once the fixtures are in place: batches are still appended to
   * the bus (durable, 202), but drift, discovery and violations do not read them. A diagnostic, to see the
   * ingest path apart from the downstream work that shares the process and the machine.
   */
  consumers: boolean;
}

const BUSES = ['postgres', 'kafka'] as const;
type Bus = (typeof BUSES)[number];
/** Issue 15's targets for ingest ÷ bare: the Postgres log's append is a write the Kafka produce is not. */
const INGEST_TARGET: Record<Bus, number> = { postgres: 0.4, kafka: 0.5 };
const KAFKA_BROKERS = 3;

/** `--name N` or `--name=N` from the command line, else the variable's own value. */
function withArgument(env: NodeJS.ProcessEnv, argv: readonly string[], flag: string, variable: string) {
  const at = argv.findIndex((arg) => arg === flag || arg.startsWith(`${flag}=`));
  if (at < 0) return env;
  const value = argv[at]!.includes('=') ? argv[at]!.slice(flag.length + 1) : argv[at + 1];
  return { ...env, [variable]: value ?? '' };
}

function readSettings(source: NodeJS.ProcessEnv, argv: readonly string[]): Settings {
  const env = withArgument(
    withArgument(source, argv, '--policies', 'BENCH_POLICIES'),
    argv,
    '--bus',
    'BENCH_BUS',
  );
  const reader = new EnvReader(env);
  const settings = {
    seconds: reader.int('BENCH_SECONDS', 4, { min: 1, max: 3_600 }),
    rounds: reader.int('BENCH_ROUNDS', 3, { min: 1, max: 100 }),
    warmupSeconds: reader.int('BENCH_WARMUP_SECONDS', 2, { min: 0, max: 600 }),
    concurrency: reader.int('BENCH_CONCURRENCY', 32, { min: 1, max: 4_096 }),
    batchSize: reader.int('BENCH_BATCH_SIZE', 100, { min: 1, max: 1_000 }),
    probes: reader.int('BENCH_PROBES', 16, { min: 1, max: 10_000 }),
    policies: reader.int('BENCH_POLICIES', 0, { min: 0, max: 1_000 }),
    consumers: reader.bool('BENCH_CONSUMERS', true),
    bus: reader.oneOf('BENCH_BUS', BUSES, 'postgres'),
  };
  reader.assertValid();
  return settings;
}

/** Service tuning a caller may pass through, for experiments; printed with the results. */
function forwardedServiceEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const forwarded: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && /^(PROBE_|DRIFT_|DATABASE_POOL_SIZE$|EVENT_LOG_|OUTBOX_)/.test(name))
      forwarded[name] = value;
  }
  return forwarded;
}

async function main(): Promise<void> {
  const settings = readSettings(process.env, process.argv.slice(2));
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
    const load0 = loadAverage();
    const kafkaNote = settings.bus === 'kafka' ? `, a Kafka mock cluster of ${KAFKA_BROKERS} brokers` : '';
    progress(`starting PostgreSQL${kafkaNote}, the bare server and the probe ingest service`);
    const database = await createBenchDatabase(process.env, logger);
    cleanups.push(() => database.drop());
    const kafka = settings.bus === 'kafka' ? await startKafka(createLogger('bench', 'error')) : undefined;
    if (kafka) cleanups.push(() => kafka.stop());

    const bare = await startBareServer();
    cleanups.push(() => bare.close());
    const floor = await startFloorServer(database.url);
    cleanups.push(() => floor.close());

    const forwarded = forwardedServiceEnv(process.env);
    const service = await createService({
      ...forwarded,
      DATABASE_URL: database.url,
      ...(kafka ? { KAFKA_BROKERS: kafka.cluster.bootstrapServers } : {}),
      LOG_LEVEL: 'error',
    });
    cleanups.push(() => service.app.close());
    await service.app.listen({ port: 0, host: '127.0.0.1' });
    const fastify: FastifyInstance = service.app.getHttpAdapter().getInstance();
    const serviceUrl = `http://127.0.0.1:${(fastify.server.address() as AddressInfo).port}${TELEMETRY_PATH}`;

    const dataSource = service.app.get(DataSource);
    const bus = kafka?.transport ?? new PostgresLogTransport(dataSource);
    const organization = await prepareProbes(bus, fastify, settings.probes);
    // Policies belong to `organization`; this second one has none, and sends the same records.
    const unpoliced = settings.policies > 0 ? await prepareProbes(bus, fastify, settings.probes) : undefined;
    if (settings.policies > 0) {
      progress(`announcing ${settings.policies} active policies`);
      await announcePolicies(bus, dataSource, organization.organizationId, settings.policies);
    }
    if (!settings.consumers)
      await Promise.all(service.app.get(EventBusConsumers).servers.map((server) => server.close()));
    const rng = seededRng(42);
    const batches = Array.from({ length: Math.max(64, settings.probes) }, () =>
      telemetryBatch(settings.batchSize, { at: new Date(), shift: 0, rng, spacingMs: 10 }),
    );
    const target = (url: string, probes: BenchProbes): Target => ({
      url,
      apiKey: probes.apiKey,
      bodies: batches.map((records, i) =>
        JSON.stringify({ probe_id: probes.probeIds[i % probes.probeIds.length]!, records }),
      ),
    });
    const ingest = target(serviceUrl, organization);
    const ingestUnpoliced = unpoliced ? target(serviceUrl, unpoliced) : undefined;
    const bareTarget = { ...ingest, url: bare.url };
    const floorTarget = { ...ingest, url: floor.url };
    const load = (to: Target, seconds: number): Promise<LoadResult> =>
      runLoad({
        url: to.url,
        headers: { authorization: `Bearer ${to.apiKey}` },
        bodies: to.bodies,
        concurrency: settings.concurrency,
        durationMs: seconds * 1000,
        expectStatus: 202,
      });
    const otherPids = kafka?.pids ?? [];
    const measure = async (to: Target): Promise<Measured> => {
      const before = sampleCpu(otherPids);
      const result = await load(to, settings.seconds);
      return { ...result, cpu: cpuPerUnit(before, sampleCpu(otherPids), result.ok) };
    };

    if (settings.warmupSeconds > 0) {
      progress(`warming up: ${settings.warmupSeconds} s against each`);
      if (ingestUnpoliced) await load(ingestUnpoliced, settings.warmupSeconds);
      await load(ingest, settings.warmupSeconds);
      await load(floorTarget, settings.warmupSeconds);
      await load(bareTarget, settings.warmupSeconds);
    }
    const rounds: Round[] = [];
    for (let round = 1; round <= settings.rounds; round++) {
      // Each leaves work downstream that falls on the next, so the two organizations take turns first.
      const unpolicedFirst = round % 2 === 1;
      const services = ingestUnpoliced
        ? `the service without and with policies (${unpolicedFirst ? 'without' : 'with'} first)`
        : 'the service';
      progress(
        `round ${round}/${settings.rounds}: the bare server, the floor, then ${services}, ${settings.seconds} s each`,
      );
      const bareResult = await measure(bareTarget);
      const floorResult = await measure(floorTarget);
      let unpolicedResult: Measured | undefined;
      if (ingestUnpoliced && unpolicedFirst) unpolicedResult = await measure(ingestUnpoliced);
      const ingestResult = await measure(ingest);
      if (ingestUnpoliced && !unpolicedFirst) unpolicedResult = await measure(ingestUnpoliced);
      rounds.push({ bare: bareResult, floor: floorResult, ingest: ingestResult, unpoliced: unpolicedResult });
    }
    const load1 = loadAverage();
    const downstream = await downstreamProgress(dataSource, organization.organizationId);

    const forwardedNote = Object.entries(forwarded).map(([name, value]) => `${name}=${value}`);
    const load0Note = `load average ${load0} before, ${load1} after`;
    const bodyBytes = Math.round(
      ingest.bodies.reduce((sum, body) => sum + Buffer.byteLength(body), 0) / ingest.bodies.length,
    );
    const busNote =
      settings.bus === 'kafka'
        ? `Kafka (librdkafka mock cluster, ${KAFKA_BROKERS} brokers, in a child process)`
        : 'Postgres event log';
    const policiesNote =
      settings.policies > 0
        ? `${settings.policies} active policies (and a second organization with none)`
        : '0 active policies';
    printReport(
      [
        `bench:ingest: batches of ${settings.batchSize} records (~${bodyBytes} bytes), concurrency ${settings.concurrency}, ` +
          `${settings.probes} probes, ${policiesNote}, ${settings.rounds} rounds of ${settings.seconds} s each after ${settings.warmupSeconds} s warm-up, ` +
          'client in a worker thread',
        `node ${process.version}, ${availableParallelism()} CPUs (${load0Note}), ${database.description}, ` +
          `bus: ${busNote}${settings.consumers ? '' : ' (consumers stopped: BENCH_CONSUMERS=false)'}` +
          (forwardedNote.length > 0 ? `, ${forwardedNote.join(' ')}` : ''),
      ],
      settings,
      rounds,
    );
    process.stdout.write(`${downstream}\n`);
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
    await cleanUp();
  }
}

/** Where a load goes: a server's URL, the key it sends and the bodies it sends round-robin. */
interface Target {
  url: string;
  apiKey: string;
  bodies: string[];
}

/** A mock cluster for the service, a producer for the bench's own announcements, and the cluster's pids. */
async function startKafka(
  logger: Logger,
): Promise<{ cluster: KafkaMockCluster; transport: EventTransport; pids: number[]; stop(): Promise<void> }> {
  const cluster = await startKafkaMockCluster({ brokers: KAFKA_BROKERS });
  const config: KafkaConfig = {
    brokers: cluster.bootstrapServers.split(','),
    clientId: 'bench',
    maxWaitMs: 100,
    idempotentProducer: false,
    ssl: false,
    sessionTimeoutMs: 6_000,
  };
  const transport = new KafkaEventTransport(createKafka(config, logger), config);
  return {
    cluster,
    transport,
    pids: childPids('kafka-mock'),
    stop: async () => {
      try {
        await transport.close();
      } finally {
        await cluster.stop();
      }
    },
  };
}

interface BenchProbes {
  organizationId: string;
  apiKey: string;
  probeIds: string[];
}

/** An organization announced the way the identity service does it, and probes registered through the API. */
async function prepareProbes(
  bus: EventTransport,
  fastify: FastifyInstance,
  count: number,
): Promise<BenchProbes> {
  const organization = await announceOrganization(bus, 'professional');
  const authorization = `Bearer ${organization.apiKey}`;
  await pollUntil('the tenant replica to learn of the organization', 30_000, async () => {
    const response = await fastify.inject({
      method: 'GET',
      url: '/api/service/probe/probes/prb_00000000000000000000000000',
      headers: { authorization },
    });
    return response.statusCode !== 401;
  });
  const probeIds: string[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fastify.inject({
      method: 'POST',
      url: '/api/service/probe/register',
      headers: { authorization, 'content-type': 'application/json' },
      payload: JSON.stringify({
        probe_name: `bench-probe-${i}`,
        system_name: `Bench System ${i % 4}`,
        host: `bench-${i}.internal`,
        environment: 'bench',
      }),
    });
    if (response.statusCode !== 201)
      throw new Error(`registering a probe answered ${response.statusCode}: ${response.body}`);
    probeIds.push(response.json<{ probe_id: string }>().probe_id);
  }
  return { organizationId: organization.id, apiKey: organization.apiKey, probeIds };
}

/**
 * Rules of the kinds real policies use, over the generator's fields. Only the first can match (latency
 * above 700 ms, about 1 record in 700 of the stable stream): violations stay a trickle, as in production,
 * while every record is still evaluated against every policy.
 */
function benchRule(index: number): Condition {
  if (index === 0) return { field: 'metrics.latency_ms', op: 'gt', value: 700 };
  switch (index % 4) {
    case 0:
      return { field: 'metrics.output.toxicity', op: 'gt', value: 0.5 + index / 10_000 };
    case 1:
      return {
        all: [
          { field: 'model', op: 'matches', value: '^gpt-4' },
          { field: 'metrics.input.tokens', op: 'gt', value: 50_000 + index },
        ],
      };
    case 2:
      return { field: 'model', op: 'in', value: ['text-davinci-003', `legacy-model-${index}`] };
    default:
      return {
        any: [
          { field: 'observed_endpoint', op: 'contains', value: `paste-${index}.example` },
          { not: { field: 'metrics.latency_ms', op: 'exists' } },
        ],
      };
  }
}

/** Publishes `count` active policies as the policies service would, and waits until the replica has them. */
async function announcePolicies(
  bus: EventTransport,
  dataSource: DataSource,
  organizationId: string,
  count: number,
): Promise<void> {
  const at = new Date().toISOString();
  const snapshots: PolicySnapshot[] = Array.from({ length: count }, (_, index) => ({
    policy_id: newId('policy'),
    name: `Bench policy ${index + 1}`,
    description: null,
    enforcement_mode: index % 2 === 0 ? 'WARN' : 'BLOCK',
    status: 'active',
    severity: index % 2 === 0 ? 'HIGH' : 'CRITICAL',
    rules: benchRule(index),
    scope: { all_systems: true },
    framework: null,
    control: null,
    version: 1,
    created_at: at,
    updated_at: at,
  }));
  await bus.publish(
    snapshots.map((details) =>
      policyEventMessage({
        id: newUuidV7(),
        organization_id: organizationId,
        event: 'policy.created',
        timestamp: at,
        details,
      }),
    ),
  );
  await pollUntil('the policies replica to hold the bench policies', 30_000, async () => {
    const [row] = await dataSource.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM probe_ingest.policies WHERE organization_id = $1 AND status = 'active'`,
      [organizationId],
    );
    return (row?.count ?? 0) >= count;
  });
}

/**
 * Where the consumers stood when the load stopped: telemetry batches each consumer group had processed
 * (drift and violations read the same batches) and the violations recorded so far.
 */
async function downstreamProgress(dataSource: DataSource, organizationId: string): Promise<string> {
  const groups = await dataSource.query<Array<{ consumer_group: string; count: number }>>(
    `SELECT consumer_group, count(*)::int AS count FROM probe_ingest.processed_events
     WHERE consumer_group IN ('probe-ingest.drift', 'probe-ingest.violations') GROUP BY consumer_group`,
  );
  const [violations] = await dataSource.query<Array<{ count: number }>>(
    'SELECT count(*)::int AS count FROM probe_ingest.violations WHERE organization_id = $1',
    [organizationId],
  );
  const processed = (group: string) => groups.find((row) => row.consumer_group === group)?.count ?? 0;
  return (
    `at the end of the load: drift had processed ${processed('probe-ingest.drift')} batches, ` +
    `violations ${processed('probe-ingest.violations')}; ${violations?.count ?? 0} violations recorded`
  );
}

/** The floor: node:http reading the body and parsing it, answering what the service answers. */
async function startBareServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { records: unknown[] };
      const answer = JSON.stringify({ accepted: body.records.length });
      response.writeHead(202, { 'content-type': 'application/json; charset=utf-8' }).end(answer);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${TELEMETRY_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The floor: the bare server, plus each body appended to a table in group commits before the answer.
 * Batches per commit and commits at once are the service's defaults
 * (PROBE_TELEMETRY_MAX_BATCHES_PER_COMMIT, PROBE_TELEMETRY_COMMIT_CONCURRENCY).
 */
async function startFloorServer(databaseUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const maxBatchesPerCommit = 64;
  const commitConcurrency = 2;
  const pool = benchPool(databaseUrl, commitConcurrency);
  let closing = false;
  // pg-pool reports an idle client's lost connection as an 'error' event, which would otherwise crash
  // the bench. Its end() resolves before the connections are closed, so the database dropped right
  // after it (WITH FORCE) may still terminate one; that one is expected.
  pool.on('error', (error) => {
    if (!closing) progress(`floor pool: ${error.message}`);
  });
  await pool.query('CREATE TABLE bench_floor_batches (id bigserial PRIMARY KEY, body text NOT NULL)');
  const waiting: Array<{ body: string; answer(status: number): void }> = [];
  let committing = 0;
  const commit = (): void => {
    while (committing < commitConcurrency && waiting.length > 0) {
      const group = waiting.splice(0, maxBatchesPerCommit);
      const rows = group.map((_, index) => `($${index + 1})`).join(', ');
      committing += 1;
      void pool
        .query(
          `INSERT INTO bench_floor_batches (body) VALUES ${rows}`,
          group.map((batch) => batch.body),
        )
        .then(
          () => {
            for (const batch of group) batch.answer(202);
          },
          () => {
            for (const batch of group) batch.answer(503);
          },
        )
        .finally(() => {
          committing -= 1;
          commit();
        });
    }
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const parsed = JSON.parse(body) as { records: unknown[] };
      const answer = JSON.stringify({ accepted: parsed.records.length });
      waiting.push({
        body,
        answer: (status) =>
          response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(answer),
      });
      commit();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${TELEMETRY_PATH}`,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      closing = true;
      await pool.end();
    },
  };
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

/**
 * A load's result, with the CPU µs each accepted batch cost the bench process, PostgreSQL and (`others`)
 * the Kafka mock cluster.
 */
type Measured = LoadResult & { cpu: CpuSample | undefined };

interface Round {
  bare: Measured;
  floor: Measured;
  ingest: Measured;
  /** The same service and bodies from an organization without policies, when `ingest`'s has some. */
  unpoliced: Measured | undefined;
}

function printReport(header: string[], settings: Settings, rounds: Round[]): void {
  const { batchSize, policies, bus } = settings;
  const rate = (result: LoadResult) => (result.ok * batchSize) / result.seconds;
  const cpu = (result: Measured, key: keyof CpuSample) => (result.cpu ? result.cpu[key].toFixed(0) : '-');
  const cpuColumns: Array<[string, keyof CpuSample]> = [
    ['CPU µs: bench', 'bench'],
    ['postgres', 'postgres'],
    ...(bus === 'kafka' ? [['kafka', 'others'] as [string, keyof CpuSample]] : []),
  ];
  const rows = [
    [
      'round',
      'scenario',
      'batches',
      'seconds',
      'records/s',
      'p50 ms',
      'p99 ms',
      '/bare',
      ...cpuColumns.map(([title]) => title),
    ],
  ];
  const ingestName =
    policies > 0 ? `probe ingest, ${policies} policies (durable, 202)` : 'probe ingest (durable, 202)';
  rounds.forEach(({ bare, floor, ingest, unpoliced }, index) => {
    const scenarios: Array<[string, Measured]> = [
      ['bare node:http + JSON.parse', bare],
      ['floor: bare + group-commit INSERT', floor],
      ...(unpoliced ? [['probe ingest, no policies (durable, 202)', unpoliced] as [string, Measured]] : []),
      [ingestName, ingest],
    ];
    for (const [name, result] of scenarios) {
      rows.push([
        String(index + 1),
        name,
        String(result.ok),
        result.seconds.toFixed(2),
        rate(result).toFixed(0),
        result.p50.toFixed(1),
        result.p99.toFixed(1),
        result === bare ? '' : (rate(result) / rate(bare)).toFixed(2),
        ...cpuColumns.map(([, key]) => cpu(result, key)),
      ]);
    }
  });
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const lines = rows.map((row) =>
    row
      .map((cell, column) => (column === 1 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  '),
  );
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  // Medians over the rounds, of one scenario's rate or of its ratio to another's in the same round.
  const policed = rounds.every((round) => round.unpoliced !== undefined);
  const medianRate = (key: keyof Round) => median(rounds.map((round) => rate(round[key]!)));
  const medianRatio = (key: keyof Round, over: keyof Round) =>
    median(rounds.map((round) => rate(round[key]!) / rate(round[over]!)));
  const bareMedian = medianRate('bare');
  const ingestMedian = medianRate('ingest');
  const ratio = medianRatio('ingest', 'bare');
  const unpolicedMedian = policed ? medianRate('unpoliced') : 0;
  const policiesRatio = policed ? medianRatio('ingest', 'unpoliced') : 0;
  const ofRounds = "(median of the rounds' ratios";
  const target = INGEST_TARGET[bus];
  process.stdout.write(
    [
      ...header,
      '',
      ...lines,
      '',
      `median records/s: bare ${bareMedian.toFixed(0)}, floor ${medianRate('floor').toFixed(0)}, ` +
        (policed ? `ingest without policies ${unpolicedMedian.toFixed(0)}, with ${policies} ` : 'ingest ') +
        ingestMedian.toFixed(0),
      'CPU: µs per accepted batch, from /proc: the bench process (the server and the client in it), the',
      `PostgreSQL it started (else every one)${bus === 'kafka' ? ', and the Kafka mock cluster' : ''}.`,
      `floor / bare = ${medianRatio('floor', 'bare').toFixed(2)} ${ofRounds})`,
      ...(policed
        ? [`ingest without policies / bare = ${medianRatio('unpoliced', 'bare').toFixed(2)} ${ofRounds})`]
        : []),
      `ingest${policed ? ` with ${policies} policies` : ''} / bare = ${ratio.toFixed(2)} ${ofRounds}; target ≥ ${target.toFixed(2)})`,
      ...(policed
        ? [
            `ingest with ${policies} policies / without = ${policiesRatio.toFixed(2)} ${ofRounds}; target ≥ 0.90)`,
          ]
        : []),
      '',
    ].join('\n'),
  );
  const name = `ingest${bus === 'kafka' ? ' on Kafka' : ''}`;
  printBenchResult({
    bench: policies > 0 ? `${name} (${policies} active policies)` : name,
    figure: `${ingestMedian.toFixed(0)} records/s`,
    baseline: `${bareMedian.toFixed(0)} records/s bare`,
    ratio,
    floorRatio: medianRatio('floor', 'bare'),
    target: `ratio ≥ ${target.toFixed(2)}`,
    met: ratio >= target,
  });
  if (policed)
    printBenchResult({
      bench: `${name}: ${policies} active policies ÷ none`,
      figure: `${ingestMedian.toFixed(0)} records/s with`,
      baseline: `${unpolicedMedian.toFixed(0)} records/s without`,
      ratio: policiesRatio,
      target: 'ratio ≥ 0.90',
      met: policiesRatio >= 0.9,
    });
}

function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
