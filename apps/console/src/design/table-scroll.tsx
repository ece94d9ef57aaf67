import { type ReactNode } from 'react';
import styles from './table.module.css';

/**
 * A table's frame, which scrolls sideways where the screen is narrower than the table (a phone): the
 * page itself never does. It takes focus, so a keyboard can scroll it too (WCAG 2.1.1).
 */
export function TableScroll({ children }: { children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable
    <div className={styles.wrap} tabIndex={0}>
      {children}
    </div>
  );
}
