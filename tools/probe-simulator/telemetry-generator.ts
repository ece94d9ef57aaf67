import { type TelemetryRecord } from '@governance/contracts';

/** A source of uniform numbers in [0, 1). */
export type Rng = () => number;

/** mulberry32: a small seeded generator, so benches and tests replay the same stream. */
export function seededRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal draw (Box–Muller). */
export function normal(rng: Rng): number {
  const u = Math.max(rng(), Number.MIN_VALUE);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}

export interface TelemetryBatchOptions {
  /** Timestamp of the first record. */
  at: Date;
  /**
   * How far the distributions have moved: 0 is the stable stream; 1 is a clear drift (latency ~1.6x,
   * token counts up by half, toxicity several times higher).
   */
  shift: number;
  rng?: Rng;
  /** Sets each record's own system_id (the batch's otherwise). */
  systemId?: string;
  /** Sets each record's observed_endpoint, e.g. `api.openai.com`. */
  observedEndpoint?: string;
  /** Milliseconds between consecutive records' timestamps (default 0). */
  spacingMs?: number;
  model?: string;
}

const round = (value: number, digits: number): number => Number(value.toFixed(digits));

/**
 * `size` synthetic records of an LLM-backed system: latency_ms (performance), input.tokens (input layer),
 * output.tokens and output.toxicity (output layer). Pure given `rng`.
 */
export function telemetryBatch(size: number, options: TelemetryBatchOptions): TelemetryRecord[] {
  const rng = options.rng ?? Math.random;
  const shift = options.shift;
  const start = options.at.getTime();
  const records: TelemetryRecord[] = [];
  for (let i = 0; i < size; i++) {
    const latency = Math.exp(Math.log(250) + 0.5 * shift + 0.35 * normal(rng));
    const inputTokens = Math.exp(Math.log(400) + 0.4 * shift + 0.5 * normal(rng));
    const outputTokens = Math.exp(Math.log(180) + 0.4 * shift + 0.4 * normal(rng));
    const toxicity = Math.min(1, Math.max(0, 0.03 + 0.12 * shift + 0.015 * normal(rng)));
    const record: TelemetryRecord = {
      timestamp: new Date(start + i * (options.spacingMs ?? 0)).toISOString(),
      metrics: {
        latency_ms: round(latency, 1),
        'input.tokens': Math.max(1, Math.round(inputTokens)),
        'output.tokens': Math.max(1, Math.round(outputTokens)),
        'output.toxicity': round(toxicity, 4),
      },
      model: options.model ?? 'gpt-4o-mini',
    };
    if (options.systemId !== undefined) record.system_id = options.systemId;
    if (options.observedEndpoint !== undefined) record.observed_endpoint = options.observedEndpoint;
    records.push(record);
  }
  return records;
}
