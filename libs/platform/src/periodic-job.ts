import { type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { type Logger } from './logger';
import { PeriodicTask } from './periodic-task';

export interface JobSchedule {
  /** Names the job in its logs: "session sweep", "delivery retention". */
  name: string;
  everyMs: number;
  /** Runs once as the application starts, for work that fell due while no process ran. */
  runAtStart?: boolean;
}

/**
 * A service's job on a timer (sweeps, retention): started with the application, stopped before it shuts
 * down with a run in progress awaited, never two runs at once. A run that fails is logged and the next one
 * tries again. Subclasses say what one run does; `run()` runs it now or joins the run in progress.
 */
export abstract class PeriodicJob implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly task: PeriodicTask<number>;

  protected constructor(
    protected readonly logger: Logger,
    private readonly schedule: JobSchedule,
  ) {
    this.task = new PeriodicTask(schedule.everyMs, () =>
      this.work().catch((error: unknown) => {
        logger.warn({ err: error, job: schedule.name }, `${schedule.name} failed; the next run tries again`);
        return 0;
      }),
    );
  }

  /** One run; resolves with how much it did (rows deleted, sessions ended) for logs and tests. */
  protected abstract work(): Promise<number>;

  onApplicationBootstrap(): void {
    this.task.start();
    if (this.schedule.runAtStart) void this.task.run();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  run(): Promise<number> {
    return this.task.run();
  }

  /** Runs once more after `delayMs` (sooner than the schedule), unless a wake already falls due sooner. */
  protected wakeIn(delayMs: number): void {
    this.task.wakeIn(delayMs);
  }
}
