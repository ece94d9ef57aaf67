import 'reflect-metadata';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { type FastifyInstance } from 'fastify';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { eventRow, PUBLIC_TOPICS, type PublicEventRecord } from '@governance/contracts';
import { PostgresLogTransport, readMessagingConfig } from '@governance/messaging';
import { createLogger, EnvReader } from '@governance/platform';
import { createEventLog, announceOrganization } from '@governance/testing';
import { createService } from '../apps/dashboard/src/service';
import { printBenchResult } from './support/bench-result';
import { createBenchDatabase } from './support/database';
import { organizationHistory } from './support/organization-history';
import { cpuPerUnit, type CpuSample, sampleCpu } from './support/process-cpu';

/*
 * bench:projection: how the dashboard copes with a big organization.
 *
 * 1. Replay: the history of one organization (BENCH_SYSTEMS systems, BENCH_EVENTS events in all) is
 *    written to the Postgres event log, then the dashboard starts and projects it from position 0, as
 *    `npm run projection:rebuild` makes it do. Beside it, in the same run and over the same log, a bare
 *    consumer: plain `pg`, pages of the bus's batch size, marking each event processed and keeping its
 *    payload in one table per transaction, the least an idempotent, durable consumer does. Each line
 *    shows the CPU it cost per event, in this process (the consumer) and in PostgreSQL: one waits for the
 *    other, so their sum against the wall time tells how much of it ran side by side.
 *    Then a floor, over the same log once the dashboard's tables exist: the bare consumer plus only the
 *    writes this read model cannot do without, done in plain SQL into copies of its tables (same columns
 *    and indexes): the processed mark of every event and the activity row of every public one, whose
 *    indexes each serve a query of the feed or the summary. No replay that keeps this read model can beat
 *    it, so floor / bare is the most a projection could reach here.
 * 2. GET /summary over keep-alive HTTP, sequentially, beside a bare node:http server answering the same
 *    bytes to the same client. The target is under 50 ms.
 */

const SUMMARY_PATH = '/api/service/dashboard/summary';

interface Settings {
  systems: number;
  events: number;
  days: number;
  requests: number;
  /** The bus's batch (EVENT_LOG_BATCH_SIZE), which the bare consumer reads as its page. */
  batchSize: number;
}

function readSettings(env: NodeJS.ProcessEnv): Settings {
  const reader = new EnvReader(env);
  const settings = {
    systems: reader.int('BENCH_SYSTEMS', 10_000, { min: 1, max: 1_000_000 }),
    events: reader.int('BENCH_EVENTS', 1_000_000, { min: 1, max: 100_000_000 }),
    days: reader.int('BENCH_DAYS', 90, { min: 1, max: 3_650 }),
    requests: reader.int('BENCH_REQUESTS', 200, { min: 1, max: 100_000 }),
    batchSize: readMessagingConfig(reader, 'bench').eventLogBatchSize,
  };
  reader.assertValid();
  return settings;
}

