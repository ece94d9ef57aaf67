import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { UnitOfWork } from '@governance/messaging';
import { deleteInBatches, LOGGER, type Logger, PeriodicTask } from '@governance/platform';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { PeopleRepository } from '../people/people.repository';
import { SessionsService } from '../people/sessions.service';
import { SignInFailuresRepository } from './sign-in-failures.repository';

/** Rows handled per transaction; a larger backlog takes several in a row. */
const SWEEP_BATCH = 500;

/**
 * Every SESSION_SWEEP_INTERVAL_MS: ends the sessions idle for SESSION_IDLE_TIMEOUT_MS (announcing
 * `session.ended`, so every service forgets them), and deletes failed sign-ins older than the limit's
 * window. Replicas may sweep together: each locks the sessions it ends and skips the others'.
 */
@Injectable()
export class SessionSweep implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly sweeps: PeriodicTask<number>;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly people: PeopleRepository,
    private readonly sessions: SessionsService,
    private readonly failures: SignInFailuresRepository,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.sweeps = new PeriodicTask(config.sessions.sweepIntervalMs, () => this.sweepAll());
  }

  onApplicationBootstrap(): void {
    this.sweeps.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.sweeps.stop();
  }

  /** Sweeps now, or joins the sweep in progress; returns how many sessions it ended. */
  sweep(): Promise<number> {
    return this.sweeps.run();
  }

  private async sweepAll(): Promise<number> {
    let ended = 0;
    try {
      for (;;) {
        const batch = await this.endIdleSessions();
        ended += batch.ended;
        if (!batch.more) break;
      }
      const { windowMs } = this.config.signInLimits;
      await deleteInBatches(SWEEP_BATCH, (limit) => this.failures.sweep(windowMs, limit));
    } catch (error) {
      this.logger.warn({ err: error }, 'session sweep failed; will retry next interval');
    }
    if (ended > 0) this.logger.info({ count: ended }, 'idle sessions ended');
    return ended;
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
