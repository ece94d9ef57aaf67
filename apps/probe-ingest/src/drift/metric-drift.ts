import { type DriftConfig } from './drift-config';
import {
  binCounts,
  binEdges,
  binIndex,
  populationStabilityIndex,
  psiNoiseBound,
  sum,
} from './population-stability';

/**
 * Detection layer of a metric: the prefix of its name before the first '.' when that is `input` or
 * `output` (`input.tokens`, `output.toxicity`), else `performance` (`latency_ms`, `gpu.memory`).
 */
export const DETECTION_LAYERS = ['input', 'output', 'performance'] as const;
export type DetectionLayer = (typeof DETECTION_LAYERS)[number];

export function detectionLayer(metric: string): DetectionLayer {
  const dot = metric.indexOf('.');
  const prefix = dot > 0 ? metric.slice(0, dot) : '';
  return prefix === 'input' || prefix === 'output' ? prefix : 'performance';
}

/** How far one window moved: below the moderate threshold (or within noise), MEDIUM or HIGH. */
export type DriftLevel = 'none' | 'MEDIUM' | 'HIGH';

/**
 * What is remembered of one metric of one system. While the baseline fills, the raw values are kept; once
 * it has DRIFT_BASELINE_SIZE values the bins are fixed and only counts per bin are kept from then on.
 */
export interface MetricDriftState {
  /** Raw values while the baseline fills; empty once `edges` is set. */
  baselineValues: number[];
  /** Inner bin edges fixed from the baseline; null while it fills. */
  edges: number[] | null;
  baselineCounts: number[];
  baselineScore: number;
  baselineMean: number;
  windowCounts: number[];
  windowCount: number;
  windowSum: number;
  /** Level of the metric's last completed window; the layer re-arms only when all its metrics are 'none'. */
  lastLevel: DriftLevel;
}

/** One completed recent window compared with the baseline. */
export interface WindowResult {
  driftScore: number;
  baselineScore: number;
  baselineMean: number;
  windowMean: number;
  level: DriftLevel;
}

export function emptyMetricState(): MetricDriftState {
  return {
    baselineValues: [],
    edges: null,
    baselineCounts: [],
    baselineScore: 0,
    baselineMean: 0,
    windowCounts: [],
    windowCount: 0,
    windowSum: 0,
    lastLevel: 'none',
  };
}

/**
 * MEDIUM at PSI >= psiModerate, HIGH at >= psiMajor, but only when the PSI also exceeds what sampling noise
 * reaches for these window sizes (see psiNoiseBound); noiseZ = 0 leaves the thresholds alone in charge.
 */
export function classifyWindow(
  driftScore: number,
  thresholds: Pick<DriftConfig, 'psiModerate' | 'psiMajor' | 'noiseZ'>,
  noise: { bins: number; recentSize: number; baselineSize: number },
): DriftLevel {
  if (thresholds.noiseZ > 0) {
    const bound = psiNoiseBound(noise.bins, noise.recentSize, noise.baselineSize, thresholds.noiseZ);
    if (driftScore < bound) return 'none';
  }
  if (driftScore >= thresholds.psiMajor) return 'HIGH';
  if (driftScore >= thresholds.psiModerate) return 'MEDIUM';
  return 'none';
}

/**
 * Feeds values (in arrival order) into a metric's state: they fill the baseline first, then recent windows.
 * Returns the new state and every window that completed, in order. Pure; the caller persists the state.
 */
export function observeValues(
  state: MetricDriftState,
  values: readonly number[],
  config: DriftConfig,
): { state: MetricDriftState; windows: WindowResult[] } {
  const next: MetricDriftState = {
    ...state,
    baselineValues: [...state.baselineValues],
    windowCounts: [...state.windowCounts],
  };
  const windows: WindowResult[] = [];
  for (const value of values) {
    if (!Number.isFinite(value)) continue;
    if (next.edges === null) {
      next.baselineValues.push(value);
      if (next.baselineValues.length >= config.baselineSize) fixBaseline(next, config.bins);
      continue;
    }
    next.windowCounts[binIndex(next.edges, value)]! += 1;
    next.windowCount += 1;
    next.windowSum += value;
    if (next.windowCount >= config.windowSize) {
      const driftScore = populationStabilityIndex(next.baselineCounts, next.windowCounts);
      const level = classifyWindow(driftScore, config, {
        bins: next.baselineCounts.length,
        recentSize: next.windowCount,
        baselineSize: sum(next.baselineCounts),
      });
      windows.push({
        driftScore,
        baselineScore: next.baselineScore,
        baselineMean: next.baselineMean,
        windowMean: next.windowSum / next.windowCount,
        level,
      });
      next.lastLevel = level;
      next.windowCounts = next.windowCounts.map(() => 0);
      next.windowCount = 0;
      next.windowSum = 0;
    }
  }
  return { state: next, windows };
}

/** Fixes bins from the full baseline and measures its noise floor: the PSI of its second half vs its first. */
function fixBaseline(state: MetricDriftState, bins: number): void {
  const values = state.baselineValues;
  const edges = binEdges(values, bins);
  const half = Math.floor(values.length / 2);
  state.edges = edges;
  state.baselineCounts = binCounts(edges, values);
  state.baselineScore = populationStabilityIndex(
    binCounts(edges, values.slice(0, half)),
    binCounts(edges, values.slice(half)),
  );
  state.baselineMean = sum(values) / values.length;
  state.baselineValues = [];
  state.windowCounts = new Array<number>(edges.length + 1).fill(0);
  state.windowCount = 0;
  state.windowSum = 0;
}
