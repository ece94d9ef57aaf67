import { deleteInBatches } from './batched-delete';

describe('deleteInBatches', () => {
  it('asks for full batches until one comes back short, and counts every row', async () => {
    const asked: number[] = [];
    const answers = [3, 3, 1];
    const total = await deleteInBatches(3, (limit) => {
      asked.push(limit);
      return Promise.resolve(answers.shift()!);
    });
    expect([total, asked]).toEqual([7, [3, 3, 3]]);
  });

  it('stops after one batch when nothing is left', async () => {
    let calls = 0;
    expect(await deleteInBatches(100, () => Promise.resolve((calls += 1) && 0))).toBe(0);
    expect(calls).toBe(1);
  });
});
