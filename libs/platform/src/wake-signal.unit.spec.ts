import { sleep } from './wake-signal';

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
