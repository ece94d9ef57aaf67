/** A table's sort: the column's key and the direction, as `aria-sort` names it. */
export interface Sort<Key extends string> {
  key: Key;
  direction: 'ascending' | 'descending';
}

export type SortValue = string | number | boolean | null | undefined;

/** The next sort when a person activates a column's header: a new column ascends, the same one flips. */
export function nextSort<Key extends string>(current: Sort<Key> | undefined, key: Key): Sort<Key> {
  if (current?.key !== key) return { key, direction: 'ascending' };
  return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compare(left: SortValue, right: SortValue): number {
  // Missing values go last whichever way the column is sorted.
  if (left == null || left === '') return right == null || right === '' ? 0 : 1;
  if (right == null || right === '') return -1;
  if (typeof left === 'string' && typeof right === 'string') return collator.compare(left, right);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** The rows in `sort`'s order (a stable copy); `valueOf` reads a row's value for a column. */
export function sortRows<Row, Key extends string>(
  rows: readonly Row[],
  sort: Sort<Key> | undefined,
  valueOf: (row: Row, key: Key) => SortValue,
): Row[] {
  if (!sort) return [...rows];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      const left = valueOf(a.row, sort.key);
      const right = valueOf(b.row, sort.key);
      const missing = left == null || left === '' || right == null || right === '';
      return (missing ? compare(left, right) : sign * compare(left, right)) || a.index - b.index;
    })
    .map(({ row }) => row);
}
