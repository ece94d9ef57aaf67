import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  isSilent,
  parseSimulatorArgs,
  probeTargets,
  type ProbeTarget,
  shiftAt,
  SimulatorArgsError,
  type SimulatorOptions,
  USAGE,
} from './simulator-args';
import { seededRng, telemetryBatch } from './telemetry-generator';

/*
 * probe:simulate: registers N probes against a running service, then streams heartbeats and telemetry,
 * optionally with drift, silence and shadow AI, and prints what the service accepted.
 */

interface Stats {
  recordsAccepted: number;
  batchesAccepted: number;
  heartbeatsAccepted: number;
  errors: Map<string, number>;
  latenciesMs: number[];
}

interface Probe {
  index: number;
  probeId: string;
  systemId: string;
}

const SHADOW_ENDPOINT = 'api.openai.com';

async function post(
  options: SimulatorOptions,
  path: string,
  body: unknown,
  stats: Stats,
): Promise<{ ok: boolean; json?: unknown }> {
  const started = performance.now();
  try {
    const response = await fetch(`${options.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${options.apiKey}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    stats.latenciesMs.push(performance.now() - started);
    if (!response.ok) {
      const key = `${path} ${response.status}`;
      stats.errors.set(key, (stats.errors.get(key) ?? 0) + 1);
      return { ok: false };
    }
    return { ok: true, json: text ? (JSON.parse(text) as unknown) : undefined };
  } catch (error) {
    const key = `${path} ${(error as Error).name}`;
    stats.errors.set(key, (stats.errors.get(key) ?? 0) + 1);
    return { ok: false };
  }
}

/** The organization's active systems, when the key may list them (a `probe` key may not: none then). */
async function listSystems(options: SimulatorOptions): Promise<Array<{ id: string; name: string }>> {
  try {
    const response = await fetch(`${options.baseUrl}/api/service/systems?status=active&limit=100`, {
      headers: { authorization: `Bearer ${options.apiKey}` },
      signal: AbortSignal.timeout(30_000),
    });
    if (!response.ok) return [];
    return ((await response.json()) as { data?: Array<{ id: string; name: string }> }).data ?? [];
  } catch {
    return [];
  }
}

async function register(
  options: SimulatorOptions,
  index: number,
  target: ProbeTarget,
  stats: Stats,
): Promise<Probe> {
  const { ok, json } = await post(
    options,
    '/api/service/probe/register',
    {
      probe_name: `sim-probe-${index + 1}`,
      ...target,
      host: `sim-host-${index + 1}.internal`,
      runtime: 'python3.12',
      environment: 'simulation',
      version: '0.1.0',
    },
    stats,
  );
  const probe = json as { probe_id?: string; system_id?: string } | undefined;
  if (!ok || !probe?.probe_id || !probe.system_id)
    throw new Error(`registering probe ${index + 1} failed: ${[...stats.errors.keys()].join(', ')}`);
  return { index, probeId: probe.probe_id, systemId: probe.system_id };
}

async function runProbe(
  options: SimulatorOptions,
  probe: Probe,
  startedAt: number,
  stats: Stats,
  stopped: () => boolean,
): Promise<void> {
  const rng = options.seed === null ? Math.random : seededRng(options.seed + probe.index);
  const intervalMs = (options.batchSize / options.rate) * 1000;
  // Stagger probes over one interval so their requests do not arrive together.
  let nextBatchAt = startedAt + (intervalMs * probe.index) / options.probes;
  let nextHeartbeatAt = startedAt;
  const endAt = startedAt + options.durationSeconds * 1000;
  while (!stopped()) {
    const now = Date.now();
    if (now >= endAt) return;
    const elapsedSeconds = (now - startedAt) / 1000;
    if (isSilent(options, probe.index, elapsedSeconds)) return;
    if (now >= nextHeartbeatAt) {
      nextHeartbeatAt += options.heartbeatEverySeconds * 1000;
      const beat = await post(
        options,
        '/api/service/probe/heartbeat',
        { probe_id: probe.probeId, status: 'healthy', uptime_seconds: Math.floor(elapsedSeconds) },
        stats,
      );
      if (beat.ok) stats.heartbeatsAccepted += 1;
    }
    if (now >= nextBatchAt) {
      nextBatchAt += intervalMs;
      const records = telemetryBatch(options.batchSize, {
        at: new Date(now),
        shift: shiftAt(options, elapsedSeconds),
        rng,
        spacingMs: intervalMs / options.batchSize,
        ...(options.shadow ? { observedEndpoint: SHADOW_ENDPOINT } : {}),
      });
      const sent = await post(
        options,
        '/api/service/probe/telemetry',
        { probe_id: probe.probeId, records },
        stats,
      );
      if (sent.ok) {
        stats.recordsAccepted += records.length;
        stats.batchesAccepted += 1;
      }
    }
    await sleep(Math.max(0, Math.min(nextBatchAt, nextHeartbeatAt, endAt) - Date.now()));
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

function summary(options: SimulatorOptions, stats: Stats, seconds: number): string {
  const sorted = [...stats.latenciesMs].sort((a, b) => a - b);
  const errors = [...stats.errors.entries()].map(([key, count]) => `    ${key}: ${count}`);
  return [
    `probe simulator: ${options.probes} probe(s), ${seconds.toFixed(1)} s`,
    `  records accepted:    ${stats.recordsAccepted} (${(stats.recordsAccepted / seconds).toFixed(1)}/s)`,
    `  batches accepted:    ${stats.batchesAccepted}`,
    `  heartbeats accepted: ${stats.heartbeatsAccepted}`,
    `  request latency ms:  p50 ${percentile(sorted, 0.5).toFixed(1)}, p99 ${percentile(sorted, 0.99).toFixed(1)}`,
    `  errors:              ${errors.length === 0 ? 'none' : ''}`,
    ...errors,
  ].join('\n');
}

async function main(): Promise<number> {
  let options: SimulatorOptions | 'help';
  try {
    options = parseSimulatorArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof SimulatorArgsError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (options === 'help') {
    console.log(USAGE);
    return 0;
  }
  const stats: Stats = {
    recordsAccepted: 0,
    batchesAccepted: 0,
    heartbeatsAccepted: 0,
    errors: new Map(),
    latenciesMs: [],
  };
  const settings = options;
  const listed = settings.systems.length > 0 ? [] : await listSystems(settings);
  const targets = probeTargets(settings.probes, settings.systems, listed);
  if (settings.systems.length === 0)
    console.log(
      listed.length > 0
        ? `attaching to the organization's systems: ${listed.map((system) => system.name).join(', ')}`
        : 'no systems found with this key (a probe key cannot list them): pass --system to attach to yours',
    );
  const probes = await Promise.all(targets.map((target, index) => register(settings, index, target, stats)));
  console.log(`registered ${probes.length} probe(s): ${probes.map((p) => p.probeId).join(', ')}`);
  let interrupted = false;
  process.once('SIGINT', () => {
    interrupted = true;
  });
  const startedAt = Date.now();
  await Promise.all(probes.map((probe) => runProbe(settings, probe, startedAt, stats, () => interrupted)));
  console.log(summary(settings, stats, (Date.now() - startedAt) / 1000));
  return stats.errors.size === 0 ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
