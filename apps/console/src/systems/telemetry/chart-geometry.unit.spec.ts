import { compact, linePath, niceMax, scale, tickIndexes } from './chart-geometry';

describe('telemetry chart geometry', () => {
  it('rounds the axis up to 1, 2 or 5 times a power of ten', () => {
    expect(niceMax([3, null, 7.2])).toBe(10);
    expect(niceMax([120])).toBe(200);
    expect(niceMax([0.04])).toBe(0.05);
    expect(niceMax([null])).toBe(1);
  });

  it('draws a line over its values and lifts the pen over gaps', () => {
    const s = scale(4, 10, { width: 140, height: 110, left: 20, right: 0, top: 10, bottom: 0 });
    expect(linePath([0, 10, null, 5], s)).toBe('M35.0,110.0L65.0,10.0M125.0,60.0');
    expect(linePath([null, null], s)).toBe('');
  });

  it('labels a few buckets, the latest always', () => {
    expect(tickIndexes(24, 6)).toEqual([3, 7, 11, 15, 19, 23]);
    expect(tickIndexes(3, 6)).toEqual([0, 1, 2]);
    expect(tickIndexes(0)).toEqual([]);
  });

  it('writes axis numbers short', () => {
    expect(compact(1234)).toBe('1.23k');
    expect(compact(2_000_000)).toBe('2M');
    expect(compact(0.5)).toBe('0.5');
    expect(compact(40)).toBe('40');
  });
});
