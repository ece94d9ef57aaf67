/**
 * Runs `deleteBatch(batchSize)` until a batch deletes fewer rows than asked: retention in bounded batches,
 * never one huge DELETE. Returns how many rows went in all.
 */
export async function deleteInBatches(
  batchSize: number,
  deleteBatch: (limit: number) => Promise<number>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch(batchSize);
    total += deleted;
    if (deleted < batchSize) return total;
  }
}
