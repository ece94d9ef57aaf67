/**
 * A wake-up for a polling loop that is not lost when it arrives while nobody waits: `wait` returns at
 * once after a `notify` it missed, else after `notify` or `ms`, whichever comes first.
 */
export class WakeSignal {
  private pending = false;
  private release: (() => void) | undefined;

  notify(): void {
    this.pending = true;
    this.release?.();
  }

  async wait(ms: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.release = done;
    });
    this.release = undefined;
    this.pending = false;
  }
}

/** Resolves after `ms`, or at once when `signal` aborts: a pause that never holds up a shutdown. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
