import { useId, useState } from 'react';
import { problemMessage } from '../api/problem';
import { Badge } from '../design/badge';
import { ENFORCEMENT_MODES, MODE_HINTS, MODE_LABELS } from './labels';
import { type EnforcementMode, type Policy, useSetEnforcement } from './policies.queries';
import styles from './policies.module.css';

export function ModeBadge({ mode }: { mode: EnforcementMode }) {
  return mode === 'BLOCK' ? (
    <Badge tone="danger" title={MODE_HINTS.BLOCK}>
      Block
    </Badge>
  ) : (
    <Badge tone="warning" title={MODE_HINTS.WARN}>
      Warn
    </Badge>
  );
}

/**
 * Block or Warn, as two radio buttons named "Enforcement of <policy>": the current mode is checked, and
 * choosing the other one asks the service for it.
 */
export function EnforcementToggle({ policy }: { policy: Pick<Policy, 'id' | 'name' | 'enforcement_mode'> }) {
  const name = useId();
  const errorId = `${name}-error`;
  const setMode = useSetEnforcement();
  // Set in the click's own render: the mutation's state reaches React a task later, and until then the
  // controlled radio would snap back to the old mode.
  const [picked, setPicked] = useState<EnforcementMode>();
  const shown = picked ?? (setMode.isPending ? setMode.variables.mode : policy.enforcement_mode);
  return (
    <div className={styles.toggleWrap}>
      <div
        role="radiogroup"
        aria-label={`Enforcement of ${policy.name}`}
        aria-describedby={setMode.isError ? errorId : undefined}
        aria-busy={setMode.isPending}
        className={styles.toggle}
      >
        {ENFORCEMENT_MODES.map((mode) => (
          <label key={mode} className={styles.toggleOption} data-mode={mode} title={MODE_HINTS[mode]}>
            <input
              type="radio"
              name={name}
              value={mode}
              checked={shown === mode}
              disabled={setMode.isPending}
              onChange={() => {
                setPicked(mode);
                setMode.mutate({ id: policy.id, mode }, { onSettled: () => setPicked(undefined) });
              }}
            />
            <span>{MODE_LABELS[mode]}</span>
          </label>
        ))}
      </div>
      {setMode.isError && (
        <span id={errorId} role="alert" className={styles.toggleError}>
          Not changed: {problemMessage(setMode.error)}
        </span>
      )}
    </div>
  );
}
