import { useState, type ReactNode } from 'react';
import { nextSort, sortRows, type Sort, type SortValue } from './sorting';
import styles from './table.module.css';

/**
 * A column header that sorts its table: a button inside the `th`, which carries `aria-sort`, so a screen
 * reader announces the order and the keyboard reaches it.
 */
export function SortableHeader<Key extends string>({
  column,
  sort,
  onSort,
  children,
  numeric = false,
}: {
  column: Key;
  sort: Sort<Key> | undefined;
  onSort: (sort: Sort<Key>) => void;
  children: ReactNode;
  numeric?: boolean;
}) {
  const direction = sort?.key === column ? sort.direction : undefined;
  return (
    <th scope="col" aria-sort={direction ?? 'none'} className={numeric ? styles.numeric : undefined}>
      <button type="button" className={styles.sortButton} onClick={() => onSort(nextSort(sort, column))}>
        {children}
        <span aria-hidden="true" className={styles.sortMark}>
          {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}

/** Client-side sorting for a table whose rows are all loaded (members, keys, a page of deliveries). */
export function useSortedRows<Row, Key extends string>(
  rows: readonly Row[],
  valueOf: (row: Row, key: Key) => SortValue,
  initial?: Sort<Key>,
): { rows: Row[]; sort: Sort<Key> | undefined; setSort: (sort: Sort<Key>) => void } {
  const [sort, setSort] = useState<Sort<Key> | undefined>(initial);
  return { rows: sortRows(rows, sort, valueOf), sort, setSort };
}
