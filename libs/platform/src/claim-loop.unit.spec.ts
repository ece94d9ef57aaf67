import { ClaimLoop } from './claim-loop';
import { createLogger } from './logger';

/** A queue of numbered items behind a claim that may be told to fail. */
function queue(items: number) {
  const due = Array.from({ length: items }, (_, i) => i);
  const state = { claims: [] as number[], failuresLeft: 0 };
  return {
    state,
    claim: (capacity: number): Promise<number[]> => {
      state.claims.push(capacity);
      if (state.failuresLeft > 0) {
        state.failuresLeft -= 1;
        return Promise.reject(new Error('database unavailable'));
      }
      return Promise.resolve(due.splice(0, capacity));
    },
  };
}

const logger = createLogger('claim-loop-spec', 'silent');
const tick = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A `process` that takes `ms` per item, noting the most items it ever had at once and those done. */
function timedProcess(ms: number) {
  const state = { inFlight: 0, most: 0, done: [] as number[] };
  const process = async (item: number): Promise<void> => {
    state.inFlight += 1;
    state.most = Math.max(state.most, state.inFlight);
    await tick(ms);
    state.inFlight -= 1;
    state.done.push(item);
  };
  return { state, process };
}

describe('ClaimLoop', () => {
  it('never has more than `concurrency` items in flight, and processes every item', async () => {
    const source = queue(10);
    const { state, process } = timedProcess(5);
    const loop = new ClaimLoop<number>({
      name: 'items',
      concurrency: 3,
      pollIntervalMs: 5,
      claim: source.claim,
      process,
      onProcessError: () => undefined,
      logger,
    });
    loop.start();
    while (state.done.length < 10) await tick(5);
    await loop.stop();
    expect(state.most).toBe(3);
    expect(state.done.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(Math.max(...source.state.claims)).toBeLessThanOrEqual(3);
  });

  it('claims only once `minimumClaim` slots are free while work is in flight', async () => {
    const source = queue(40);
    const loop = new ClaimLoop<number>({
      name: 'items',
      concurrency: 8,
      pollIntervalMs: 5,
      minimumClaim: 4,
      claim: source.claim,
      process: () => tick(3),
      onProcessError: () => undefined,
      logger,
    });
    loop.start();
    await tick(100);
    await loop.stop();
    expect(source.state.claims.length).toBeGreaterThan(2);
    expect(source.state.claims.every((capacity) => capacity >= 4)).toBe(true);
  });

  it('claims up to `claimAhead` items beyond its slots, and starts them only as slots free', async () => {
    const source = queue(30);
    const { state, process } = timedProcess(3);
    const loop = new ClaimLoop<number>({
      name: 'items',
      concurrency: 2,
      claimAhead: 4,
      pollIntervalMs: 5,
      claim: source.claim,
      process,
      onProcessError: () => undefined,
      logger,
    });
    loop.start();
    while (state.done.length < 30) await tick(5);
    await loop.stop();
    expect(state.most).toBe(2);
    // The first claim fills the slots and the items waiting behind them.
    expect(source.state.claims[0]).toBe(6);
    expect(Math.max(...source.state.claims)).toBeLessThanOrEqual(6);
    // Items start in the order they were claimed.
    expect(state.done.slice(0, 2).sort((a, b) => a - b)).toEqual([0, 1]);
    expect(state.done.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i));
  });

  it('lets go of items claimed ahead that waited longer than `maxClaimedWaitMs` for a slot', async () => {
    const source = queue(3);
    const { state, process } = timedProcess(60);
    const letGo: number[] = [];
    const loop = new ClaimLoop<number>({
      name: 'items',
      concurrency: 1,
      claimAhead: 2,
      maxClaimedWaitMs: 30,
      onLetGo: (items) => letGo.push(...items),
      pollIntervalMs: 5,
      claim: source.claim,
      process,
      onProcessError: () => undefined,
      logger,
    });
    loop.start();
    await tick(150);
    await loop.stop();
    // 1 and 2 waited 60 ms behind 0; left to their lease, they are not processed here.
    expect(source.state.claims[0]).toBe(3);
    expect(state.done).toEqual([0]);
    expect(letGo).toEqual([1, 2]);
  });

  it('on stop, processes the items claimed ahead as well as those in flight', async () => {
    const source = queue(5);
    const { state, process } = timedProcess(20);
    const loop = new ClaimLoop<number>({
      name: 'items',
      concurrency: 1,
      claimAhead: 4,
      pollIntervalMs: 5,
      claim: source.claim,
      process,
      onProcessError: () => undefined,
      logger,
    });
    loop.start();
    await tick(5);
    await loop.stop();
    expect(state.done).toEqual([0, 1, 2, 3, 4]);
    expect(source.state.claims).toEqual([5]);
  });

  it('waits for the items in flight on stop, and claims nothing after', async () => {
    const source = queue(2);
    const { state, process } = timedProcess(50);
    const loop = new ClaimLoop<number>({
      name: 'items',
      concurrency: 2,
      pollIntervalMs: 5,
      claim: source.claim,
      process,
      onProcessError: () => undefined,
      logger,
    });
    loop.start();
    await tick(10);
    await loop.stop();
    expect(state.done.sort()).toEqual([0, 1]);
    const claims = source.state.claims.length;
    await tick(30);
    expect(source.state.claims).toHaveLength(claims);
  });

  it('retries a failed claim after a back-off, and hands a failed item to onProcessError', async () => {
    const source = queue(1);
    source.state.failuresLeft = 2;
    const errors: Array<[number, string]> = [];
    const loop = new ClaimLoop<number>({
      name: 'items',
      concurrency: 1,
      pollIntervalMs: 5,
      claim: source.claim,
      process: () => Promise.reject(new Error('not recorded')),
      onProcessError: (item, error) => errors.push([item, (error as Error).message]),
      logger,
    });
    loop.start();
    while (errors.length === 0) await tick(10);
    await loop.stop();
    // Two failures back off 200 ms and 400 ms before the third claim succeeds.
    expect(source.state.claims.length).toBeGreaterThanOrEqual(3);
    expect(errors).toEqual([[0, 'not recorded']]);
  });

  it('wake() makes an idle loop look at once instead of at the next poll', async () => {
    const source = queue(0);
    const loop = new ClaimLoop<number>({
      name: 'items',
      concurrency: 1,
      pollIntervalMs: 60_000,
      claim: source.claim,
      process: () => Promise.resolve(),
      onProcessError: () => undefined,
      logger,
    });
    loop.start();
    await tick(10);
    const before = source.state.claims.length;
    loop.wake();
    await tick(10);
    expect(source.state.claims.length).toBe(before + 1);
    await loop.stop();
  });

  it('hands items leased elsewhere into reserved places, within the bounds of a claim, without claiming', async () => {
    const source = queue(0);
    const { state, process } = timedProcess(20);
    const loop = new ClaimLoop<number>({
      name: 'items',
      concurrency: 2,
      claimAhead: 2,
      pollIntervalMs: 60_000,
      claim: source.claim,
      process,
      onProcessError: () => undefined,
      logger,
    });
    loop.start();
    await tick(5);
    const claimsAtStart = source.state.claims.length;
    const first = loop.reserve(3);
    // Four places in all; the fourth is the only one left.
    expect(first).toBe(3);
    expect(loop.reserve(5)).toBe(1);
    expect(loop.reserve(1)).toBe(0);
    loop.handOver(first, [10, 11, 12]);
    loop.handOver(1, []);
    while (state.done.length < 3) await tick(5);
    expect(state.most).toBe(2);
    expect(state.done.sort()).toEqual([10, 11, 12]);
    // Nothing was due: handed-over items and the slots they freed made no claim.
    expect(source.state.claims).toHaveLength(claimsAtStart);
    await loop.stop();
  });

  it('on stop, reserves nothing more and waits for reserved places to be handed over', async () => {
    const { state, process } = timedProcess(5);
    const loop = new ClaimLoop<number>({
      name: 'items',
      concurrency: 1,
      pollIntervalMs: 5,
      claim: queue(0).claim,
      process,
      onProcessError: () => undefined,
      logger,
    });
    loop.start();
    const places = loop.reserve(1);
    expect(places).toBe(1);
    const stopped = loop.stop();
    expect(loop.reserve(1)).toBe(0);
    await tick(20);
    loop.handOver(places, [7]);
    await stopped;
    expect(state.done).toEqual([7]);
  });
});
