import 'reflect-metadata';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { type FastifyInstance } from 'fastify';
import { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { type Condition, newId, newUuidV7, type PolicySnapshot } from '@governance/contracts';
import { OutboxRelay, policyEventMessage, PostgresLogTransport } from '@governance/messaging';
import { createLogger, EnvReader } from '@governance/platform';
import { announceOrganization } from '@governance/testing';
import { createService } from '../apps/probe-ingest/src/service';
import { seededRng, telemetryBatch } from '../tools/probe-simulator/telemetry-generator';
import { printBenchResult } from './support/bench-result';
import { createBenchDatabase } from './support/database';
import { type LoadResult, runLoad } from './support/http-load';
import { cpuPerUnit, type CpuSample, sampleCpu } from './support/process-cpu';

/*
 * bench:ingest: telemetry records per second accepted by the real probe ingest service (API key checked,
 * batch validated, committed to the outbox in group commits, 202 received) on a real port over
 * keep-alive HTTP, beside a bare node:http server that only reads the body and JSON.parses it. Same
 * client (a worker thread), same concurrency, same bodies, in the same run.
 *
 * Run order: both are warmed up, then rounds alternate the bare server and the service, and the report
 * takes the median of the rounds' ratios: on a shared 2-core machine one measurement swings with
 * whatever else runs, and alternating exposes both to the same conditions. The bare server goes first in
 * each round because the service leaves work behind in Postgres (WAL, the relay copying the outbox onto
 * the event log, the drift and discovery consumers) that takes CPU from whatever is measured next.
 *
 * A third server, the floor, is the bare server plus only the durable write: it appends each parsed
 * body, as text, to a table of its own in group commits, as many batches per commit and as many commits
 * at once as the service's defaults, and answers 202 once the commit lands. No auth, no validation, no
 * framework, no outbox or relay. No ingest path that stores each batch in Postgres before answering can
 * beat it, so it shows how much of the gap to the bare server is durability on this machine.
 *
 * `--policies N` (or BENCH_POLICIES) first announces N active policies to the service, as the policies
 * service would on its internal topic, so the violations consumer evaluates every record against them
 * while the load runs: `npm run bench:ingest -- --policies 50`.
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
  /**
   * false stops the service's outbox relay once the fixtures are in place: batches still commit to the
   * outbox (durable, 202), but nothing flows on to the event log and the drift and discovery consumers.
   * A diagnostic, to see the ingest path apart from the downstream work sharing the machine.
   */
  relay: boolean;
}

/** `--name N` or `--name=N` from the command line, else the variable's own value. */
function withArgument(env: NodeJS.ProcessEnv, argv: readonly string[], flag: string, variable: string) {
  const at = argv.findIndex((arg) => arg === flag || arg.startsWith(`${flag}=`));
  if (at < 0) return env;
  const value = argv[at]!.includes('=') ? argv[at]!.slice(flag.length + 1) : argv[at + 1];
  return { ...env, [variable]: value ?? '' };
}

