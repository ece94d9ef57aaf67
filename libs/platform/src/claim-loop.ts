import { backoffMs } from './backoff';
import { type Logger } from './logger';
import { WakeSignal } from './wake-signal';

const FIRST_BACKOFF_MS = 200;
const MAX_BACKOFF_MS = 5_000;

export interface ClaimLoopOptions<T> {
  /** What is claimed, for log lines: `reports`, `deliveries`. */
  name: string;
  /** Items processed at once. */
  concurrency: number;
  /** How long an idle loop waits before it looks again, unless woken. */
  pollIntervalMs: number;
  /**
   * While work is in flight, claim only once this many slots are free, so a busy loop claims in batches
   * rather than one item per finished one. 1 claims whenever a slot frees.
   */
  minimumClaim?: number;
  /**
   * Items claimed ahead, waiting for a slot, so a freed slot starts at once instead of after the next
   * claim's round trip. They hold their lease while they wait. 0 claims only for free slots.
   */
  claimAhead?: number;
  /**
   * With `claimAhead`: an item that waited longer than this with every slot busy is let go unprocessed, to
   * be claimed again when its lease ends, rather than wait past its lease while another worker takes it.
   */
  maxClaimedWaitMs?: number;
  /** Items let go unprocessed under `maxClaimedWaitMs`; a caller that renews leases stops renewing theirs. */
  onLetGo?(items: T[]): void;
  /** Claims at most `capacity` due items (under a lease, in the caller's table). */
  claim(capacity: number): Promise<T[]>;
  process(item: T): Promise<void>;
  /** `process` rejected; the item stays claimed, and its lease decides when it is tried again. */
  onProcessError(item: T, error: unknown): void;
  logger: Logger;
}

/**
 * The worker loop of a Postgres job queue: claim what fits in the free slots, process each item without
 * waiting for the others, sleep until a slot frees (when it waits for one), `wake()` or the poll interval.
 * Items leased to it elsewhere (when they were created) join it through `reserve` and `handOver`, within
 * the same bounds. `stop()` waits until every claimed or reserved item is processed, so a graceful
 * shutdown abandons nothing claimed.
 */
export class ClaimLoop<T> {
  private readonly signal = new WakeSignal();
  private inFlight = 0;
  private readonly claimedAhead: Array<{ item: T; claimedAt: number }> = [];
  /** Places promised by `reserve` and not yet handed over. */
  private reserved = 0;
  /** Every slot was busy at the last look: a freed slot is worth a claim. */
  private waitingForSlots = false;
  private stopped = true;
  private loop: Promise<void> | undefined;

  constructor(private readonly options: ClaimLoopOptions<T>) {}

  start(): void {
    this.stopped = false;
    this.loop = this.run();
  }

  /** Work may have become due: look without waiting for the next poll. */
  wake(): void {
    this.signal.notify();
  }

  /**
   * Reserves up to `count` places for items leased to this worker by their creator rather than claimed,
   * within the bounds a claim keeps (`concurrency` + `claimAhead`); none once stopping. The places are
   * held until `handOver`, which must follow, even with no items.
   */
  reserve(count: number): number {
    if (this.stopped) return 0;
    const { concurrency, claimAhead = 0 } = this.options;
    const free = concurrency + claimAhead - this.held();
    const places = Math.max(0, Math.min(count, free));
    this.reserved += places;
    return places;
  }

  /** Processes `items`, at most the `places` reserved for them, as if claimed now; unused places free up. */
  handOver(places: number, items: T[]): void {
    if (items.length > places)
      throw new Error(`${items.length} ${this.options.name} handed over for ${places} places`);
    this.reserved -= places;
    const claimedAt = performance.now();
    for (const item of items) this.claimedAhead.push({ item, claimedAt });
    this.launchWhileSlotsFree();
    // Not a reason to claim: whoever created the items knows whether it left others due (`wake()`).
    if (this.stopped) this.signal.notify();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.signal.notify();
    await this.loop;
    while (this.inFlight > 0 || this.claimedAhead.length > 0 || this.reserved > 0) await this.signal.wait(50);
  }

  private held(): number {
    return this.inFlight + this.claimedAhead.length + this.reserved;
  }

  private async run(): Promise<void> {
    const { concurrency, pollIntervalMs, minimumClaim = 1, claimAhead = 0 } = this.options;
    let failures = 0;
    while (!this.stopped) {
      this.letGoOfLongWaits();
      const held = this.held();
      const capacity = concurrency + claimAhead - held;
      this.waitingForSlots = capacity < minimumClaim && held > 0;
      if (this.waitingForSlots) {
        await this.signal.wait(this.waitMs(pollIntervalMs));
        continue;
      }
      let claimed: T[] = [];
      try {
        claimed = await this.options.claim(capacity);
        failures = 0;
      } catch (error) {
        failures += 1;
        this.options.logger.warn({ err: error }, `could not claim ${this.options.name}; retrying`);
        await this.signal.wait(backoffMs(failures, FIRST_BACKOFF_MS, MAX_BACKOFF_MS));
        continue;
      }
      const claimedAt = performance.now();
      for (const item of claimed) this.claimedAhead.push({ item, claimedAt });
      this.launchWhileSlotsFree();
      if (claimed.length < capacity) await this.signal.wait(this.waitMs(pollIntervalMs));
    }
  }

  /** The poll interval, or less if an item claimed ahead reaches its longest wait sooner. */
  private waitMs(pollIntervalMs: number): number {
    const oldest = this.claimedAhead[0];
    const { maxClaimedWaitMs } = this.options;
    if (!oldest || maxClaimedWaitMs === undefined) return pollIntervalMs;
    const untilTooLong = oldest.claimedAt + maxClaimedWaitMs - performance.now();
    return Math.max(1, Math.min(pollIntervalMs, Math.ceil(untilTooLong)));
  }

  /** Lets go of items that waited too long while every slot was busy (never one a free slot could start). */
  private letGoOfLongWaits(): void {
    const { maxClaimedWaitMs } = this.options;
    if (maxClaimedWaitMs === undefined) return;
    const oldestAllowed = performance.now() - maxClaimedWaitMs;
    const letGo: T[] = [];
    // Claimed-ahead items are in claim order, so the long waits are at the front.
    while (this.claimedAhead.length > 0 && this.claimedAhead[0]!.claimedAt < oldestAllowed)
      letGo.push(this.claimedAhead.shift()!.item);
    if (letGo.length > 0) {
      this.options.onLetGo?.(letGo);
      this.options.logger.warn(
        { count: letGo.length, max_wait_ms: maxClaimedWaitMs },
        `let go of ${this.options.name} that waited too long for a slot; they are claimed again when their lease ends`,
      );
    }
  }

  private launchWhileSlotsFree(): void {
    while (this.inFlight < this.options.concurrency && this.claimedAhead.length > 0)
      this.launch(this.claimedAhead.shift()!.item);
  }

  private launch(item: T): void {
    this.inFlight += 1;
    this.options.process(item).then(
      () => this.landed(),
      (error: unknown) => {
        try {
          this.options.onProcessError(item, error);
        } finally {
          this.landed();
        }
      },
    );
  }

  /** An item's processing ended: its slot is free. */
  private landed(): void {
    this.inFlight -= 1;
    this.launchWhileSlotsFree();
    // After a claim that found less than it could take, the loop waits for `wake()` or its poll.
    if (this.waitingForSlots || this.stopped) this.signal.notify();
  }
}
