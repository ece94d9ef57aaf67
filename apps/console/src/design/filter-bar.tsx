import { type CSSProperties, type FormEvent, type ReactNode } from 'react';
import styles from './filter-bar.module.css';

/**
 * The filters above a list, as a search landmark named by `label`. `columns` is the wide layout's
 * grid-template-columns; on a phone the fields stack. With `onSubmit` the bar is a form (fields applied
 * on Enter or by a button), else its fields apply as they change.
 */
export function FilterBar({
  label,
  columns,
  onSubmit,
  children,
}: {
  label: string;
  columns: string;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const style = { '--filter-columns': columns } as CSSProperties;
  return onSubmit ? (
    <form className={styles.bar} style={style} role="search" aria-label={label} onSubmit={onSubmit}>
      {children}
    </form>
  ) : (
    <div className={styles.bar} style={style} role="search" aria-label={label}>
      {children}
    </div>
  );
}
