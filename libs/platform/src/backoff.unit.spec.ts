import { backoffMs } from './backoff';

describe('backoffMs', () => {
  it('starts at the first delay and doubles with each attempt', () => {
    expect([1, 2, 3, 4].map((attempt) => backoffMs(attempt, 200, 30_000))).toEqual([200, 400, 800, 1600]);
  });

  it('stops at the maximum, however many attempts', () => {
    expect(backoffMs(6, 200, 5_000)).toBe(5_000);
    expect(backoffMs(20, 200, 30_000)).toBe(30_000);
    expect(backoffMs(10_000, 1, 60_000)).toBe(60_000);
  });

  it('waits nothing from a first delay of zero, and treats attempts below one as the first', () => {
    expect(backoffMs(50, 0, 30_000)).toBe(0);
    expect(backoffMs(0, 200, 30_000)).toBe(200);
  });
});
