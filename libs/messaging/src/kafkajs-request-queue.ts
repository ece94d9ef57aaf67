import { kafkajsInternals } from './kafkajs-internals';

/** kafkajs's check interval for requests held back by in-flight limits (`CHECK_PENDING_REQUESTS_INTERVAL`). */
const CHECK_PENDING_REQUESTS_INTERVAL_MS = 10;

/** The part of kafkajs's per-connection `RequestQueue` that its pending-request check uses. */
interface RequestQueue {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}

let applied = false;

/**
 * kafkajs 2.2.4 (the last release) re-arms a timer after every check of a connection's queue, even with
 * nothing pending and no throttling: `throttledUntil` starts at -1, so the delay is -1 - Date.now().
 * Node 24 warns (`TimeoutNegativeWarning`) and clamps it to 1 ms, so every broker connection of every
 * process wakes a thousand times a second for nothing (tulios/kafkajs#1751, #1704; the fix, #1768, is
 * unreleased). Here the check is scheduled only for pending requests, as that fix does: a request pushed
 * later checks the queue itself. Applied once, before any connection exists; other versions are left alone.
 */
export function fixKafkaRequestQueueTimer(): boolean {
  if (applied) return true;
  const load = kafkajsInternals();
  if (!load) return false;
  const RequestQueueClass = load('./src/network/requestQueue') as { prototype: RequestQueue };
  RequestQueueClass.prototype.scheduleCheckPendingRequests = function (this: RequestQueue) {
    if (this.throttleCheckTimeoutId || this.pending.length === 0) return;
    const untilUnthrottled = this.throttledUntil - Date.now();
    this.throttleCheckTimeoutId = setTimeout(
      () => {
        this.throttleCheckTimeoutId = null;
        this.checkPendingRequests();
      },
      untilUnthrottled > 0 ? untilUnthrottled : CHECK_PENDING_REQUESTS_INTERVAL_MS,
    );
  };
  applied = true;
  return true;
}