async function main(): Promise<void> {
  const settings = readSettings(process.env);
  const logger = createLogger('bench', 'warn');
  const load0 = loadavg()[0]!.toFixed(2);
  const database = await createBenchDatabase(process.env, logger);
  try {
    const seedSource = new DataSource({ type: 'postgres', url: database.url, extra: { max: 2 } });
    await seedSource.initialize();
    await createEventLog(seedSource);
    const log = new PostgresLogTransport(seedSource);
    const organization = await announceOrganization(log, 'professional');
    progress(`writing ${settings.events} events of ${settings.systems} systems to the event log`);
    let written = 0;
    let lastEventId = '';
    const seedStarted = performance.now();
    for (const chunk of organizationHistory({ organizationId: organization.id, ...settings }, 5_000)) {
      await log.publish(chunk);
      written += chunk.length;
      lastEventId = chunk[chunk.length - 1]!.eventId;
      if (written % 100_000 < chunk.length) progress(`  ${written}`);
    }
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    // As autovacuum would within its minute of naptime: a log replayed by a rebuild has long been vacuumed,
    // and left to autovacuum, it ran at a moment of its own choosing, inside one replay or the other.
    await seedSource.query('VACUUM ANALYZE event_bus.events');
    await seedSource.destroy();

    progress('bare consumer: reading the log and marking every event processed');
    const bare = await bareReplay(database.url, settings.batchSize);

    progress('dashboard: projecting the log from position 0');
    const replayStarted = performance.now();
    const replayCpuBefore = sampleCpu();
    const service = await createService({ DATABASE_URL: database.url, LOG_LEVEL: 'error' });
    try {
      const sql = service.app.get(DataSource);
      // The projection applies the log in order, so the last event marked means every one is; asking for
      // it is one index lookup, where counting the marks every half second would load the replay itself.
      await waitUntil(async () => {
        const [row] = await sql.query<Array<{ done: boolean }>>(
          `SELECT EXISTS (SELECT 1 FROM dashboard.processed_events
             WHERE consumer_group = 'dashboard.projection' AND event_id = $1) AS done`,
          [lastEventId],
        );
        return row?.done === true;
      });
      const replaySeconds = (performance.now() - replayStarted) / 1000;
      const replayCpu = cpuPerUnit(replayCpuBefore, sampleCpu(), written);
      const [marked] = await sql.query<Array<{ count: number }>>(
        `SELECT count(*)::int AS count FROM dashboard.processed_events WHERE consumer_group = 'dashboard.projection'`,
      );
      if ((marked?.count ?? 0) < written)
        throw new Error(`the projection marked ${marked?.count} events processed of ${written}`);

      progress('floor: the bare consumer plus the processed marks and the activity rows, in plain SQL');
      const floor = await floorReplay(database.url, settings.batchSize);

      await service.app.listen({ port: 0, host: '127.0.0.1' });
      const fastify: FastifyInstance = service.app.getHttpAdapter().getInstance();
      const serviceUrl = `http://127.0.0.1:${(fastify.server.address() as AddressInfo).port}${SUMMARY_PATH}`;
      const headers = { authorization: `Bearer ${organization.apiKey}` };
      await waitUntil(async () => (await get(serviceUrl, headers)).status === 200);
      const summaryBody = (await get(serviceUrl, headers)).body;
      const bareServer = await startBareServer(summaryBody);
      try {
        progress(`GET /summary ${settings.requests} times, and the bare server as often`);
        const bareLatency = await measure(bareServer.url, {}, settings.requests);
        const afterReplay = await measure(serviceUrl, headers, settings.requests);
        // A replay leaves the read model's tables full of dead row versions and without statistics, until
        // autovacuum visits them (within minutes); measured again once that work is done.
        progress('VACUUM ANALYZE of the read model, as autovacuum would, and GET /summary again');
        await sql.query(
          'VACUUM ANALYZE dashboard.systems, dashboard.probes, dashboard.policies, dashboard.assessment_heads, dashboard.activity',
        );
        const summaryLatency = await measure(serviceUrl, headers, settings.requests);
        const summary = JSON.parse(summaryBody) as {
          systems: { total: number };
          violations_24h: number;
          governance_score: number;
        };
        const replayRate = written / replaySeconds;
        const lines = [
          `bench:projection: one organization, ${settings.systems} systems, ${written} events over ${settings.days} days`,
          `node ${process.version}, ${availableParallelism()} CPUs (load average ${load0} before), ${database.description}`,
          `seeding the event log took ${seedSeconds.toFixed(1)} s; the bus reads ${settings.batchSize} events per batch (EVENT_LOG_BATCH_SIZE), the bare consumer as many per page`,
          '',
          'replay from position 0                          events/s   seconds   CPU µs/event: node  postgres',
          `  bare pg consumer (mark + keep payload)      ${pad(bare.rate.toFixed(0), 10)}  ${pad(bare.seconds.toFixed(1), 8)}  ${cpuCells(bare.cpu)}`,
          `  floor: bare + marks + activity rows          ${pad(floor.rate.toFixed(0), 10)}  ${pad(floor.seconds.toFixed(1), 8)}  ${cpuCells(floor.cpu)}`,
          `  dashboard projection                        ${pad(replayRate.toFixed(0), 10)}  ${pad(replaySeconds.toFixed(1), 8)}  ${cpuCells(replayCpu)}`,
          `  projection / bare = ${(replayRate / bare.rate).toFixed(2)}, floor / bare = ${(floor.rate / bare.rate).toFixed(2)} (target projection / bare ≥ 0.50)`,
          '',
          'GET /summary, sequential keep-alive          p50 ms    p95 ms    p99 ms',
          `  bare node:http, same bytes                ${latencyCells(bareLatency)}`,
          `  dashboard summary, right after replay      ${latencyCells(afterReplay)}`,
          `  dashboard summary, after VACUUM ANALYZE    ${latencyCells(summaryLatency)}   (target p99 < 50 ms)`,
          `  summary: ${summary.systems.total} systems, ${summary.violations_24h} violations in 24 h, score ${summary.governance_score}`,
          '',
        ];
        process.stdout.write(lines.join('\n'));
        printBenchResult({
          bench: 'projection',
          figure: `${replayRate.toFixed(0)} events/s replay; summary p99 ${summaryLatency.p99.toFixed(1)} ms`,
          baseline: `${bare.rate.toFixed(0)} events/s bare (floor ${(floor.rate / bare.rate).toFixed(2)} of it); ${bareLatency.p99.toFixed(1)} ms bare`,
          ratio: replayRate / bare.rate,
          floorRatio: floor.rate / bare.rate,
          target: 'replay ≥ 0.50 of bare; summary p99 < 50 ms',
          met: replayRate / bare.rate >= 0.5 && summaryLatency.p99 < 50,
        });
      } finally {
        await bareServer.close();
      }
    } finally {
      await service.app.close();
    }
  } finally {
    await database.drop();
  }
}

