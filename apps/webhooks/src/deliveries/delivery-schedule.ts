export type DeliveryOutcome = 'pending' | 'succeeded' | 'failed';

export interface AttemptDecision {
  outcome: DeliveryOutcome;
  /** Delay before the next attempt; set only when the outcome is still pending. */
  retryInMs: number | null;
}

/** The spec's schedule: attempt 2 30 s after attempt 1 fails, attempt 3 5 min after that, then failed. */
export const SPEC_RETRY_DELAYS_MS: readonly number[] = [30_000, 300_000];
/** The spec's time-out of each attempt. */
export const SPEC_ATTEMPT_TIMEOUT_MS = 30_000;

/** Attempts a delivery may make: the first one plus one per configured retry delay. */
export function maxAttempts(retryDelaysMs: readonly number[]): number {
  return retryDelaysMs.length + 1;
}

/**
 * What follows attempt number `attempt` (1-based): success ends the delivery; a failure schedules the
 * next attempt after its delay, or ends the delivery as failed once every attempt has been made.
 */
export function decideAfterAttempt(
  attempt: number,
  success: boolean,
  retryDelaysMs: readonly number[],
): AttemptDecision {
  if (success) return { outcome: 'succeeded', retryInMs: null };
  const delay = retryDelaysMs[attempt - 1];
  if (delay === undefined) return { outcome: 'failed', retryInMs: null };
  return { outcome: 'pending', retryInMs: delay };
}
