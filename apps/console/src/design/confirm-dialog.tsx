import { type ReactNode } from 'react';
import { problemMessage } from '../api/problem';
import { Button } from './button';
import { Dialog } from './dialog';
import { TextAreaField } from './field';
import { Alert } from './surface';
import styles from './confirm-dialog.module.css';

/** The API's bound on a change's reason (REASON_MAX_LENGTH in libs/platform). */
export const REASON_MAX_LENGTH = 500;

/** The reason a confirmation asks for, which the change's audit entry records. */
export interface ReasonInput {
  value: string;
  onChange: (value: string) => void;
  /** "Reason" unless named otherwise. */
  label?: string;
  /** Required reasons keep the confirm button disabled until one is written. */
  required?: boolean;
  maxLength?: number;
}

/**
 * "Are you sure?" for what cannot be undone or is risky: the consequence, the refusal if any, the reason
 * when one is asked for (the API keeps it in the audit trail with the change), and two buttons.
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
  reason?: ReasonInput;
  children: ReactNode;
}) {
  const missingReason = reason?.required === true && reason.value.trim() === '';
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
            label={reason.label ?? 'Reason'}
            optional={reason.required !== true}
            rows={2}
            maxLength={reason.maxLength ?? REASON_MAX_LENGTH}
            hint="Kept in the audit log with the change."
            value={reason.value}
            onChange={(event) => reason.onChange(event.target.value)}
          />
        )}
        <div className={styles.actions}>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="danger" disabled={busy || missingReason} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
