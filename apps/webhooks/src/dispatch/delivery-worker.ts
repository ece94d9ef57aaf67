import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type BeforeApplicationShutdown,
} from '@nestjs/common';
import { ClaimLoop, counter, histogram, LOGGER, type Logger } from '@governance/platform';
import { type WebhooksConfig } from '../config';
import {
  type AttemptRecord,
  type ClaimedAttempt,
  DeliveryRepository,
} from '../deliveries/delivery.repository';
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

interface QueuedRecord {
  record: AttemptRecord;
  settle: () => void;
}

/**
 * Keeps up to `concurrency` attempts in flight. Due attempts are claimed from Postgres with
 * `FOR UPDATE SKIP LOCKED`, so any number of dispatchers can share the work; outcomes are recorded in
 * group commits, one statement for everything that finished while the previous commit ran.
 *
 * Statements are the database's cost per delivery, so a busy dispatcher claims and records in large
 * groups: it claims once a whole `concurrency` of attempts fits, keeping up to twice that claimed ahead,
 * and a slot frees when its response is in, not when its outcome is committed. An attempt claimed ahead
 * that waits too long for a slot (behind slow endpoints) is let go and claimed again after its lease.
 * An attempt stays leased until its outcome commits, so a crash in between makes the same attempt due
 * again, exactly as before.
 * Past `4 × concurrency` outcomes waiting for their commit, attempts keep their slot until it lands, so
 * a slow database slows claims instead of filling memory.
 */
@Injectable()
export class DeliveryWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly loop: ClaimLoop<ClaimedAttempt>;
  private readonly recordQueue: QueuedRecord[] = [];
  private recording: Promise<void> | undefined;
  /** Outcomes queued or being committed. */
  private unrecorded = 0;
  private readonly maxUnrecorded: number;

  constructor(
    private readonly deliveries: DeliveryRepository,
    private readonly executor: DeliveryAttemptExecutor,
    @Inject(WEBHOOKS_CONFIG) config: WebhooksConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    const { concurrency, pollIntervalMs, claimLeaseMs, timeoutMs } = config.dispatch;
    this.maxUnrecorded = 4 * concurrency;
    this.loop = new ClaimLoop({
      name: 'deliveries',
      concurrency,
      pollIntervalMs,
      minimumClaim: concurrency,
      claimAhead: 2 * concurrency,
      // Half of what the lease leaves beyond one attempt's time-out: an attempt that waited this long and
      // then ran to its time-out still has the other half to record its outcome before the lease ends.
      maxClaimedWaitMs: (claimLeaseMs - timeoutMs) / 2,
      claim: (capacity) => this.deliveries.claimDue(capacity, claimLeaseMs),
      process: async (claim) => {
        const recorded = this.record(await this.executor.execute(claim));
        if (this.unrecorded > this.maxUnrecorded) await recorded;
      },
      // The attempt stays claimed; when its lease ends the same attempt is made again.
      onProcessError: (claim, error) =>
        this.logger.error({ err: error, delivery_id: claim.deliveryId }, 'attempt not recorded'),
      logger,
    });
  }

  /** New deliveries are waiting; claim without waiting for the next poll. */
  wake(): void {
    this.loop.wake();
  }

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  /** Stops claiming, then lets every attempt in flight finish and be recorded. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.loop.stop();
    await this.recording;
  }

  private record(record: AttemptRecord): Promise<void> {
    attemptsTotal.inc({
      ...SERVICE,
      result: record.statusCode !== null && record.outcome === 'succeeded' ? 'succeeded' : 'failed',
    });
    attemptSeconds.observe(SERVICE, record.responseTimeMs / 1000);
    this.unrecorded += 1;
    return new Promise((resolve) => {
      this.recordQueue.push({ record, settle: resolve });
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
        for (const { record } of batch)
          if (record.outcome !== 'pending') deliveriesTotal.inc({ ...SERVICE, outcome: record.outcome });
      } catch (error) {
        this.logger.error(
          { err: error, count: batch.length },
          'could not record attempts; they will be retried after their lease',
        );
      } finally {
        this.unrecorded -= batch.length;
        for (const queued of batch) queued.settle();
      }
    }
  }
}
