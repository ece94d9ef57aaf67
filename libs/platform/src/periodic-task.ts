/**
 * Runs `task` every `intervalMs` on an unref'd timer, never two runs at once. The task handles its own
 * errors: a rejection would go unhandled.
 */
export class PeriodicTask<T> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<T> | undefined;

  constructor(
    private readonly intervalMs: number,
    private readonly task: () => Promise<T>,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.run(), this.intervalMs);
    this.timer.unref();
  }

  /** Runs the task now, or joins the run in progress. */
  run(): Promise<T> {
    this.running ??= this.task().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Clears the timer and waits for a run in progress. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
