import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from './button';
import styles from './dialog.module.css';

/**
 * A modal on the native <dialog>: the browser traps focus in it, Escape closes it, and focus returns to
 * what opened it.
 */
export function Dialog({
  title,
  open,
  onClose,
  children,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby={titleId} onClose={onClose}>
      {open && (
        <>
          <div className={styles.header}>
            <h2 id={titleId}>{title}</h2>
            <Button variant="ghost" size="small" onClick={onClose} aria-label="Close">
              ✕
            </Button>
          </div>
          <div className={styles.body}>{children}</div>
        </>
      )}
    </dialog>
  );
}
