import { useId, useState } from 'react';
import { problemMessage } from '../api/problem';
import { Badge } from '../design/badge';
import { ConfirmDialog } from '../design/confirm-dialog';
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

/** What switching to a mode does, said before it is done. */
const SWITCH_CONSEQUENCES: Readonly<Record<EnforcementMode, string>> = {
  BLOCK: 'Probes will stop every request that breaks this rule, at once, on every system it applies to.',
  WARN: 'Probes will let requests that break this rule through and only report them.',
};

/**
 * Block or Warn, as two radio buttons named "Enforcement of <policy>": the current mode is checked;
 * choosing the other one asks first (it changes what probes do in production), with an optional reason
 * for the audit log, then asks the service for it.
 */
export function EnforcementToggle({
  policy,
}: {
  policy: Pick<Policy, 'id' | 'name' | 'enforcement_mode' | 'severity_by_mode'>;
}) {
  const name = useId();
  const errorId = `${name}-error`;
  const setMode = useSetEnforcement();
  // The mode waiting for confirmation; the radios show it meanwhile and snap back on Cancel.
  const [asked, setAsked] = useState<EnforcementMode>();
  const [reason, setReason] = useState('');
  const shown = asked ?? (setMode.isPending ? setMode.variables.mode : policy.enforcement_mode);
  const close = () => {
    setAsked(undefined);
    setReason('');
    setMode.reset();
  };
  return (
    <div className={styles.toggleWrap}>
      <div
        role="radiogroup"
        aria-label={`Enforcement of ${policy.name}`}
        aria-describedby={setMode.isError && !asked ? errorId : undefined}
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
                setMode.reset();
                setAsked(mode);
              }}
            />
            <span>{MODE_LABELS[mode]}</span>
          </label>
        ))}
      </div>
      {setMode.isError && !asked && (
        <span id={errorId} role="alert" className={styles.toggleError}>
          Not changed: {problemMessage(setMode.error)}
        </span>
      )}
      <ConfirmDialog
        title={asked ? `Switch ${policy.name} to ${MODE_LABELS[asked]}?` : ''}
        open={asked !== undefined}
        confirmLabel={asked ? `Switch to ${MODE_LABELS[asked]}` : 'Switch'}
        busy={setMode.isPending}
        error={setMode.error}
        reason={{ value: reason, onChange: setReason }}
        onClose={close}
        onConfirm={() =>
          asked &&
          setMode.mutate(
            { id: policy.id, mode: asked, reason: reason.trim() || undefined },
            { onSuccess: close },
          )
        }
      >
        {asked && SWITCH_CONSEQUENCES[asked]}
        {asked && policy.severity_by_mode && (
          <> Its severity follows the mode: violations become {asked === 'BLOCK' ? 'critical' : 'high'}.</>
        )}
      </ConfirmDialog>
    </div>
  );
}
