import { Inject, Injectable } from '@nestjs/common';
import { UnitOfWork } from '@governance/messaging';
import { deleteInBatches, LOGGER, type Logger, PeriodicJob } from '@governance/platform';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { PeopleRepository } from '../people/people.repository';
import { SessionsService } from '../people/sessions.service';
import { SignInFailuresRepository } from './sign-in-failures.repository';

/** Rows handled per transaction; a larger backlog takes several in a row. */
const SWEEP_BATCH = 500;
/** A wake lands this long after a deadline, so the database's clock has passed it too. */
const WAKE_SLACK_MS = 20;

/**
 * Ends the sessions idle for SESSION_IDLE_TIMEOUT_MS, announcing `session.ended` so every service forgets
 * them: at the first session's idle deadline, so other services refuse an idle session as soon as identity
 * does, and every SESSION_SWEEP_INTERVAL_MS as the backstop. Also deletes failed sign-ins older than the
 * limit's window. Replicas may sweep together: each locks the sessions it ends and skips the others'.
 */
@Injectable()
export class SessionSweep extends PeriodicJob {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly people: PeopleRepository,
    private readonly sessions: SessionsService,
    private readonly failures: SignInFailuresRepository,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    // At start: ends what fell idle while no identity was running, and schedules the first deadline.
    super(logger, { name: 'session sweep', everyMs: config.sessions.sweepIntervalMs, runAtStart: true });
  }

  /** Ends every idle session; returns how many. */
  protected async work(): Promise<number> {
    let ended = 0;
    for (;;) {
      const batch = await this.endIdleSessions();
      ended += batch.ended;
      if (!batch.more) break;
    }
    if (ended > 0) this.logger.info({ count: ended }, 'idle sessions ended');
    const { windowMs } = this.config.signInLimits;
    await deleteInBatches(SWEEP_BATCH, (limit) => this.failures.sweep(windowMs, limit));
    await this.wakeAtNextDeadline();
    return ended;
  }

  /**
   * A session started later falls idle later than one started now, so the wake is never later than one
   * timeout from now, and the first open session's deadline when sooner.
   */
  private async wakeAtNextDeadline(): Promise<void> {
    const { idleTimeoutMs } = this.config.sessions;
    const untilFirst = await this.people.msUntilFirstIdle(idleTimeoutMs);
    this.wakeIn(Math.max(0, Math.min(untilFirst ?? idleTimeoutMs, idleTimeoutMs)) + WAKE_SLACK_MS);
  }

  private endIdleSessions(): Promise<{ ended: number; more: boolean }> {
    return this.unitOfWork.run(async (tx) => {
      const { idleTimeoutMs } = this.config.sessions;
      const idle = await this.people.lockIdleSessions(tx.manager, idleTimeoutMs, SWEEP_BATCH);
      const ended = await this.sessions.end(tx, idle, 'idle');
      return { ended, more: idle.length === SWEEP_BATCH };
    });
  }
}
