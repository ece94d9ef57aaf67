import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../design/button';
import { ConfirmDialog } from '../design/confirm-dialog';
import { EditPolicyDialog } from './create-policy-dialog';
import { type Policy, useDeletePolicy, useUpdatePolicy } from './policies.queries';

const REASON_MAX_LENGTH = 500;

type Opened = 'edit' | 'status' | 'delete' | null;

/**
 * Edit, disable or enable, and delete, for someone who may write policies. Disabling, enabling and
 * deleting change enforcement at once, so each asks first; disabling and deleting ask why, for the audit
 * trail. Each is sent from the version shown, so a change made meanwhile is refused rather than undone.
 */
export function PolicyActions({ policy }: { policy: Policy }) {
  const [opened, setOpened] = useState<Opened>(null);
  const [reason, setReason] = useState('');
  const navigate = useNavigate();
  const update = useUpdatePolicy();
  const remove = useDeletePolicy();
  const disabling = policy.status === 'active';
  const open = (dialog: Opened) => {
    update.reset();
    remove.reset();
    setReason('');
    setOpened(dialog);
  };
  const close = () => setOpened(null);
  const why = reason.trim() ? { reason: reason.trim() } : {};
  return (
    <>
      <Button onClick={() => open('edit')}>Edit</Button>
      <Button onClick={() => open('status')}>{disabling ? 'Disable' : 'Enable'}</Button>
      <Button variant="danger" onClick={() => open('delete')}>
        Delete
      </Button>
      {opened === 'edit' && <EditPolicyDialog policy={policy} open onClose={close} />}
      <ConfirmDialog
        title={disabling ? `Disable ${policy.name}?` : `Enable ${policy.name}?`}
        open={opened === 'status'}
        confirmLabel={disabling ? 'Disable policy' : 'Enable policy'}
        busy={update.isPending}
        error={update.error}
        onClose={close}
        reason={{
          label: disabling ? 'Why disable it?' : 'Why enable it?',
          value: reason,
          onChange: setReason,
          required: disabling,
          maxLength: REASON_MAX_LENGTH,
        }}
        onConfirm={() =>
          update.mutate(
            {
              id: policy.id,
              changes: { status: disabling ? 'disabled' : 'active', version: policy.version, ...why },
            },
            { onSuccess: close },
          )
        }
      >
        {disabling
          ? 'Probes stop enforcing it and telemetry is no longer checked against it, until it is enabled again.'
          : `Probes enforce it again at once, in ${policy.enforcement_mode === 'BLOCK' ? 'Block' : 'Warn'} mode.`}
      </ConfirmDialog>
      <ConfirmDialog
        title={`Delete ${policy.name}?`}
        open={opened === 'delete'}
        confirmLabel="Delete policy"
        busy={remove.isPending}
        error={remove.error}
        onClose={close}
        reason={{
          label: 'Why delete it?',
          value: reason,
          onChange: setReason,
          required: true,
          maxLength: REASON_MAX_LENGTH,
        }}
        onConfirm={() =>
          remove.mutate(
            { id: policy.id, query: { version: policy.version, ...why } },
            { onSuccess: () => void navigate('/policies') },
          )
        }
      >
        It stops being enforced and leaves the policy list and every probe. The violations it raised keep
        their history. This cannot be undone; to pause it instead, disable it.
      </ConfirmDialog>
    </>
  );
}
