import { type WebhookHealth, type WebhookHealthStatus } from './webhook.dto';

/** An endpoint is healthy while at least this share of its recent attempts succeed. */
export const HEALTHY_SUCCESS_RATE = 0.95;

/** What the repository counts of an endpoint's recent attempts. */
export interface RecentAttempts {
  attempts: number;
  succeeded: number;
  lastAttemptAt: Date | null;
  lastSuccessAt: Date | null;
}

/** How far back, and how many of the latest attempts, health looks at. */
export interface HealthWindow {
  windowMs: number;
  maxAttempts: number;
}

export function healthStatus({
  attempts,
  succeeded,
}: Pick<RecentAttempts, 'attempts' | 'succeeded'>): WebhookHealthStatus {
  if (attempts === 0) return 'idle';
  if (succeeded === 0) return 'failing';
  return succeeded / attempts >= HEALTHY_SUCCESS_RATE ? 'healthy' : 'degraded';
}

/** The endpoint's health as the API shows it. */
export function webhookHealth(recent: RecentAttempts, window: HealthWindow): WebhookHealth {
  return {
    status: healthStatus(recent),
    attempts: recent.attempts,
    succeeded: recent.succeeded,
    success_rate:
      recent.attempts === 0 ? null : Math.round((recent.succeeded / recent.attempts) * 1000) / 1000,
    last_attempt_at: recent.lastAttemptAt?.toISOString() ?? null,
    last_success_at: recent.lastSuccessAt?.toISOString() ?? null,
    window_seconds: Math.round(window.windowMs / 1000),
    max_attempts: window.maxAttempts,
  };
}

export const NO_ATTEMPTS: RecentAttempts = {
  attempts: 0,
  succeeded: 0,
  lastAttemptAt: null,
  lastSuccessAt: null,
};