function readSettings(source: NodeJS.ProcessEnv, argv: readonly string[]): Settings {
  const env = withArgument(source, argv, '--policies', 'BENCH_POLICIES');
  const reader = new EnvReader(env);
  const settings = {
    seconds: reader.int('BENCH_SECONDS', 4, { min: 1, max: 3_600 }),
    rounds: reader.int('BENCH_ROUNDS', 3, { min: 1, max: 100 }),
    warmupSeconds: reader.int('BENCH_WARMUP_SECONDS', 2, { min: 0, max: 600 }),
    concurrency: reader.int('BENCH_CONCURRENCY', 32, { min: 1, max: 4_096 }),
    batchSize: reader.int('BENCH_BATCH_SIZE', 100, { min: 1, max: 1_000 }),
    probes: reader.int('BENCH_PROBES', 16, { min: 1, max: 10_000 }),
    policies: reader.int('BENCH_POLICIES', 0, { min: 0, max: 1_000 }),
    relay: reader.bool('BENCH_RELAY', true),
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
    progress('starting PostgreSQL, the bare server and the probe ingest service');
    const database = await createBenchDatabase(process.env, logger);
    cleanups.push(() => database.drop());

    const bare = await startBareServer();
    cleanups.push(() => bare.close());
    const floor = await startFloorServer(database.url);
    cleanups.push(() => floor.close());

    const forwarded = forwardedServiceEnv(process.env);
    const service = await createService({
      ...forwarded,
      DATABASE_URL: database.url,
      LOG_LEVEL: 'error',
    });
    cleanups.push(() => service.app.close());
    await service.app.listen({ port: 0, host: '127.0.0.1' });
    const fastify: FastifyInstance = service.app.getHttpAdapter().getInstance();
    const serviceUrl = `http://127.0.0.1:${(fastify.server.address() as AddressInfo).port}${TELEMETRY_PATH}`;

    const dataSource = service.app.get(DataSource);
    const { organizationId, apiKey, probeIds } = await prepareProbes(dataSource, fastify, settings.probes);
    if (settings.policies > 0) {
      progress(`announcing ${settings.policies} active policies`);
      await announcePolicies(dataSource, organizationId, settings.policies);
    }
    if (!settings.relay) await service.app.get(OutboxRelay).close();
    const rng = seededRng(42);
    const bodies = Array.from({ length: Math.max(64, settings.probes) }, (_, i) =>
      JSON.stringify({
        probe_id: probeIds[i % probeIds.length]!,
        records: telemetryBatch(settings.batchSize, { at: new Date(), shift: 0, rng, spacingMs: 10 }),
      }),
    );
    const load = (url: string, seconds: number): Promise<LoadResult> =>
      runLoad({
        url,
        headers: { authorization: `Bearer ${apiKey}` },
        bodies,
        concurrency: settings.concurrency,
        durationMs: seconds * 1000,
        expectStatus: 202,
      });

    if (settings.warmupSeconds > 0) {
      progress(`warming up: ${settings.warmupSeconds} s against each`);
      await load(serviceUrl, settings.warmupSeconds);
      await load(floor.url, settings.warmupSeconds);
      await load(bare.url, settings.warmupSeconds);
    }
    const rounds: Round[] = [];
    for (let round = 1; round <= settings.rounds; round++) {
      progress(
        `round ${round}/${settings.rounds}: the bare server, the floor, then the service, ${settings.seconds} s each`,
      );
      const bareResult = await measured(() => load(bare.url, settings.seconds));
      const floorResult = await measured(() => load(floor.url, settings.seconds));
      const ingestResult = await measured(() => load(serviceUrl, settings.seconds));
      rounds.push({ bare: bareResult, floor: floorResult, ingest: ingestResult });
    }
    const load1 = loadAverage();
    const downstream =
      settings.policies > 0 ? await downstreamProgress(dataSource, organizationId) : undefined;

    const forwardedNote = Object.entries(forwarded).map(([name, value]) => `${name}=${value}`);
    const load0Note = `load average ${load0} before, ${load1} after`;
    const bodyBytes = Math.round(
      bodies.reduce((sum, body) => sum + Buffer.byteLength(body), 0) / bodies.length,
    );
    printReport(
      [
        `bench:ingest: batches of ${settings.batchSize} records (~${bodyBytes} bytes), concurrency ${settings.concurrency}, ` +
          `${settings.probes} probes, ${settings.policies} active policies, ${settings.rounds} rounds of ${settings.seconds} s each after ${settings.warmupSeconds} s warm-up, ` +
          'client in a worker thread',
        `node ${process.version}, ${availableParallelism()} CPUs (${load0Note}), ${database.description}, ` +
          `bus: Postgres event log${settings.relay ? '' : ' (relay stopped: BENCH_RELAY=false)'}` +
          (forwardedNote.length > 0 ? `, ${forwardedNote.join(' ')}` : ''),
      ],
      settings.batchSize,
      rounds,
      settings.policies,
    );
    if (downstream) process.stdout.write(`${downstream}\n`);
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
    await cleanUp();
  }
}

