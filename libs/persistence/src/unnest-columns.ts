/**
 * Rows as the column arrays that `unnest($1::t1[], $2::t2[], …)` turns back into them: one statement
 * writes a batch of any size, with a parameter per column rather than per value.
 */
export function unnestColumns<T>(rows: readonly T[], columnsOf: (row: T) => unknown[]): unknown[][] {
  const columns: unknown[][] = [];
  for (const row of rows) columnsOf(row).forEach((value, index) => (columns[index] ??= []).push(value));
  return columns;
}
