import { createLogger } from '@governance/platform';
import {
  Coalesced,
  type ConsumerProgress,
  type Offsets,
  type Positions,
  ReplicaCatchUp,
} from './replica-catch-up';

/** A bus of one partition: `head` grows as records are published, `processed` as the consumer keeps up. */
class FakeProgress implements ConsumerProgress {
  head = 0;
  processedUpTo = 0;
  positionReads = 0;
  processedReads = 0;

  positions(): Promise<Positions> {
    this.positionReads += 1;
    return Promise.resolve({
      head: new Map([[0, this.head]]),
      processed: new Map([[0, this.processedUpTo]]),
      known: this.processedUpTo > 0,
    });
  }

  processed(): Promise<Offsets> {
    this.processedReads += 1;
    return Promise.resolve(new Map([[0, this.processedUpTo]]));
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

const logger = createLogger('catch-up-spec', 'silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('ReplicaCatchUp', () => {
  it('answers a hit without asking the bus', async () => {
    const progress = new FakeProgress();
    const catchUp = new ReplicaCatchUp('svc', progress, { timeoutMs: 1_000, pollIntervalMs: 5 }, logger);
    expect(await catchUp.find('replica', 'topic', () => Promise.resolve('found'))).toBe('found');
    expect(progress.positionReads).toBe(0);
  });

  it('refuses a miss after one head query when the replica is caught up', async () => {
    const progress = new FakeProgress();
    progress.head = progress.processedUpTo = 7;
    const catchUp = new ReplicaCatchUp('svc', progress, { timeoutMs: 1_000, pollIntervalMs: 5 }, logger);
    const lookups: number[] = [];
    expect(await catchUp.find('replica', 'topic', () => Promise.resolve(lookups.push(1) && undefined))).toBe(
      undefined,
    );
    expect([lookups.length, progress.positionReads, progress.processedReads]).toEqual([2, 1, 0]);
  });

  it('waits for the consumer to reach the head, then finds what it wrote', async () => {
    const progress = new FakeProgress();
    progress.head = 3;
    const replica = new Map<string, string>();
    const catchUp = new ReplicaCatchUp('svc', progress, { timeoutMs: 2_000, pollIntervalMs: 5 }, logger);
    const found = catchUp.find('replica', 'topic', () => Promise.resolve(replica.get('key_a')));
    await sleep(30);
    replica.set('key_a', 'org_a');
    progress.processedUpTo = 3;
    expect(await found).toBe('org_a');
  });

  it('gives up after its timeout', async () => {
    const progress = new FakeProgress();
    progress.head = 3;
    const catchUp = new ReplicaCatchUp('svc', progress, { timeoutMs: 50, pollIntervalMs: 5 }, logger);
    const started = Date.now();
    expect(await catchUp.caughtUp('replica', 'topic')).toBe(false);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it("does not wait for another service's group that never consumed the topic", async () => {
    const progress = new FakeProgress();
    progress.head = 3;
    const catchUp = new ReplicaCatchUp('svc', progress, { timeoutMs: 2_000, pollIntervalMs: 5 }, logger);
    const started = Date.now();
    expect(await catchUp.otherGroupCaughtUp('other.group', 'topic')).toBe(true);
    expect(Date.now() - started).toBeLessThan(100);
    progress.processedUpTo = 1;
    const lagging = new ReplicaCatchUp('svc', progress, { timeoutMs: 50, pollIntervalMs: 5 }, logger);
    expect(await lagging.otherGroupCaughtUp('other.group', 'topic')).toBe(false);
  });

  it('shares head queries and progress polls between concurrent misses', async () => {
    const progress = new FakeProgress();
    progress.head = 5;
    const catchUp = new ReplicaCatchUp('svc', progress, { timeoutMs: 2_000, pollIntervalMs: 20 }, logger);
    const waits = Array.from({ length: 200 }, () => catchUp.caughtUp('replica', 'topic'));
    await sleep(70);
    progress.processedUpTo = 5;
    expect(await Promise.all(waits)).toEqual(Array.from({ length: 200 }, () => true));
    // One head query for the first miss, one shared by all that came while it ran.
    expect(progress.positionReads).toBeLessThanOrEqual(2);
    // One polling loop, not one per miss.
    expect(progress.processedReads).toBeLessThan(10);
  });
});

describe('Coalesced', () => {
  it('gives a call made during a run the next run, never an answer read before the call', async () => {
    let value = 0;
    let runs = 0;
    const coalesced = new Coalesced(async () => {
      runs += 1;
      const seen = value;
      await sleep(20);
      return seen;
    });
    const first = coalesced.next();
    value = 1;
    const second = coalesced.next();
    const third = coalesced.next();
    expect(await first).toBe(0);
    expect(await second).toBe(1);
    expect(await third).toBe(1);
    expect(runs).toBe(2);
  });

  it('recovers from a failed run', async () => {
    let fail = true;
    const coalesced = new Coalesced(() => (fail ? Promise.reject(new Error('down')) : Promise.resolve(1)));
    await expect(coalesced.next()).rejects.toThrow('down');
    fail = false;
    expect(await coalesced.next()).toBe(1);
  });
});
