import { healthStatus, NO_ATTEMPTS, webhookHealth } from './webhook-health';

describe('webhook health', () => {
  it('is idle without attempts, failing when none succeeded, degraded below 95 %, healthy from it', () => {
    expect(healthStatus({ attempts: 0, succeeded: 0 })).toBe('idle');
    expect(healthStatus({ attempts: 12, succeeded: 0 })).toBe('failing');
    expect(healthStatus({ attempts: 20, succeeded: 18 })).toBe('degraded');
    expect(healthStatus({ attempts: 20, succeeded: 19 })).toBe('healthy');
    expect(healthStatus({ attempts: 1, succeeded: 1 })).toBe('healthy');
  });

  it('states its rate, times and window', () => {
    const window = { windowMs: 24 * 3600 * 1000, maxAttempts: 100 };
    expect(webhookHealth(NO_ATTEMPTS, window)).toEqual({
      status: 'idle',
      attempts: 0,
      succeeded: 0,
      success_rate: null,
      last_attempt_at: null,
      last_success_at: null,
      window_seconds: 86_400,
      max_attempts: 100,
    });
    const at = new Date('2026-11-22T10:00:00.000Z');
    expect(
      webhookHealth({ attempts: 3, succeeded: 2, lastAttemptAt: at, lastSuccessAt: at }, window),
    ).toMatchObject({ status: 'degraded', success_rate: 0.667, last_attempt_at: at.toISOString() });
  });
});
