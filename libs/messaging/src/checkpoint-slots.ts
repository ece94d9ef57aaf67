import { poolSizeOf } from '@governance/persistence';
import { type DataSource } from 'typeorm';

/**
 * How many event log consumer batches may hold a checkpoint connection at once on a pool of `poolSize`:
 * fewer than the pool, so their handlers get connections too (docs/decisions/0004-consumer-connection-slots.md).
 */
export function checkpointSlots(poolSize: number): number {
  return Math.max(1, Math.floor((poolSize - 1) / 2));
}

/** A counting semaphore that hands its permits out in the order they were asked for. */
export class Slots {
  private free: number;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly size: number) {
    this.free = size;
  }

  async use<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.free > 0) {
      this.free -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free += 1;
  }
}

// Per pool: the consumer groups of every event source over one DataSource share its budget.
const slotsByPool = new WeakMap<DataSource, Slots>();

export function checkpointSlotsOf(dataSource: DataSource): Slots {
  let slots = slotsByPool.get(dataSource);
  if (!slots) {
    slots = new Slots(checkpointSlots(poolSizeOf(dataSource)));
    slotsByPool.set(dataSource, slots);
  }
  return slots;
}
