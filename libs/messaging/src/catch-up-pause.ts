/**
 * The longest a relay or consumer that has caught up waits for more records to gather. Each hop of an
 * event's path may pay it, so it bounds latency; longer pauses bought no ingest throughput (bench:ingest).
 */
export const MAX_CATCH_UP_PAUSE_MS = 5;

/**
 * How long a relay or consumer that has just caught up (its last batch was not full) waits before the
 * next batch: as long as that batch took, at most MAX_CATCH_UP_PAUSE_MS. A stream of cheap records then
 * moves within milliseconds of its commit, while costly batches pause longer and so gather more records
 * per transaction: the loop spends at most about half its time per record on transactions.
 */
export function catchUpPauseMs(lastBatchMs: number): number {
  return Math.min(MAX_CATCH_UP_PAUSE_MS, Math.max(0, lastBatchMs));
}
