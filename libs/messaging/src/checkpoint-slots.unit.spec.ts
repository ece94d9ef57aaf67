import { checkpointSlots, Slots } from './checkpoint-slots';

describe('checkpointSlots', () => {
  it.each([
    [2, 1],
    [3, 1],
    [5, 2],
    [10, 4],
    [20, 9],
  ])('on a pool of %i lets %i batches hold a connection', (pool, slots) => {
    expect(checkpointSlots(pool)).toBe(slots);
  });

  it('leaves holders and one handler connection each below the pool, HTTP keeping one', () => {
    for (let pool = 3; pool <= 200; pool += 1) expect(2 * checkpointSlots(pool)).toBeLessThan(pool);
  });
});

describe('Slots', () => {
  it('runs at most its size at once and hands slots out in order', async () => {
    const slots = new Slots(2);
    const order: number[] = [];
    let running = 0;
    let most = 0;
    await Promise.all(
      [0, 1, 2, 3, 4].map((index) =>
        slots.use(async () => {
          running += 1;
          most = Math.max(most, running);
          order.push(index);
          await new Promise((resolve) => setTimeout(resolve, 5));
          running -= 1;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });

  it('frees the slot of work that throws', async () => {
    const slots = new Slots(1);
    await expect(slots.use(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(slots.use(() => Promise.resolve(7))).resolves.toBe(7);
  });
});
