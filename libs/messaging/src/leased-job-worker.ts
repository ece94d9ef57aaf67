import { type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { ClaimLoop, type Logger } from '@governance/platform';
import { type Counter } from 'prom-client';
import { type EntityManager } from 'typeorm';
import { type Transaction, type UnitOfWork } from './unit-of-work';

/** A job as one claim took it: `claim` counts the claims so far, and fences a claim that was taken over. */
export interface LeasedJob {
  claim: number;
}

/** The job table's SQL, in the service's repository. */
export interface LeasedJobQueue<J extends LeasedJob> {
  /** Claims at most `capacity` due jobs, queued or with an ended lease, under a new lease. */
  claim(capacity: number, leaseMs: number): Promise<J[]>;
  /** Locks the job in the caller's transaction if `job`'s claim is still the current one. */
  lockClaim(manager: EntityManager, job: J): Promise<boolean>;
  markFailed(manager: EntityManager, job: J, error: string, at: Date): Promise<void>;
}

/** What a job's work ends in: its result to commit, or why it failed for good. */
export type JobOutcome = { outcome: string; commit(tx: Transaction): Promise<void> } | { failed: string };

export interface LeasedJobSettings {
  concurrency: number;
  pollIntervalMs: number;
  claimLeaseMs: number;
}

interface LeasedJobDefinition<J extends LeasedJob> {
  /** Counts finished jobs by outcome; `service` labels it. */
  outcomes: Counter<'service' | 'outcome'>;
  service: string;
  /** What one job is, for messages and the metric: `assessment`, `report`. */
  noun: string;
  /** Log fields naming the job. */
  logFields(job: J): Record<string, unknown>;
  queue: LeasedJobQueue<J>;
  settings: LeasedJobSettings;
  /** A job whose worker died this many times is failed rather than tried again. */
  maxClaims: number;
  /** Told when a job starts and once its outcome committed: the console follows jobs live. */
  announce?: (job: J) => void;
}

/**
 * A Postgres job queue's worker: up to `concurrency` jobs at once, each claimed under a lease, so a job
 * whose worker died is taken over when its lease ends. The work runs outside any transaction; its result
 * commits only while the claim is still the current one, so a job taken over is never recorded twice.
 */
export abstract class LeasedJobWorker<J extends LeasedJob>
  implements OnApplicationBootstrap, BeforeApplicationShutdown
{
  private readonly loop: ClaimLoop<J>;

  protected constructor(
    private readonly definition: LeasedJobDefinition<J>,
    private readonly unitOfWork: UnitOfWork,
    protected readonly logger: Logger,
  ) {
    const { queue, settings } = definition;
    this.loop = new ClaimLoop({
      name: `${definition.noun}s`,
      concurrency: settings.concurrency,
      pollIntervalMs: settings.pollIntervalMs,
      claim: (capacity) => queue.claim(capacity, settings.claimLeaseMs),
      process: (job) => this.process(job),
      // Left running under its lease: another claim retries it, up to maxClaims times.
      onProcessError: (job, error) =>
        logger.error({ err: error, ...definition.logFields(job) }, `${definition.noun} not recorded`),
      logger,
    });
  }

  /**
   * Does the job's work. A job that cannot succeed answers `{ failed }`; a throw (the database or storage
   * away) leaves it claimed, and its lease decides when it is tried again.
   */
  protected abstract work(job: J): Promise<JobOutcome>;

  /**
   * Records, in the transaction that marks the job failed, anything else its failure changes: an
   * audit entry (`tx.audit`). Nothing by default.
   */
  protected onFailed(_tx: Transaction, _job: J, _error: string): void {}

  /** A job was queued; claim it without waiting for the next poll. */
  wake(): void {
    this.loop.wake();
  }

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  /** Stops claiming and lets running jobs finish; an unfinished one is taken over after its lease. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.loop.stop();
  }

  private async process(job: J): Promise<void> {
    const { noun, maxClaims, queue, outcomes, service, announce } = this.definition;
    announce?.(job);
    const result: JobOutcome =
      job.claim > maxClaims
        ? { failed: `The ${noun} was abandoned after ${maxClaims} interrupted attempts` }
        : await this.work(job);
    const recorded = await this.unitOfWork.run(async (tx) => {
      if (!(await queue.lockClaim(tx.manager, job))) return false;
      if ('failed' in result) {
        await queue.markFailed(tx.manager, job, result.failed, new Date());
        this.onFailed(tx, job, result.failed);
      } else await result.commit(tx);
      return true;
    });
    if (!recorded) return;
    outcomes.inc({ service, outcome: 'failed' in result ? 'failed' : result.outcome });
    announce?.(job);
  }
}
