import { type ReactNode, useState } from 'react';
import { Button } from './button';
import styles from './pager.module.css';

export interface CursorPages {
  /** The cursor of the page shown: null for the first. */
  cursor: string | null;
  /** Its number, from 1. */
  page: number;
  previous: () => void;
  next: (cursor: string) => void;
}

/**
 * The pages of a keyset-paged list walked so far, as their cursors: "Previous" goes back one. A change of
 * `key` (the filters, the sort) starts over at the first page.
 */
export function useCursorPages(key: string): CursorPages {
  const [pages, setPages] = useState<{ key: string; cursors: Array<string | null> }>({
    key,
    cursors: [null],
  });
  const cursors = pages.key === key ? pages.cursors : [null];
  return {
    cursor: cursors.at(-1) ?? null,
    page: cursors.length,
    previous: () => setPages({ key, cursors: cursors.slice(0, -1) }),
    next: (cursor) => setPages({ key, cursors: [...cursors, cursor] }),
  };
}

/** Previous and next under a list; `nextCursor` is null on the last page and while the next one loads. */
export function Pager({
  label,
  pages,
  nextCursor,
  children,
}: {
  label: string;
  pages: CursorPages;
  nextCursor: string | null | undefined;
  /** What the page shows, after its number: "25 systems shown". */
  children: ReactNode;
}) {
  return (
    <nav className={styles.pager} aria-label={label}>
      <span>
        Page {pages.page} · {children}
      </span>
      <div>
        <Button size="small" disabled={pages.page <= 1} onClick={pages.previous}>
          Previous page
        </Button>
        <Button size="small" disabled={!nextCursor} onClick={() => nextCursor && pages.next(nextCursor)}>
          Next page
        </Button>
      </div>
    </nav>
  );
}
