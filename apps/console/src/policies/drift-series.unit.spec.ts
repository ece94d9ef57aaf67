import { driftByDay } from './drift-series';

describe('drift alerts per day', () => {
  const now = new Date('2026-11-26T10:00:00Z');

  it('counts each day of the window by severity, quiet days as zeros, oldest first', () => {
    const series = driftByDay(
      [
        { severity: 'HIGH', timestamp: '2026-11-26T09:00:00Z' },
        { severity: 'MEDIUM', timestamp: '2026-11-26T01:00:00Z' },
        { severity: 'HIGH', timestamp: '2026-11-24T23:59:59Z' },
        { severity: 'CRITICAL', timestamp: '2026-11-24T00:00:00Z' },
        { severity: 'INFO', timestamp: '2026-11-23T12:00:00Z' },
      ],
      now,
      4,
      'UTC',
    );
    expect(series).toEqual([
      { day: '2026-11-23', medium: 1, high: 0 },
      { day: '2026-11-24', medium: 0, high: 2 },
      { day: '2026-11-25', medium: 0, high: 0 },
      { day: '2026-11-26', medium: 1, high: 1 },
    ]);
  });

  it('leaves out alerts before the window, after now, and with unreadable times', () => {
    const series = driftByDay(
      [
        { severity: 'HIGH', timestamp: '2026-11-20T12:00:00Z' },
        { severity: 'HIGH', timestamp: '2026-11-26T10:00:01Z' },
        { severity: 'HIGH', timestamp: 'yesterday' },
      ],
      now,
      3,
      'UTC',
    );
    expect(series.every((day) => day.medium === 0 && day.high === 0)).toBe(true);
    expect(series).toHaveLength(3);
  });

  it('files an alert under the viewer’s own day', () => {
    // 23:30 UTC on the 25th is already the 26th in Paris.
    const alert = { severity: 'MEDIUM', timestamp: '2026-11-25T23:30:00Z' };
    expect(driftByDay([alert], now, 2, 'UTC')).toEqual([
      { day: '2026-11-25', medium: 1, high: 0 },
      { day: '2026-11-26', medium: 0, high: 0 },
    ]);
    expect(driftByDay([alert], now, 2, 'Europe/Paris')).toEqual([
      { day: '2026-11-25', medium: 0, high: 0 },
      { day: '2026-11-26', medium: 1, high: 0 },
    ]);
  });

  it('has every calendar day once across a daylight-saving change', () => {
    const days = driftByDay([], new Date('2026-03-29T22:30:00Z'), 3, 'Europe/Paris').map(
      (entry) => entry.day,
    );
    expect(days).toEqual(['2026-03-28', '2026-03-29', '2026-03-30']);
    const autumn = driftByDay([], new Date('2026-10-25T23:30:00Z'), 30, 'Europe/Paris').map(
      (entry) => entry.day,
    );
    expect(new Set(autumn).size).toBe(30);
    expect(autumn.at(-1)).toBe('2026-10-26');
    expect(autumn[0]).toBe('2026-09-27');
  });
});
