import { type EnvReader } from '@governance/platform';

export interface DriftConfig {
  /** Values of a metric that form its baseline; bin edges are fixed from them (DRIFT_BASELINE_SIZE, 500). */
  baselineSize: number;
  /** Values in each recent window compared with the baseline (DRIFT_WINDOW_SIZE, 200). */
  windowSize: number;
  /** Number of PSI bins, cut at the baseline's quantiles (DRIFT_BINS, 10 = deciles). */
  bins: number;
  /** PSI at or above which a window is a MEDIUM drift (DRIFT_PSI_MODERATE, 0.1). */
  psiModerate: number;
  /** PSI at or above which a window is a HIGH drift (DRIFT_PSI_MAJOR, 0.25). */
  psiMajor: number;
  /**
   * Normal quantile of the sampling-noise guard (DRIFT_NOISE_Z, 3.09 ≈ one stable window in 1000): a window
   * counts as drift only when its PSI also exceeds what noise alone reaches for these sample sizes. 0 turns
   * the guard off and leaves the PSI thresholds alone in charge.
   */
  noiseZ: number;
}

export const DRIFT_DEFAULTS: DriftConfig = {
  baselineSize: 500,
  windowSize: 200,
  bins: 10,
  psiModerate: 0.1,
  psiMajor: 0.25,
  noiseZ: 3.09,
};

/** EnvReader has no float reader; a value must be a plain decimal (no exponent, hex or sign). */
function decimal(env: EnvReader, name: string, fallback: number, allowZero: boolean): number {
  const raw = env.optionalString(name);
  if (raw === undefined) return fallback;
  const value = /^(\d+(\.\d*)?|\.\d+)$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0) || value > 1000) {
    env.invalid(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} decimal number, got "${raw}"`);
    return fallback;
  }
  return value;
}

export function readDriftConfig(env: EnvReader): DriftConfig {
  const bins = env.int('DRIFT_BINS', DRIFT_DEFAULTS.bins, { min: 2, max: 100 });
  const baselineSize = env.int('DRIFT_BASELINE_SIZE', DRIFT_DEFAULTS.baselineSize, {
    min: 10,
    max: 100_000,
  });
  const windowSize = env.int('DRIFT_WINDOW_SIZE', DRIFT_DEFAULTS.windowSize, { min: 10, max: 100_000 });
  const psiModerate = decimal(env, 'DRIFT_PSI_MODERATE', DRIFT_DEFAULTS.psiModerate, false);
  const psiMajor = decimal(env, 'DRIFT_PSI_MAJOR', DRIFT_DEFAULTS.psiMajor, false);
  const noiseZ = decimal(env, 'DRIFT_NOISE_Z', DRIFT_DEFAULTS.noiseZ, true);
  if (psiMajor < psiModerate) env.invalid('DRIFT_PSI_MAJOR must be at least DRIFT_PSI_MODERATE');
  // Each half of the baseline yields the noise floor; a half with fewer values than bins is meaningless.
  if (baselineSize < 2 * bins) env.invalid('DRIFT_BASELINE_SIZE must be at least twice DRIFT_BINS');
  return { baselineSize, windowSize, bins, psiModerate, psiMajor, noiseZ };
}