/** An organization announced the way the identity service does it, and probes registered through the API. */
async function prepareProbes(
  dataSource: DataSource,
  fastify: FastifyInstance,
  count: number,
): Promise<{ organizationId: string; apiKey: string; probeIds: string[] }> {
  const organization = await announceOrganization(new PostgresLogTransport(dataSource), 'professional');
  const authorization = `Bearer ${organization.apiKey}`;
  await pollUntil('the tenant replica to learn of the organization', 15_000, async () => {
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
  await new PostgresLogTransport(dataSource).publish(
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
  const pool = new Pool({ connectionString: databaseUrl, max: commitConcurrency });
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

/** A load's result, with the CPU µs each accepted batch cost the bench process and PostgreSQL. */
type Measured = LoadResult & { cpu: CpuSample | undefined };

async function measured(load: () => Promise<LoadResult>): Promise<Measured> {
  const before = sampleCpu();
  const result = await load();
  return { ...result, cpu: cpuPerUnit(before, sampleCpu(), result.ok) };
}

interface Round {
  bare: Measured;
  floor: Measured;
  ingest: Measured;
}

function printReport(header: string[], batchSize: number, rounds: Round[], policies: number): void {
  const rate = (result: LoadResult) => (result.ok * batchSize) / result.seconds;
  const cpu = (result: Measured, key: keyof CpuSample) => (result.cpu ? result.cpu[key].toFixed(0) : '-');
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
      'CPU µs: bench',
      'postgres',
    ],
  ];
  const ratios: number[] = [];
  rounds.forEach(({ bare, floor, ingest }, index) => {
    const ratio = rate(ingest) / rate(bare);
    ratios.push(ratio);
    for (const [name, result, note] of [
      ['bare node:http + JSON.parse', bare, ''],
      ['floor: bare + group-commit INSERT', floor, (rate(floor) / rate(bare)).toFixed(2)],
      ['probe ingest (durable, 202)', ingest, ratio.toFixed(2)],
    ] as const) {
      rows.push([
        String(index + 1),
        name,
        String(result.ok),
        result.seconds.toFixed(2),
        rate(result).toFixed(0),
        result.p50.toFixed(1),
        result.p99.toFixed(1),
        note,
        cpu(result, 'bench'),
        cpu(result, 'postgres'),
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
  const bareMedian = median(rounds.map(({ bare }) => rate(bare)));
  const ingestMedian = median(rounds.map(({ ingest }) => rate(ingest)));
  const floorMedian = median(rounds.map(({ floor }) => rate(floor)));
  const floorRatio = median(rounds.map(({ bare, floor }) => rate(floor) / rate(bare)));
  process.stdout.write(
    [
      ...header,
      '',
      ...lines,
      '',
      `median records/s: bare ${bareMedian.toFixed(0)}, floor ${floorMedian.toFixed(0)}, ingest ${ingestMedian.toFixed(0)}`,
      'CPU: µs per accepted batch, from /proc: the bench process (the server and the client in it) and every',
      'PostgreSQL process.',
      `floor / bare = ${floorRatio.toFixed(2)} (median of the rounds' ratios)`,
      `ingest / bare = ${median(ratios).toFixed(2)} (median of the rounds' ratios; target ≥ 0.50)`,
      '',
    ].join('\n'),
  );
  printBenchResult({
    bench: policies > 0 ? `ingest (${policies} active policies)` : 'ingest',
    figure: `${ingestMedian.toFixed(0)} records/s`,
    baseline: `${bareMedian.toFixed(0)} records/s bare`,
    ratio: median(ratios),
    target: 'ratio ≥ 0.50',
    met: median(ratios) >= 0.5,
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
