import 'reflect-metadata';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { type ArgumentMetadata } from '@nestjs/common';
import { newId } from '@governance/contracts';
import { EnvReader, RequestValidationPipe } from '@governance/platform';
import { TelemetryValidator } from '../apps/probe-ingest/src/telemetry/telemetry-validator';
import { seededRng, telemetryBatch } from '../tools/probe-simulator/telemetry-generator';
import { printBenchResult } from './support/bench-result';
import { TelemetryBatchDto } from './support/telemetry-batch-dto';

/*
 * bench:validation: the telemetry batch validated two ways on the same batches, in one process, one
 * after the other: the compiled Ajv schema the service uses, and class-validator DTOs through the
 * RequestValidationPipe every other route goes through (plainToInstance, then validate with unknown
 * fields refused). Valid batches are the common case; a batch with one bad record at its end is the
 * worst case for a validator that has to look at every record.
 */

interface Settings {
  seconds: number;
  sizes: number[];
}

function readSettings(env: NodeJS.ProcessEnv): Settings {
  const reader = new EnvReader(env);
  const seconds = reader.int('BENCH_SECONDS', 2, { min: 1, max: 600 });
  const sizes = reader.intList('BENCH_BATCH_SIZES', [100, 1000], { min: 1, max: 1000, minLength: 1 });
  reader.assertValid();
  return { seconds, sizes };
}

/** Calls `run` on the batches round-robin for about `seconds`; returns batches per second. */
async function measure(
  seconds: number,
  batches: unknown[],
  run: (body: unknown) => Promise<boolean>,
): Promise<number> {
  // Warm-up: let V8 optimize both paths before the clock starts.
  for (let i = 0; i < 200; i++) await run(batches[i % batches.length]);
  let count = 0;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  while (performance.now() < deadline) {
    for (let i = 0; i < 20; i++) await run(batches[count++ % batches.length]);
  }
  return count / ((performance.now() - start) / 1000);
}

async function main(): Promise<void> {
  const settings = readSettings(process.env);
  const ajv = new TelemetryValidator();
  const pipe = new RequestValidationPipe();
  const metadata: ArgumentMetadata = { type: 'body', metatype: TelemetryBatchDto };
  const viaAjv = (body: unknown) => Promise.resolve(ajv.validate(body).ok);
  const viaClassValidator = async (body: unknown) => {
    try {
      await pipe.transform(body, metadata);
      return true;
    } catch {
      return false;
    }
  };

  const lines: string[] = [];
  let headline: { size: number; ajvRate: number; cvRate: number } | undefined;
  for (const size of settings.sizes) {
    const rng = seededRng(size);
    const probeId = newId('probe');
    // Fresh objects per batch: both validators see JSON.parse output, as they would from Fastify.
    const valid = Array.from(
      { length: 16 },
      (_, i) =>
        JSON.parse(
          JSON.stringify({
            probe_id: probeId,
            records: telemetryBatch(size, { at: new Date(Date.UTC(2026, 10, 22, 10, i)), shift: 0, rng }),
          }),
        ) as { records: Array<Record<string, unknown>> },
    );
    const invalid = valid.map((batch) => {
      const copy = JSON.parse(JSON.stringify(batch)) as {
        records: Array<{ metrics: Record<string, unknown> }>;
      };
      copy.records[copy.records.length - 1]!.metrics.latency_ms = 'slow';
      return copy;
    });
    for (const batch of valid) {
      if (!(await viaAjv(batch)) || !(await viaClassValidator(batch)))
        throw new Error(
          'a generated batch failed validation: the two validators disagree with the generator',
        );
    }
    for (const batch of invalid) {
      if ((await viaAjv(batch)) || (await viaClassValidator(batch)))
        throw new Error('a bad batch passed validation');
    }
    for (const [kind, batches] of [
      ['valid', valid],
      ['one bad record', invalid],
    ] as const) {
      const ajvRate = await measure(settings.seconds, batches, viaAjv);
      const cvRate = await measure(settings.seconds, batches, viaClassValidator);
      // The table's line: valid batches of the size probes send, or the largest measured.
      if (kind === 'valid' && (headline === undefined || headline.size !== 100))
        headline = { size, ajvRate, cvRate };
      lines.push(
        `${String(size).padStart(5)} records, ${kind.padEnd(14)}  ` +
          `ajv ${fmt(ajvRate)} batches/s (${fmt(ajvRate * size)} records/s, ${(1e6 / ajvRate).toFixed(1)} µs/batch)  ` +
          `class-validator ${fmt(cvRate)} batches/s (${fmt(cvRate * size)} records/s, ${(1e6 / cvRate).toFixed(1)} µs/batch)  ` +
          `ajv/class-validator ${(ajvRate / cvRate).toFixed(1)}x`,
      );
      process.stderr.write(`${lines[lines.length - 1]}\n`);
    }
  }
  process.stdout.write(
    [
      `bench:validation: telemetry batches from tools/probe-simulator, ${settings.seconds} s per measurement, ` +
        `node ${process.version}, ${availableParallelism()} CPUs`,
      ...lines,
      '',
    ].join('\n'),
  );
  if (headline)
    printBenchResult({
      bench: 'validation',
      figure: `Ajv ${fmt(headline.ajvRate * headline.size)} records/s (batches of ${headline.size})`,
      baseline: `class-validator ${fmt(headline.cvRate * headline.size)} records/s`,
      ratio: headline.ajvRate / headline.cvRate,
      target: 'the faster one on the hot path',
      met: headline.ajvRate > headline.cvRate,
    });
}

function fmt(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
