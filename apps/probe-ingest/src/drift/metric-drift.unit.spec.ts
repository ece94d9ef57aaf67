import { normal, seededRng } from './testing/synthetic-stream';
import { DRIFT_DEFAULTS, type DriftConfig } from './drift-config';
import {
  classifyWindow,
  detectionLayer,
  type DriftLevel,
  emptyMetricState,
  type MetricDriftState,
  observeValues,
  type WindowResult,
} from './metric-drift';

const config: DriftConfig = { ...DRIFT_DEFAULTS, baselineSize: 100, windowSize: 50, bins: 5 };

function feed(
  state: MetricDriftState,
  values: number[],
  options: DriftConfig = config,
): { state: MetricDriftState; windows: WindowResult[] } {
  return observeValues(state, values, options);
}

describe('detectionLayer', () => {
  it('takes input and output from the name prefix, and everything else is performance', () => {
    expect(detectionLayer('input.length')).toBe('input');
    expect(detectionLayer('output.toxicity')).toBe('output');
    expect(detectionLayer('output')).toBe('performance');
    expect(detectionLayer('latency_ms')).toBe('performance');
    expect(detectionLayer('outputs.tokens')).toBe('performance');
    expect(detectionLayer('gpu.memory')).toBe('performance');
  });
});

describe('observeValues', () => {
  it('keeps raw values only while the baseline fills, then counts per bin', () => {
    const rng = seededRng(1);
    const first = feed(
      emptyMetricState(),
      Array.from({ length: 60 }, () => normal(rng)),
    );
    expect(first.state.baselineValues).toHaveLength(60);
    expect(first.state.edges).toBeNull();
    expect(first.windows).toEqual([]);

    const second = feed(
      first.state,
      Array.from({ length: 70 }, () => normal(rng)),
    );
    expect(second.state.baselineValues).toEqual([]);
    expect(second.state.edges).toHaveLength(4);
    expect(second.state.baselineCounts.reduce((a, b) => a + b, 0)).toBe(100);
    expect(second.state.windowCount).toBe(30);
    expect(second.state.windowCounts.reduce((a, b) => a + b, 0)).toBe(30);
    expect(second.state.baselineScore).toBeGreaterThan(0);
    expect(second.windows).toEqual([]);
    // The input state is not changed.
    expect(first.state.baselineValues).toHaveLength(60);
  });

  it('completes every full window in one call, in order, and skips values that are not finite', () => {
    const rng = seededRng(2);
    const baseline = feed(
      emptyMetricState(),
      Array.from({ length: 100 }, () => normal(rng)),
    ).state;
    const values = [
      ...Array.from({ length: 50 }, () => normal(rng)),
      Number.NaN,
      ...Array.from({ length: 50 }, () => normal(rng) + 5),
      Number.POSITIVE_INFINITY,
      ...Array.from({ length: 10 }, () => normal(rng)),
    ];
    const { state, windows } = feed(baseline, values);
    expect(windows.map((w) => w.level)).toEqual(['none', 'HIGH']);
    expect(windows[1]!.windowMean).toBeGreaterThan(4);
    expect(windows[1]!.baselineMean).toBeCloseTo(baseline.baselineMean, 12);
    expect(state.lastLevel).toBe('HIGH');
    expect(state.windowCount).toBe(10);
  });
});

/** Levels of `windows` windows of a normal stream moved by `shift` standard deviations, default sizes. */
function levels(seed: number, shift: number, windows: number, noiseZ: number): Record<DriftLevel, number> {
  const rng = seededRng(seed);
  const settings = { ...DRIFT_DEFAULTS, noiseZ };
  let state = feed(
    emptyMetricState(),
    Array.from({ length: settings.baselineSize }, () => normal(rng)),
    settings,
  ).state;
  const counts: Record<DriftLevel, number> = { none: 0, MEDIUM: 0, HIGH: 0 };
  for (let i = 0; i < windows; i++) {
    const result = feed(
      state,
      Array.from({ length: settings.windowSize }, () => normal(rng) + shift),
      settings,
    );
    state = result.state;
    for (const window of result.windows) counts[window.level] += 1;
  }
  return counts;
}

describe('drift on synthetic streams with the default sizes (500 baseline, 200 window, 10 bins)', () => {
  it('keeps stable streams quiet, where the 0.1 threshold alone alarms on about one window in eight', () => {
    // Each stream has its own baseline: an unlucky baseline raises every later window's PSI a little.
    let guarded = 0;
    let thresholdsOnly = 0;
    for (let seed = 1; seed <= 5; seed++) {
      const withGuard = levels(seed * 7919, 0, 200, DRIFT_DEFAULTS.noiseZ);
      const withoutGuard = levels(seed * 7919, 0, 200, 0);
      guarded += withGuard.MEDIUM + withGuard.HIGH;
      thresholdsOnly += withoutGuard.MEDIUM + withoutGuard.HIGH;
    }
    // 1000 windows: the guard aims at about one in 1000, the bare threshold gives about 120.
    expect(guarded).toBeLessThanOrEqual(5);
    expect(thresholdsOnly).toBeGreaterThan(70);
  });

  it('rates a half-sigma shift at least MEDIUM and a one-sigma shift HIGH in nearly every window', () => {
    const half = levels(12, 0.5, 100, DRIFT_DEFAULTS.noiseZ);
    const one = levels(13, 1, 100, DRIFT_DEFAULTS.noiseZ);
    expect(half.MEDIUM + half.HIGH).toBeGreaterThanOrEqual(90);
    expect(one.HIGH).toBe(100);
  });
});

describe('classifyWindow', () => {
  const noise = { bins: 10, recentSize: 200, baselineSize: 500 };
  it('applies the moderate and major thresholds', () => {
    const plain = { psiModerate: 0.1, psiMajor: 0.25, noiseZ: 0 };
    expect(classifyWindow(0.099, plain, noise)).toBe('none');
    expect(classifyWindow(0.1, plain, noise)).toBe('MEDIUM');
    expect(classifyWindow(0.25, plain, noise)).toBe('HIGH');
  });

  it('treats a PSI within sampling noise as no drift', () => {
    const guarded = { psiModerate: 0.1, psiMajor: 0.25, noiseZ: 3.09 };
    expect(classifyWindow(0.15, guarded, noise)).toBe('none');
    expect(classifyWindow(0.2, guarded, noise)).toBe('MEDIUM');
    expect(classifyWindow(0.15, guarded, { bins: 10, recentSize: 5000, baselineSize: 5000 })).toBe('MEDIUM');
  });
});
