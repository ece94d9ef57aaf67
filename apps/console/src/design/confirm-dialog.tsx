import { type ReactNode } from 'react';
import { problemMessage } from '../api/problem';
import { Button } from './button';
import { Dialog } from './dialog';
import { Alert } from './surface';
import styles from './confirm-dialog.module.css';

/** "Are you sure?" for what cannot be undone: the consequence, the refusal if any, and two buttons. */
export function ConfirmDialog({
  title,
  open,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  open: boolean;
  confirmLabel: string;
  busy: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog title={title} open={open} onClose={onClose}>
      <div className={styles.confirm}>
        {error ? (
          <Alert tone="danger" title="This was refused.">
            {problemMessage(error)}
          </Alert>
        ) : null}
        <p>{children}</p>
        <div className={styles.actions}>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="danger" disabled={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
