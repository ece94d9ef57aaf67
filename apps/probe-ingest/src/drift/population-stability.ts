/*
 * Population Stability Index over fixed bins: PSI = Σ (p_i − q_i) · ln(p_i / q_i), q_i and p_i the shares
 * of baseline and recent values in bin i. Bins are cut once, at the baseline's quantiles.
 */

/** Share used for a bin that holds no value, so ln(p/q) stays finite (a common choice in practice). */
export const EMPTY_BIN_SHARE = 1e-4;

/**
 * Inner cut points at the baseline's k/bins quantiles, duplicates removed (a metric with few distinct
 * values has fewer bins). Bins are open-ended outside: (−∞, e_0], (e_0, e_1], …, (e_last, +∞).
 */
export function binEdges(values: readonly number[], bins: number): number[] {
  if (values.length === 0) return [];
  const sorted = [...values].sort((a, b) => a - b);
  const edges: number[] = [];
  for (let k = 1; k < bins; k++) {
    const edge = sorted[Math.max(0, Math.ceil((k * sorted.length) / bins) - 1)]!;
    if (edges.length === 0 || edge > edges[edges.length - 1]!) edges.push(edge);
  }
  return edges;
}

/** The bin of `value`: the first edge it does not exceed, else the open top bin. */
export function binIndex(edges: readonly number[], value: number): number {
  let low = 0;
  let high = edges.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (value <= edges[mid]!) high = mid;
    else low = mid + 1;
  }
  return low;
}

/** Counts per bin; there are edges.length + 1 bins. */
export function binCounts(edges: readonly number[], values: readonly number[]): number[] {
  const counts = new Array<number>(edges.length + 1).fill(0);
  for (const value of values) counts[binIndex(edges, value)]! += 1;
  return counts;
}

/** PSI of `recent` counts against `baseline` counts over the same bins; 0 when either side is empty. */
export function populationStabilityIndex(baseline: readonly number[], recent: readonly number[]): number {
  if (baseline.length !== recent.length) throw new Error('PSI needs the same bins on both sides');
  const baselineTotal = sum(baseline);
  const recentTotal = sum(recent);
  if (baselineTotal === 0 || recentTotal === 0) return 0;
  let psi = 0;
  for (let i = 0; i < baseline.length; i++) {
    const q = Math.max(baseline[i]! / baselineTotal, EMPTY_BIN_SHARE);
    const p = Math.max(recent[i]! / recentTotal, EMPTY_BIN_SHARE);
    psi += (p - q) * Math.log(p / q);
  }
  return psi;
}

export function sum(values: readonly number[]): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

/**
 * The PSI sampling noise alone stays below in all but a small share of windows: for small shifts PSI is
 * about the two-sample chi-square (bins − 1 degrees of freedom) times (1/n + 1/m), its quantile at normal
 * quantile `z` by Wilson–Hilferty. Needed because noise alone passes 0.1 in about one window in nine
 * (10 bins, 200 against 500 values).
 */
export function psiNoiseBound(bins: number, recentSize: number, baselineSize: number, z: number): number {
  const degrees = bins - 1;
  if (degrees < 1 || recentSize <= 0 || baselineSize <= 0) return 0;
  const spread = 2 / (9 * degrees);
  const chiSquare = degrees * Math.pow(Math.max(0, 1 - spread + z * Math.sqrt(spread)), 3);
  return chiSquare * (1 / recentSize + 1 / baselineSize);
}
