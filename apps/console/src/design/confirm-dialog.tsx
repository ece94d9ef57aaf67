import { type ReactNode } from 'react';
import { problemMessage } from '../api/problem';
import { Button } from './button';
import { Dialog } from './dialog';
import { TextAreaField } from './field';
import { Alert } from './surface';
import styles from './confirm-dialog.module.css';

/** The API's bound on a change's reason (REASON_MAX_LENGTH in libs/platform). */
export const REASON_MAX_LENGTH = 500;

/**
 * "Are you sure?" for what cannot be undone or is risky: the consequence, the refusal if any, and two
 * buttons. With `reason`, the person may say why; the API keeps it in the audit trail with the change.
 */
export function ConfirmDialog({
  title,
  open,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onClose,
  reason,
  children,
}: {
  title: string;
  open: boolean;
  confirmLabel: string;
  busy: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
  reason?: { value: string; onChange: (value: string) => void };
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
        {reason && (
          <TextAreaField
            label="Reason"
            optional
            rows={2}
            maxLength={REASON_MAX_LENGTH}
            hint="Kept in the audit log with the change."
            value={reason.value}
            onChange={(event) => reason.onChange(event.target.value)}
          />
        )}
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
