/** The wait before retry `attempt` (1-based): `firstMs`, doubling with each attempt, at most `maxMs`. */
export function backoffMs(attempt: number, firstMs: number, maxMs: number): number {
  // Past 30 doublings any delay is above any maximum; the cap keeps the power finite.
  return Math.min(maxMs, firstMs * 2 ** Math.min(30, Math.max(0, attempt - 1)));
}
