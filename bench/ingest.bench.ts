import 'reflect-metadata';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { type FastifyInstance } from 'fastify';
import { DataSource } from 'typeorm';
import { ensureEventLog, OutboxRelay, PostgresLogTransport } from '@governance/messaging';
import { createLogger, EnvReader } from '@governance/platform';
import { announceOrganization } from '@governance/testing';
import { createService } from '../apps/probe-ingest/src/service';
import { seededRng, telemetryBatch } from '../tools/probe-simulator/telemetry-generator';
import { createBenchDatabase } from './support/database';
import { type LoadResult, runLoad } from './support/http-load';

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
  /**
   * false stops the service's outbox relay once the fixtures are in place: batches still commit to the
   * outbox (durable, 202), but nothing flows on to the event log and the drift and discovery consumers.
   * A diagnostic, to see the ingest path apart from the downstream work sharing the machine.
   */
  relay: boolean;
}

function readSettings(env: NodeJS.ProcessEnv): Settings {
  const reader = new EnvReader(env);
  const settings = {
    seconds: reader.int('BENCH_SECONDS', 4, { min: 1, max: 3_600 }),
    rounds: reader.int('BENCH_ROUNDS', 3, { min: 1, max: 100 }),
    warmupSeconds: reader.int('BENCH_WARMUP_SECONDS', 2, { min: 0, max: 600 }),
    concurrency: reader.int('BENCH_CONCURRENCY', 32, { min: 1, max: 4_096 }),
    batchSize: reader.int('BENCH_BATCH_SIZE', 100, { min: 1, max: 1_000 }),
    probes: reader.int('BENCH_PROBES', 16, { min: 1, max: 10_000 }),
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
    const load0 = loadAverage();
    progress('starting PostgreSQL, the bare server and the probe ingest service');
    const database = await createBenchDatabase(process.env, logger);
    cleanups.push(() => database.drop());

    const bare = await startBareServer();
    cleanups.push(() => bare.close());

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

    const { apiKey, probeIds } = await prepareProbes(service.app.get(DataSource), fastify, settings.probes);
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
      await load(bare.url, settings.warmupSeconds);
    }
    const rounds: Array<{ bare: LoadResult; ingest: LoadResult }> = [];
    for (let round = 1; round <= settings.rounds; round++) {
      progress(
        `round ${round}/${settings.rounds}: the bare server, then the service, ${settings.seconds} s each`,
      );
      const bareResult = await load(bare.url, settings.seconds);
      const ingestResult = await load(serviceUrl, settings.seconds);
      rounds.push({ bare: bareResult, ingest: ingestResult });
    }
    const load1 = loadAverage();

    const forwardedNote = Object.entries(forwarded).map(([name, value]) => `${name}=${value}`);
    const load0Note = `load average ${load0} before, ${load1} after`;
    const bodyBytes = Math.round(
      bodies.reduce((sum, body) => sum + Buffer.byteLength(body), 0) / bodies.length,
    );
    printReport(
      [
        `bench:ingest: batches of ${settings.batchSize} records (~${bodyBytes} bytes), concurrency ${settings.concurrency}, ` +
          `${settings.probes} probes, ${settings.rounds} rounds of ${settings.seconds} s each after ${settings.warmupSeconds} s warm-up, ` +
          'client in a worker thread',
        `node ${process.version}, ${availableParallelism()} CPUs (${load0Note}), ${database.description}, ` +
          `bus: Postgres event log${settings.relay ? '' : ' (relay stopped: BENCH_RELAY=false)'}` +
          (forwardedNote.length > 0 ? `, ${forwardedNote.join(' ')}` : ''),
      ],
      settings.batchSize,
      rounds,
    );
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
    await cleanUp();
  }
}

/** An organization announced the way the tenancy service does it, and probes registered through the API. */
async function prepareProbes(
  dataSource: DataSource,
  fastify: FastifyInstance,
  count: number,
): Promise<{ apiKey: string; probeIds: string[] }> {
  await ensureEventLog(dataSource);
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
  return { apiKey: organization.apiKey, probeIds };
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
  batchSize: number,
  rounds: Array<{ bare: LoadResult; ingest: LoadResult }>,
): void {
  const rate = (result: LoadResult) => (result.ok * batchSize) / result.seconds;
  const rows = [['round', 'scenario', 'batches', 'seconds', 'records/s', 'p50 ms', 'p99 ms', 'ingest/bare']];
  const ratios: number[] = [];
  rounds.forEach(({ bare, ingest }, index) => {
    const ratio = rate(ingest) / rate(bare);
    ratios.push(ratio);
    for (const [name, result, note] of [
      ['bare node:http + JSON.parse', bare, ''],
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
  process.stdout.write(
    [
      ...header,
      '',
      ...lines,
      '',
      `median records/s: bare ${bareMedian.toFixed(0)}, ingest ${ingestMedian.toFixed(0)}`,
      `ingest / bare = ${median(ratios).toFixed(2)} (median of the rounds' ratios; target ≥ 0.50)`,
      '',
    ].join('\n'),
  );
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
