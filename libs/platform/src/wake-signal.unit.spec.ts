import { listen, sleep, wake, WakeSignal } from './wake-signal';

describe('sleep', () => {
  it('resolves after its time', async () => {
    const started = performance.now();
    await sleep(30);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
  });

  it('resolves at once when its signal aborts, or was aborted before', async () => {
    const stop = new AbortController();
    const started = performance.now();
    const pause = sleep(10_000, stop.signal);
    stop.abort();
    await pause;
    await sleep(10_000, stop.signal);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('WakeSignal', () => {
  it('returns at once after a notify it missed, and waits again after that', async () => {
    const signal = new WakeSignal();
    signal.notify();
    const started = performance.now();
    await signal.wait(10_000);
    expect(performance.now() - started).toBeLessThan(1_000);
    const again = performance.now();
    await signal.wait(30);
    expect(performance.now() - again).toBeGreaterThanOrEqual(25);
  });

  it('returns when notified or aborted while it waits', async () => {
    const signal = new WakeSignal();
    const started = performance.now();
    const waiting = signal.wait(10_000);
    signal.notify();
    await waiting;
    const stop = new AbortController();
    const aborted = signal.wait(10_000, stop.signal);
    stop.abort();
    await aborted;
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('wake and listen', () => {
  it('wake notifies every listener of the name until it closes, and no other', async () => {
    const first = listen('test-wake-a');
    const second = listen('test-wake-a');
    const other = listen('test-wake-b');
    wake('test-wake-a');
    const started = performance.now();
    await Promise.all([first.wait(10_000), second.wait(10_000)]);
    expect(performance.now() - started).toBeLessThan(1_000);
    const otherStarted = performance.now();
    await other.wait(30);
    expect(performance.now() - otherStarted).toBeGreaterThanOrEqual(25);
    first.close();
    wake('test-wake-a');
    const closedStarted = performance.now();
    await first.wait(30);
    expect(performance.now() - closedStarted).toBeGreaterThanOrEqual(25);
    second.close();
    other.close();
  });

  it('a listener of several names wakes on any of them, and closing it stops all', async () => {
    const both = listen(['test-wake-c', 'test-wake-d', 'test-wake-c']);
    for (const name of ['test-wake-c', 'test-wake-d']) {
      wake(name);
      const started = performance.now();
      await both.wait(10_000);
      expect(performance.now() - started).toBeLessThan(1_000);
    }
    both.close();
    wake('test-wake-c');
    wake('test-wake-d');
    const closedStarted = performance.now();
    await both.wait(30);
    expect(performance.now() - closedStarted).toBeGreaterThanOrEqual(25);
  });
});