interface LoggedEvent {
  position: string;
  event_id: string;
  topic: string;
  payload: string;
}

interface ReplayFigures {
  rate: number;
  seconds: number;
  cpu: CpuSample | undefined;
}

/**
 * Pages through the whole log the way the bus does, pages of `pageSize` in log order, each written by
 * `write` in the page's own transaction; `tables` are made before and dropped after, outside the timing.
 */
async function pagedReplay(
  url: string,
  pageSize: number,
  tables: { create: string; drop: string },
  write: (client: Client, page: LoggedEvent[]) => Promise<void>,
): Promise<ReplayFigures> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(tables.create);
    const started = performance.now();
    const cpuBefore = sampleCpu();
    let position = 0;
    let events = 0;
    for (;;) {
      await client.query('BEGIN');
      const page = await client.query<LoggedEvent>(
        'SELECT position, event_id, topic, payload FROM event_bus.events WHERE position > $1 ORDER BY position LIMIT $2',
        [position, pageSize],
      );
      if (page.rows.length > 0) await write(client, page.rows);
      await client.query('COMMIT');
      if (page.rows.length === 0) break;
      position = Number(page.rows[page.rows.length - 1]!.position);
      events += page.rows.length;
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = cpuPerUnit(cpuBefore, sampleCpu(), events);
    await client.query(tables.drop);
    return { rate: events / seconds, seconds, cpu };
  } finally {
    await client.end();
  }
}

/** The bare consumer: marks and keeps each event, the least an idempotent, durable consumer does. */
function bareReplay(url: string, pageSize: number): Promise<ReplayFigures> {
  const tables = {
    create: 'CREATE TABLE bare_processed (event_id uuid PRIMARY KEY, payload jsonb NOT NULL)',
    drop: 'DROP TABLE bare_processed',
  };
  return pagedReplay(url, pageSize, tables, async (client, page) => {
    await client.query(
      `INSERT INTO bare_processed (event_id, payload)
       SELECT * FROM unnest($1::uuid[], $2::jsonb[]) ON CONFLICT DO NOTHING`,
      [page.map((row) => row.event_id), page.map((row) => row.payload)],
    );
  });
}

/**
 * The floor: marks every event processed and writes the activity row of every public one, into copies
 * of the dashboard's tables (their columns and indexes).
 */
function floorReplay(url: string, pageSize: number): Promise<ReplayFigures> {
  const publicTopics = new Set<string>(PUBLIC_TOPICS);
  const tables = {
    create: `CREATE TABLE floor_processed (LIKE dashboard.processed_events INCLUDING ALL);
      CREATE TABLE floor_activity (LIKE dashboard.activity INCLUDING ALL)`,
    drop: 'DROP TABLE floor_processed, floor_activity',
  };
  return pagedReplay(url, pageSize, tables, async (client, page) => {
    await client.query(
      `INSERT INTO floor_processed (consumer_group, event_id)
       SELECT 'floor', unnest($1::uuid[]) ON CONFLICT DO NOTHING`,
      [page.map((row) => row.event_id)],
    );
    const rows = page
      .filter((row) => publicTopics.has(row.topic))
      .map((row) => eventRow(JSON.parse(row.payload) as PublicEventRecord));
    if (rows.length === 0) return;
    await client.query(
      `INSERT INTO floor_activity (organization_id, event_id, event, severity, system_id, occurred_at, details)
       SELECT organization_id, event_id, event, severity, system_id, date_trunc('milliseconds', at), details
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], $7::jsonb[])
         AS r(organization_id, event_id, event, severity, system_id, at, details)
       ON CONFLICT (organization_id, event_id) DO NOTHING`,
      rows[0]!.map((_, column) => rows.map((row) => row[column])),
    );
  });
}

interface Latency {
  p50: number;
  p95: number;
  p99: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    request.on('error', reject);
  });
}

async function measure(url: string, headers: Record<string, string>, requests: number): Promise<Latency> {
  for (let i = 0; i < Math.min(20, requests); i++) await get(url, headers);
  const samples: number[] = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    const { status } = await get(url, headers);
    samples.push(performance.now() - started);
    if (status !== 200) throw new Error(`GET ${url} answered ${status}`);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

async function startBareServer(body: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${SUMMARY_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function waitUntil(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 100));
}

const pad = (text: string, width: number): string => text.padStart(width);
/** The bench process's (the consumer's) and PostgreSQL's CPU per event; blank without /proc. */
const cpuCells = (cpu: CpuSample | undefined): string =>
  cpu ? `${pad(cpu.bench.toFixed(0), 17)}  ${pad(cpu.postgres.toFixed(0), 8)}` : '';
const latencyCells = (latency: Latency): string =>
  [latency.p50, latency.p95, latency.p99].map((value) => pad(value.toFixed(2), 8)).join('  ');

function progress(message: string): void {
  process.stderr.write(`${message}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
