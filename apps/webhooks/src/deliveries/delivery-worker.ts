import { AsyncResource } from 'node:async_hooks';
import { LiveChanges } from '@governance/persistence';
import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type BeforeApplicationShutdown,
} from '@nestjs/common';
import { ClaimLoop, counter, histogram, LOGGER, type Logger, PeriodicTask } from '@governance/platform';
import { type WebhooksConfig } from '../config';
import {
  type AttemptRecord,
  type ClaimedAttempt,
  DeliveryQueueRepository,
} from './delivery-queue.repository';
import { WEBHOOKS_CONFIG } from '../webhooks.tokens';
import { DeliveryAttemptExecutor } from './delivery-attempt.executor';

const RECORD_BATCH = 500;
const SERVICE = { service: 'webhooks' } as const;

const attemptsTotal = counter({
  name: 'webhook_attempts_total',
  help: 'Delivery attempts by result',
  labelNames: ['service', 'result'],
});
const deliveriesTotal = counter({
  name: 'webhook_deliveries_total',
  help: 'Deliveries finished, by outcome',
  labelNames: ['service', 'outcome'],
});
const attemptSeconds = histogram({
  name: 'webhook_attempt_duration_seconds',
  help: 'Delivery attempt latency, request sent to response read',
  labelNames: ['service'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
});

/**
 * Places the dispatcher reserved for new deliveries, which their fan-out creates leased to it for
 * `leaseMs`, as a claim would; `DeliveryWorker.handOver` must follow, once.
 */
export interface DeliveryHandOff {
  places: number;
  leaseMs: number;
}

interface QueuedRecord {
  claim: ClaimedAttempt;
  record: AttemptRecord;
  settle: () => void;
}

/**
 * Keeps up to `concurrency` attempts in flight, claimed with `FOR UPDATE SKIP LOCKED` so any number of
 * dispatchers share the work, and records outcomes in group commits. It claims and records in large
 * groups, since statements are the database's cost per delivery (docs/decisions/0001-dispatch-in-groups.md);
 * an attempt stays leased, its lease renewed, until its outcome commits. The first attempts of the
 * deliveries this process fans out come leased to it already (`reserve`, `handOver`), with no claim.
 */
@Injectable()
export class DeliveryWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly loop: ClaimLoop<ClaimedAttempt>;
  private readonly recordQueue: QueuedRecord[] = [];
  private recording: Promise<void> | undefined;
  /** Outcomes queued or being committed. */
  private unrecorded = 0;
  private readonly maxUnrecorded: number;
  /**
   * Attempts this dispatcher holds a lease on, from claim until their outcome commits (or they are let
   * go), by delivery id. Their leases are renewed while they are here; an attempt whose lease could not
   * be renewed leaves, and is not sent if it has not started.
   */
  private readonly held = new Map<string, ClaimedAttempt>();
  private readonly claimLeaseMs: number;
  private readonly renewals: PeriodicTask<void>;
  /** Runs work in the dispatcher's own async context, not its caller's (a fan-out's consumer span). */
  private readonly inOwnContext = AsyncResource.bind((work: () => void) => work());

  constructor(
    private readonly deliveries: DeliveryQueueRepository,
    private readonly executor: DeliveryAttemptExecutor,
    private readonly live: LiveChanges,
    @Inject(WEBHOOKS_CONFIG) config: WebhooksConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    const { concurrency, pollIntervalMs, claimLeaseMs, claimRenewMs, timeoutMs } = config.dispatch;
    this.maxUnrecorded = 4 * concurrency;
    this.claimLeaseMs = claimLeaseMs;
    this.renewals = new PeriodicTask(claimRenewMs, () => this.renewLeases());
    this.loop = new ClaimLoop({
      name: 'deliveries',
      concurrency,
      pollIntervalMs,
      minimumClaim: concurrency,
      claimAhead: 2 * concurrency,
      // Leases are renewed, so a wait cannot outlast one; half a time-out hands attempts stuck behind
      // slow endpoints back to dispatchers with free slots.
      maxClaimedWaitMs: timeoutMs / 2,
      onLetGo: (claims) => claims.forEach((claim) => this.release(claim)),
      claim: async (capacity) => {
        const claims = await this.deliveries.claimDue(capacity, claimLeaseMs);
        for (const claim of claims) this.held.set(claim.deliveryId, claim);
        return claims;
      },
      process: async (claim) => {
        // Its lease ended while it waited for a slot (renewals failed): it is another claim's to make.
        if (this.held.get(claim.deliveryId) !== claim) return;
        const recorded = this.record(claim, await this.executor.execute(claim));
        if (this.unrecorded > this.maxUnrecorded) await recorded;
      },
      // The attempt is let go; when its lease ends the same attempt is made again.
      onProcessError: (claim, error) => {
        this.release(claim);
        this.logger.error({ err: error, delivery_id: claim.deliveryId }, 'attempt not recorded');
      },
      logger,
    });
  }

  /** New deliveries are waiting; claim without waiting for the next poll. */
  wake(): void {
    this.loop.wake();
  }

  /**
   * Places for up to `count` new deliveries to be created leased to this dispatcher, as many as its
   * slots and claim-ahead queue have free (none while it stops): the rest are created due, for a claim.
   */
  reserve(count: number): DeliveryHandOff {
    return { places: this.loop.reserve(count), leaseMs: this.claimLeaseMs };
  }

  /**
   * The leased first attempts of deliveries whose creation committed, into the places reserved (with
   * none when it rolled back). From here they are held like claimed attempts: renewed, sent, recorded.
   */
  handOver(handOff: DeliveryHandOff, attempts: ClaimedAttempt[]): void {
    for (const attempt of attempts) this.held.set(attempt.deliveryId, attempt);
    this.inOwnContext(() => this.loop.handOver(handOff.places, attempts));
  }

  onApplicationBootstrap(): void {
    this.loop.start();
    this.renewals.start();
  }

  /** Stops claiming, then lets every attempt in flight finish and be recorded, renewing their leases. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.loop.stop();
    await this.recording;
    await this.renewals.stop();
  }

  private release(claim: ClaimedAttempt): void {
    if (this.held.get(claim.deliveryId) === claim) this.held.delete(claim.deliveryId);
  }

  /**
   * Extends the lease of every attempt held. A failed renewal is tried again at the next tick; the lease
   * is long enough for two. Attempts whose lease had already ended are let go.
   */
  private async renewLeases(): Promise<void> {
    const claims = [...this.held.values()];
    if (claims.length === 0) return;
    try {
      const kept = await this.deliveries.renewLeases(claims, this.claimLeaseMs);
      const lost = claims.filter(
        (claim) => !kept.has(claim.deliveryId) && this.held.get(claim.deliveryId) === claim,
      );
      for (const claim of lost) this.release(claim);
      if (lost.length > 0)
        this.logger.debug({ count: lost.length }, 'leases no longer held: recorded, or taken over');
    } catch (error) {
      this.logger.warn({ err: error, count: claims.length }, 'could not renew delivery leases; retrying');
    }
  }

  private record(claim: ClaimedAttempt, record: AttemptRecord): Promise<void> {
    attemptsTotal.inc({
      ...SERVICE,
      result: record.statusCode !== null && record.outcome === 'succeeded' ? 'succeeded' : 'failed',
    });
    attemptSeconds.observe(SERVICE, record.responseTimeMs / 1000);
    this.unrecorded += 1;
    return new Promise((resolve) => {
      this.recordQueue.push({ claim, record, settle: resolve });
      this.recording ??= this.flush().finally(() => {
        this.recording = undefined;
      });
    });
  }

  private async flush(): Promise<void> {
    while (this.recordQueue.length > 0) {
      const batch = this.recordQueue.splice(0, RECORD_BATCH);
      try {
        await this.deliveries.recordAttempts(batch.map((queued) => queued.record));
        for (const { claim, record } of batch) {
          if (record.outcome !== 'pending') deliveriesTotal.inc({ ...SERVICE, outcome: record.outcome });
          this.live.changed(claim.organizationId, 'deliveries');
        }
      } catch (error) {
        this.logger.error(
          { err: error, count: batch.length },
          'could not record attempts; they will be retried after their lease',
        );
      } finally {
        this.unrecorded -= batch.length;
        // Recorded, or not (then its lease ends and the attempt is made again): no longer held.
        for (const queued of batch) {
          this.release(queued.claim);
          queued.settle();
        }
      }
    }
  }
}
