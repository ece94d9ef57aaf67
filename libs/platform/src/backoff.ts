/**
 * The wait before retry `attempt` (1-based) of something that keeps failing: `firstMs`, doubling with
 * each attempt, at most `maxMs`. Every retry loop here (outbox relay, claim loops, event log consumers,
 * handler retries) waits by it.
 */
export function backoffMs(attempt: number, firstMs: number, maxMs: number): number {
  // Past 30 doublings any delay is above any maximum; the cap keeps the power finite.
  return Math.min(maxMs, firstMs * 2 ** Math.min(30, Math.max(0, attempt - 1)));
}
