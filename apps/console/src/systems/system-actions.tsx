import { useState } from 'react';
import { useCan } from '../auth/session-context';
import { Button } from '../design/button';
import { ConfirmDialog } from '../design/confirm-dialog';
import { type SystemSummary, useUpdateSystem } from './systems.queries';

/**
 * Adopt (a shadow system into the declared inventory), retire, reactivate: only for roles that may
 * change systems. Each button names its system for screen readers. Retiring asks first, with a reason
 * for the audit log: it takes the system out of the inventory's counts and its probes out of health.
 */
export function SystemActions({
  system,
  size = 'small',
}: {
  system: Pick<SystemSummary, 'id' | 'name' | 'declared' | 'status'>;
  size?: 'small' | 'medium';
}) {
  const canWrite = useCan('systems:write');
  const update = useUpdateSystem();
  const [retiring, setRetiring] = useState(false);
  const [reason, setReason] = useState('');
  if (!canWrite) return null;
  const busy = update.isPending;
  const closeRetire = () => {
    update.reset();
    setReason('');
    setRetiring(false);
  };
  return (
    <>
      {!system.declared && (
        <Button
          size={size}
          variant="primary"
          disabled={busy}
          aria-label={`Adopt ${system.name}`}
          onClick={() => update.mutate({ id: system.id, change: { declared: true } })}
        >
          Adopt
        </Button>
      )}
      {system.status === 'active' ? (
        <Button
          size={size}
          variant="danger"
          disabled={busy}
          aria-label={`Retire ${system.name}`}
          onClick={() => setRetiring(true)}
        >
          Retire
        </Button>
      ) : (
        <Button
          size={size}
          disabled={busy}
          aria-label={`Reactivate ${system.name}`}
          onClick={() => update.mutate({ id: system.id, change: { status: 'active' } })}
        >
          Reactivate
        </Button>
      )}
      <ConfirmDialog
        title={`Retire ${system.name}?`}
        open={retiring}
        confirmLabel="Retire system"
        busy={busy}
        error={retiring ? update.error : null}
        reason={{ value: reason, onChange: setReason }}
        onClose={closeRetire}
        onConfirm={() =>
          update.mutate(
            {
              id: system.id,
              change: { status: 'retired', ...(reason.trim() ? { reason: reason.trim() } : {}) },
            },
            { onSuccess: closeRetire },
          )
        }
      >
        A retired system leaves the inventory’s counts and the governance score, and its probes are no longer
        expected to report. Its history stays, and you can reactivate it.
      </ConfirmDialog>
    </>
  );
}
