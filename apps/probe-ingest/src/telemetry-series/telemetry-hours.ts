import { isId, type TelemetryReceivedDetails } from '@governance/contracts';

/** The metric whose distribution the series shows as p50 and p95. */
export const LATENCY_METRIC = 'latency_ms';
/** The token counts the series sums, by their names in the probes' convention. */
export const TOKEN_METRICS = ['input.tokens', 'output.tokens'] as const;

/**
 * Latency is kept per hour as a histogram of log-spaced bins: bin i holds values in [GROWTH^i, GROWTH^(i+1)),
 * bin 0 everything below GROWTH, the last bin everything above. A quantile read from it is within 5 % of
 * the true value, and hours merge by adding their bins.
 */
export const LATENCY_BIN_GROWTH = 1.1;
export const LATENCY_BINS = 160; // up to 1.1^160 ms, about 70 minutes

/** A record timestamped further from its batch's arrival than this is counted at the arrival instead. */
const MAX_RECORD_AGE_MS = 24 * 60 * 60 * 1000;
const MAX_RECORD_LEAD_MS = 5 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export function latencyBin(value: number): number {
  if (!(value >= LATENCY_BIN_GROWTH)) return 0;
  const bin = Math.floor(Math.log(value) / Math.log(LATENCY_BIN_GROWTH));
  return Math.min(bin, LATENCY_BINS - 1);
}

/** The value a bin stands for: its geometric middle. */
const binValue = (bin: number): number => (bin === 0 ? 1 : Math.pow(LATENCY_BIN_GROWTH, bin + 0.5));

/** The q-quantile (0–1) of a histogram of `latencyBin` bins, or null when it holds nothing. */
export function histogramQuantile(histogram: readonly number[], q: number): number | null {
  const total = histogram.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (let bin = 0; bin < histogram.length; bin++) {
    seen += histogram[bin]!;
    if (seen >= rank) return binValue(bin);
  }
  return binValue(histogram.length - 1);
}

/** One (system, metric, hour) of telemetry: how many values, their sum, and latency's histogram. */
export interface MetricHour {
  systemId: string;
  metric: string;
  /** The hour's start, UTC. */
  hour: Date;
  count: number;
  sum: number;
  /** `LATENCY_BINS` counts for the latency metric; null for the others. */
  histogram: number[] | null;
}

/** The hour a record is counted in: its own time, unless that lies implausibly far from its arrival. */
function recordHour(timestamp: string, receivedAt: number): number {
  const at = Date.parse(timestamp);
  const trusted =
    at <= receivedAt + MAX_RECORD_LEAD_MS && at >= receivedAt - MAX_RECORD_AGE_MS ? at : receivedAt;
  return Math.floor(trusted / HOUR_MS) * HOUR_MS;
}

/**
 * Telemetry batches folded into hours per (system, metric). A record's own system_id overrides its batch's;
 * records naming something that is not a system id are left out, as drift detection leaves them.
 */
export function metricHours(batches: readonly TelemetryReceivedDetails[]): MetricHour[] {
  const hours = new Map<string, MetricHour>();
  for (const batch of batches) {
    const receivedAt = Date.parse(batch.received_at);
    for (const record of batch.records) {
      const systemId = record.system_id ?? batch.system_id;
      if (!isId('system', systemId)) continue;
      const hour = recordHour(record.timestamp, receivedAt);
      for (const [metric, value] of Object.entries(record.metrics)) {
        const key = `${systemId}\u0000${metric}\u0000${hour}`;
        let entry = hours.get(key);
        if (!entry) {
          entry = {
            systemId,
            metric,
            hour: new Date(hour),
            count: 0,
            sum: 0,
            histogram: metric === LATENCY_METRIC ? new Array<number>(LATENCY_BINS).fill(0) : null,
          };
          hours.set(key, entry);
        }
        entry.count += 1;
        entry.sum += value;
        if (entry.histogram) {
          const bin = latencyBin(value);
          entry.histogram[bin] = entry.histogram[bin]! + 1;
        }
      }
    }
  }
  return [...hours.values()];
}
