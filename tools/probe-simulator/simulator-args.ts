import { parseArgs } from 'node:util';

export interface SimulatorOptions {
  probes: number;
  /** Telemetry records per second, per probe. */
  rate: number;
  baseUrl: string;
  apiKey: string;
  durationSeconds: number;
  heartbeatEverySeconds: number;
  batchSize: number;
  /** From this many seconds on, metric distributions are shifted by `driftShift`. */
  driftAfterSeconds: number | null;
  driftShift: number;
  /** From this many seconds on, the first `silentProbes` probes send nothing more. */
  silenceAfterSeconds: number | null;
  silentProbes: number;
  /** Records carry observed_endpoint api.openai.com, which no system claims: shadow AI. */
  shadow: boolean;
  seed: number | null;
  /** Systems to attach the probes to, by id (`sys_…`) or name; empty: the organization's own, if the key may list them. */
  systems: string[];
}

/** What one probe registers against: an existing system by id, or a system by name (created if new). */
export type ProbeTarget = { system_id: string } | { system_name: string };

/**
 * Which system each probe watches: the `--system` values in turn; else the organization's active systems
 * in turn (listed with the key); else, with none to attach to, a simulated system per probe.
 */
export function probeTargets(
  probes: number,
  given: readonly string[],
  listed: ReadonlyArray<{ id: string }>,
): ProbeTarget[] {
  return Array.from({ length: probes }, (_, index): ProbeTarget => {
    if (given.length > 0) {
      const system = given[index % given.length]!;
      return /^sys_[0-9A-HJKMNP-TV-Z]{26}$/.test(system) ? { system_id: system } : { system_name: system };
    }
    if (listed.length > 0) return { system_id: listed[index % listed.length]!.id };
    return { system_name: `Simulated system ${index + 1}` };
  });
}

export const USAGE = `Usage: npm run probe:simulate -- --base-url URL --api-key KEY [options]

  --probes N              probes to register (default 1)
  --rate R                telemetry records per second per probe (default 10)
  --base-url URL          the probe ingest service (or the standalone app), e.g. http://localhost:8080
  --api-key KEY           an API key of the organization: a \`probe\` key registers probes and streams;
                          a \`full\` key does too, and lets the simulator find the organization's systems
  --system ID|NAME        attach the probes to this system (repeat for several; probes take them in turn);
                          by default the organization's active systems, else "Simulated system N"
  --duration S            seconds to run (default 60)
  --heartbeat-every S     seconds between heartbeats of a probe (default 30)
  --batch-size B          records per telemetry request (default: one second of records, at most 1000)
  --drift-after S         shift the metric distributions after S seconds
  --drift-shift X         how far (default 1: latency x1.6, tokens x1.5, toxicity x5)
  --silence-after S       after S seconds, the first K probes stop sending (needs --silent-probes)
  --silent-probes K
  --shadow                records show calls to api.openai.com (shadow AI)
  --seed N                seed the telemetry generator, for a replayable stream
  --help`;

export class SimulatorArgsError extends Error {}

function number(
  values: Record<string, string | string[] | boolean | undefined>,
  name: string,
  fallback: number | null,
  { integer = false, min = 0, exclusiveMin = false } = {},
): number | null {
  const raw = values[name];
  if (raw === undefined) return fallback;
  const value = typeof raw === 'string' && /^\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : Number.NaN;
  const tooSmall = exclusiveMin ? value <= min : value < min;
  if (!Number.isFinite(value) || tooSmall || (integer && !Number.isInteger(value))) {
    const kind = integer ? 'an integer' : 'a number';
    throw new SimulatorArgsError(`--${name} must be ${kind} ${exclusiveMin ? 'above' : 'at least'} ${min}`);
  }
  return value;
}

/** Parses the simulator's command line (without node and the script); throws SimulatorArgsError on misuse. */
export function parseSimulatorArgs(argv: string[]): SimulatorOptions | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        probes: { type: 'string' },
        rate: { type: 'string' },
        'base-url': { type: 'string' },
        'api-key': { type: 'string' },
        duration: { type: 'string' },
        'heartbeat-every': { type: 'string' },
        'batch-size': { type: 'string' },
        'drift-after': { type: 'string' },
        'drift-shift': { type: 'string' },
        'silence-after': { type: 'string' },
        'silent-probes': { type: 'string' },
        shadow: { type: 'boolean' },
        seed: { type: 'string' },
        system: { type: 'string', multiple: true },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new SimulatorArgsError((error as Error).message);
  }
  const values = parsed.values;
  if (values.help) return 'help';

  const baseUrl = values['base-url'];
  if (!baseUrl) throw new SimulatorArgsError('--base-url is required');
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new SimulatorArgsError(`--base-url must be a URL, got "${baseUrl}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new SimulatorArgsError('--base-url must be an http or https URL');
  const apiKey = values['api-key'];
  if (!apiKey) throw new SimulatorArgsError('--api-key is required');

  const probes = number(values, 'probes', 1, { integer: true, min: 1 })!;
  const rate = number(values, 'rate', 10, { min: 0, exclusiveMin: true })!;
  const batchSize = number(values, 'batch-size', Math.min(1000, Math.max(1, Math.round(rate))), {
    integer: true,
    min: 1,
  })!;
  if (batchSize > 1000) throw new SimulatorArgsError('--batch-size must be at most 1000 (the service limit)');
  const silenceAfterSeconds = number(values, 'silence-after', null);
  const silentProbes = number(values, 'silent-probes', null, { integer: true, min: 1 });
  if ((silenceAfterSeconds === null) !== (silentProbes === null))
    throw new SimulatorArgsError('--silence-after and --silent-probes go together');
  if (silentProbes !== null && silentProbes > probes)
    throw new SimulatorArgsError('--silent-probes cannot exceed --probes');

  return {
    probes,
    rate,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    apiKey,
    durationSeconds: number(values, 'duration', 60, { min: 0, exclusiveMin: true })!,
    heartbeatEverySeconds: number(values, 'heartbeat-every', 30, { min: 0, exclusiveMin: true })!,
    batchSize,
    driftAfterSeconds: number(values, 'drift-after', null),
    driftShift: number(values, 'drift-shift', 1)!,
    silenceAfterSeconds,
    silentProbes: silentProbes ?? 0,
    shadow: values.shadow ?? false,
    seed: number(values, 'seed', null, { integer: true }),
    systems: (values.system ?? []).map((system) => system.trim()).filter(Boolean),
  };
}

/** The distribution shift at `elapsedSeconds` into the run. */
export function shiftAt(options: SimulatorOptions, elapsedSeconds: number): number {
  return options.driftAfterSeconds !== null && elapsedSeconds >= options.driftAfterSeconds
    ? options.driftShift
    : 0;
}

/** Whether probe `index` (0-based) has gone silent at `elapsedSeconds`. */
export function isSilent(options: SimulatorOptions, index: number, elapsedSeconds: number): boolean {
  return (
    options.silenceAfterSeconds !== null &&
    index < options.silentProbes &&
    elapsedSeconds >= options.silenceAfterSeconds
  );
}
