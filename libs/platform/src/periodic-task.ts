/**
 * Runs `task` every `intervalMs` on an unref'd timer, never two runs at once. The task handles its own
 * errors: a rejection would go unhandled. A task that knows when its next piece of work falls due asks to
 * be woken then (`wakeIn`), so the interval is only the backstop.
 */
export class PeriodicTask<T> {
  private timer: NodeJS.Timeout | undefined;
  private wake: { at: number; timer: NodeJS.Timeout } | undefined;
  private running: Promise<T> | undefined;
  private stopped = false;

  constructor(
    private readonly intervalMs: number,
    private readonly task: () => Promise<T>,
  ) {}

  start(): void {
    this.stopped = false;
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

  /** Runs the task once more after `delayMs`, unless a wake already falls due sooner. */
  wakeIn(delayMs: number): void {
    const at = Date.now() + delayMs;
    if (this.stopped || (this.wake && this.wake.at <= at)) return;
    clearTimeout(this.wake?.timer);
    const timer = setTimeout(() => {
      this.wake = undefined;
      void this.run();
    }, delayMs);
    timer.unref();
    this.wake = { at, timer };
  }

  /** Clears the timers and waits for a run in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.wake?.timer);
    this.wake = undefined;
    await this.running;
  }
}
