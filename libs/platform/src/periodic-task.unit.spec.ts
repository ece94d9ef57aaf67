import { PeriodicTask } from './periodic-task';

describe('PeriodicTask', () => {
  it('joins a run in progress instead of starting a second one', async () => {
    let runs = 0;
    let finish: (value: number) => void = () => undefined;
    const task = new PeriodicTask(60_000, () => {
      runs += 1;
      return new Promise<number>((resolve) => (finish = resolve));
    });

    const first = task.run();
    const second = task.run();
    finish(7);

    await expect(Promise.all([first, second])).resolves.toEqual([7, 7]);
    expect(runs).toBe(1);
    const third = task.run();
    finish(8);
    await expect(third).resolves.toBe(8);
    expect(runs).toBe(2);
  });

  it('runs on its interval until stopped, and stop waits for the run in progress', async () => {
    // Fake timers: on a loaded machine real ones may fire fewer times than the interval says.
    jest.useFakeTimers();
    try {
      let runs = 0;
      let finished = 0;
      const task = new PeriodicTask(10, async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        finished += 1;
      });

      task.start();
      await jest.advanceTimersByTimeAsync(102);
      expect(runs).toBe(10);
      const stopped = task.stop();
      await jest.advanceTimersByTimeAsync(5);
      await stopped;
      expect(finished).toBe(runs);
      await jest.advanceTimersByTimeAsync(50);
      expect(runs).toBe(10);
    } finally {
      jest.useRealTimers();
    }
  });

  it('wakes once at the earliest time it was asked for, besides its interval, and not after stop', async () => {
    jest.useFakeTimers();
    try {
      const ranAt: number[] = [];
      const task = new PeriodicTask(1_000, async () => {
        ranAt.push(Date.now());
      });
      const start = Date.now();
      task.start();
      task.wakeIn(300);
      task.wakeIn(100); // sooner: replaces the 300 ms wake
      task.wakeIn(500); // later than the pending wake: ignored
      await jest.advanceTimersByTimeAsync(1_050);
      expect(ranAt.map((at) => at - start)).toEqual([100, 1_000]);

      await task.stop();
      task.wakeIn(10);
      await jest.advanceTimersByTimeAsync(2_000);
      expect(ranAt).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });
});
