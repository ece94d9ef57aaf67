import { decideAfterAttempt, maxAttempts } from './delivery-schedule';

describe('delivery schedule', () => {
  const spec = [30_000, 300_000];

  it('makes three attempts with the spec delays', () => {
    expect(maxAttempts(spec)).toBe(3);
    expect(decideAfterAttempt(1, false, spec)).toEqual({ outcome: 'pending', retryInMs: 30_000 });
    expect(decideAfterAttempt(2, false, spec)).toEqual({ outcome: 'pending', retryInMs: 300_000 });
    expect(decideAfterAttempt(3, false, spec)).toEqual({ outcome: 'failed', retryInMs: null });
  });

  it('ends on the first success, whichever attempt it is', () => {
    for (const attempt of [1, 2, 3])
      expect(decideAfterAttempt(attempt, true, spec)).toEqual({ outcome: 'succeeded', retryInMs: null });
  });

  it('follows a configured schedule of any length', () => {
    expect(maxAttempts([])).toBe(1);
    expect(decideAfterAttempt(1, false, [])).toEqual({ outcome: 'failed', retryInMs: null });
    expect(decideAfterAttempt(3, false, [1, 2, 3])).toEqual({ outcome: 'pending', retryInMs: 3 });
    expect(decideAfterAttempt(4, false, [1, 2, 3])).toEqual({ outcome: 'failed', retryInMs: null });
  });
});
