import {
  binCounts,
  binEdges,
  binIndex,
  EMPTY_BIN_SHARE,
  populationStabilityIndex,
  psiNoiseBound,
} from './population-stability';

describe('populationStabilityIndex', () => {
  it('is 0 for identical distributions, whatever the sample sizes', () => {
    expect(populationStabilityIndex([10, 20, 30, 40], [10, 20, 30, 40])).toBe(0);
    expect(populationStabilityIndex([10, 20, 30, 40], [1, 2, 3, 4])).toBeCloseTo(0, 12);
  });

  it('matches a value worked by hand', () => {
    // (0.25 − 0.5)·ln(0.25/0.5) + (0.75 − 0.5)·ln(0.75/0.5) = 0.25·ln 2 + 0.25·ln 1.5
    expect(populationStabilityIndex([50, 50], [25, 75])).toBeCloseTo(
      0.25 * Math.log(2) + 0.25 * Math.log(1.5),
      12,
    );
    // A textbook ten-bin example: a baseline of equal deciles against a skewed recent window.
    const baseline = new Array<number>(10).fill(100);
    const recent = [50, 60, 70, 80, 90, 110, 120, 130, 140, 150];
    const expected = recent.reduce(
      (psi, count) => psi + (count / 1000 - 0.1) * Math.log(count / 1000 / 0.1),
      0,
    );
    expect(populationStabilityIndex(baseline, recent)).toBeCloseTo(expected, 12);
    expect(expected).toBeCloseTo(0.1175, 4);
  });

  it('is symmetric and grows with the shift', () => {
    const base = [25, 25, 25, 25];
    const small = populationStabilityIndex(base, [20, 25, 25, 30]);
    const large = populationStabilityIndex(base, [5, 15, 30, 50]);
    expect(small).toBeGreaterThan(0);
    expect(large).toBeGreaterThan(0.25);
    expect(large).toBeGreaterThan(small);
    expect(populationStabilityIndex([20, 25, 25, 30], base)).toBeCloseTo(small, 12);
  });

  it('gives an empty bin a small share instead of an infinite score', () => {
    const psi = populationStabilityIndex([100, 0], [50, 50]);
    const expected =
      (0.5 - 1) * Math.log(0.5 / 1) + (0.5 - EMPTY_BIN_SHARE) * Math.log(0.5 / EMPTY_BIN_SHARE);
    expect(Number.isFinite(psi)).toBe(true);
    expect(psi).toBeCloseTo(expected, 12);
    // Empty on both sides contributes nothing.
    expect(populationStabilityIndex([50, 0, 50], [50, 0, 50])).toBe(0);
  });

  it('is 0 when a side has no values and refuses mismatched bins', () => {
    expect(populationStabilityIndex([0, 0], [3, 4])).toBe(0);
    expect(() => populationStabilityIndex([1, 2], [1, 2, 3])).toThrow();
  });
});

describe('bins', () => {
  it('cuts at the deciles so each baseline bin holds a tenth', () => {
    const values = Array.from({ length: 500 }, (_, i) => 499 - i);
    const edges = binEdges(values, 10);
    expect(edges).toEqual([49, 99, 149, 199, 249, 299, 349, 399, 449]);
    expect(binCounts(edges, values)).toEqual(new Array<number>(10).fill(50));
  });

  it('has open-ended outer bins and puts a value equal to an edge below it', () => {
    const edges = [1, 2, 3];
    expect(binIndex(edges, -1e9)).toBe(0);
    expect(binIndex(edges, 1)).toBe(0);
    expect(binIndex(edges, 1.5)).toBe(1);
    expect(binIndex(edges, 3)).toBe(2);
    expect(binIndex(edges, 1e9)).toBe(3);
  });

  it('drops repeated edges of a metric with few distinct values', () => {
    const values = [...new Array<number>(80).fill(1), ...new Array<number>(20).fill(2)];
    const edges = binEdges(values, 10);
    expect(edges).toEqual([1, 2]);
    expect(binCounts(edges, values)).toEqual([80, 20, 0]);
    expect(binEdges([], 10)).toEqual([]);
  });
});

describe('psiNoiseBound', () => {
  it('sits above the mean PSI of pure noise and shrinks with larger samples', () => {
    // Pure noise averages about (bins − 1)·(1/n + 1/m) = 9 · (1/200 + 1/500) ≈ 0.063.
    const bound = psiNoiseBound(10, 200, 500, 3.09);
    expect(bound).toBeGreaterThan(0.063);
    expect(bound).toBeCloseTo(0.196, 2);
    expect(psiNoiseBound(10, 2000, 5000, 3.09)).toBeCloseTo(bound / 10, 6);
    expect(psiNoiseBound(1, 200, 500, 3.09)).toBe(0);
  });
});
