import { type FormEvent, useState } from 'react';
import { ApiProblem } from '../api/problem';
import { ROLE_LABELS, type Role } from '../auth/access';
import { formErrors } from '../auth/form-errors';
import { CopyValue } from '../design/copy-value';
import { Button } from '../design/button';
import { Dialog } from '../design/dialog';
import { SelectField, TextField } from '../design/field';
import { Alert } from '../design/surface';
import { Time } from '../design/time';
import { type CreatedInvitation, useInvite } from './members.queries';
import styles from './members.module.css';

export function InviteMemberDialog({
  open,
  roles,
  onClose,
}: {
  open: boolean;
  roles: readonly Role[];
  onClose: () => void;
}) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('viewer');
  const [sent, setSent] = useState<CreatedInvitation | null>(null);
  const invite = useInvite();
  const errors = formErrors(invite.error);
  const conflict = invite.error instanceof ApiProblem && invite.error.code === 'conflict';
  const close = () => {
    invite.reset();
    setEmail('');
    setRole('viewer');
    setSent(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate({ email: email.trim(), role }, { onSuccess: setSent });
  };

  if (sent)
    return (
      <Dialog title="Invitation created" open={open} onClose={close}>
        <div className={styles.confirm}>
          {sent.accept_url ? (
            <>
              <Alert tone="warning" title="No email was sent.">
                Hand this link to {sent.email} yourself; it is shown only now, and works once, until{' '}
                <Time value={sent.expires_at} />.
              </Alert>
              <CopyValue label="Invitation link" value={sent.accept_url} />
            </>
          ) : (
            <Alert tone="success" title="Invitation sent.">
              {sent.email} has an email with a link to join as {ROLE_LABELS[sent.role]}.
            </Alert>
          )}
          <div className={styles.formActions}>
            <Button variant="primary" onClick={close}>
              Done
            </Button>
          </div>
        </div>
      </Dialog>
    );

  return (
    <Dialog title="Invite a member" open={open} onClose={close}>
      <form className={styles.form} onSubmit={submit}>
        {errors.message && !conflict && (
          <Alert tone="danger" title="The invitation was not created.">
            {errors.message}
          </Alert>
        )}
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={conflict ? errors.message : errors.fields.email}
        />
        <SelectField
          label="Role"
          value={role}
          options={roles.map((value) => ({ value, label: ROLE_LABELS[value] }))}
          onChange={(event) => setRole(event.target.value as Role)}
          hint="What they may do once they accept; it can be changed later."
          error={errors.fields.role}
        />
        <div className={styles.formActions}>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={invite.isPending}>
            {invite.isPending ? 'Inviting…' : 'Send invitation'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
