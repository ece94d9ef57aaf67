import { useCan } from '../auth/session-context';
import { Button } from '../design/button';
import { type SystemSummary, useUpdateSystem } from './systems.queries';

/**
 * Adopt (a shadow system into the declared inventory), retire, reactivate: only for roles that may
 * change systems. Each button names its system for screen readers.
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
  if (!canWrite) return null;
  const busy = update.isPending;
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
          onClick={() => update.mutate({ id: system.id, change: { status: 'retired' } })}
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
    </>
  );
}
