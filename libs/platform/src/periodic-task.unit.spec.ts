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
});
