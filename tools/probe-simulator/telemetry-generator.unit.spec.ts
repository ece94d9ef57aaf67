import { normal, seededRng, telemetryBatch } from './telemetry-generator';

const at = new Date('2026-11-22T10:00:00.000Z');

function mean(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

describe('telemetryBatch', () => {
  it('makes records the telemetry endpoint accepts, replayable from a seed', () => {
    const batch = telemetryBatch(3, { at, shift: 0, rng: seededRng(7), spacingMs: 100 });
    expect(batch).toHaveLength(3);
    expect(batch.map((r) => r.timestamp)).toEqual([
      '2026-11-22T10:00:00.000Z',
      '2026-11-22T10:00:00.100Z',
      '2026-11-22T10:00:00.200Z',
    ]);
    for (const record of batch) {
      expect(Object.keys(record.metrics).sort()).toEqual([
        'input.tokens',
        'latency_ms',
        'output.tokens',
        'output.toxicity',
      ]);
      expect(Object.values(record.metrics).every(Number.isFinite)).toBe(true);
      expect(record.metrics['output.toxicity']).toBeGreaterThanOrEqual(0);
      expect(record.metrics['output.toxicity']).toBeLessThanOrEqual(1);
      expect(record).not.toHaveProperty('system_id');
      expect(record).not.toHaveProperty('observed_endpoint');
    }
    expect(telemetryBatch(3, { at, shift: 0, rng: seededRng(7), spacingMs: 100 })).toEqual(batch);
  });

  it('sets system_id and observed_endpoint when asked', () => {
    const [record] = telemetryBatch(1, {
      at,
      shift: 0,
      systemId: 'sys_01JZZZZZZZZZZZZZZZZZZZZZZZ',
      observedEndpoint: 'api.openai.com',
    });
    expect(record).toMatchObject({
      system_id: 'sys_01JZZZZZZZZZZZZZZZZZZZZZZZ',
      observed_endpoint: 'api.openai.com',
    });
  });

  it('moves every metric up with the shift', () => {
    const stable = telemetryBatch(2000, { at, shift: 0, rng: seededRng(1) });
    const shifted = telemetryBatch(2000, { at, shift: 1, rng: seededRng(2) });
    for (const metric of ['latency_ms', 'input.tokens', 'output.tokens', 'output.toxicity']) {
      const before = mean(stable.map((r) => r.metrics[metric]!));
      const after = mean(shifted.map((r) => r.metrics[metric]!));
      expect(after).toBeGreaterThan(before * 1.3);
    }
  });
});

describe('random sources', () => {
  it('seededRng is uniform in [0, 1) and normal has mean 0 and sd 1', () => {
    const rng = seededRng(3);
    const uniform = Array.from({ length: 10_000 }, rng);
    expect(Math.min(...uniform)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...uniform)).toBeLessThan(1);
    expect(mean(uniform)).toBeCloseTo(0.5, 1);
    const normals = Array.from({ length: 10_000 }, () => normal(rng));
    const m = mean(normals);
    const sd = Math.sqrt(mean(normals.map((x) => (x - m) ** 2)));
    expect(m).toBeCloseTo(0, 1);
    expect(sd).toBeCloseTo(1, 1);
  });
});
