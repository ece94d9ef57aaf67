import { type FormEvent, useState } from 'react';
import { formErrors } from '../auth/form-errors';
import { Button } from '../design/button';
import { Dialog } from '../design/dialog';
import { SelectField, TextField } from '../design/field';
import { Alert } from '../design/surface';
import { type CreatedApiKey, type Scope, useCreateApiKey } from './api-keys.queries';
import { CopyValue } from '../design/copy-value';
import { SCOPE_HINTS, SCOPE_LABELS, SCOPES } from './labels';
import styles from './api-keys.module.css';

const SCOPE_OPTIONS = SCOPES.map((scope) => ({ value: scope, label: SCOPE_LABELS[scope] }));

export function CreateApiKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<Scope>('read_only');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const create = useCreateApiKey();
  const errors = formErrors(create.error);
  const close = () => {
    create.reset();
    setName('');
    setScope('read_only');
    setCreated(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name: name.trim(), scope }, { onSuccess: setCreated });
  };

  if (created)
    return (
      <Dialog title="API key created" open={open} onClose={close}>
        <div className={styles.form}>
          <Alert tone="warning" title="Copy the key now: it is shown only once.">
            Store it where your secrets live. Nobody can see it again, not even an owner; if it is lost,
            create another and revoke this one.
          </Alert>
          <CopyValue label={`API key ${created.name}`} value={created.api_key} />
          <p className={styles.usage}>
            Send it as <code>Authorization: Bearer &lt;key&gt;</code>. It works at once, with the{' '}
            {SCOPE_LABELS[created.scope].toLowerCase()} scope.
          </p>
          <div className={styles.formActions}>
            <Button variant="primary" onClick={close}>
              I have copied the key
            </Button>
          </div>
        </div>
      </Dialog>
    );

  return (
    <Dialog title="Create an API key" open={open} onClose={close}>
      <form className={styles.form} onSubmit={submit}>
        {errors.message && (
          <Alert tone="danger" title="The key was not created.">
            {errors.message}
          </Alert>
        )}
        <TextField
          label="Name"
          value={name}
          maxLength={200}
          onChange={(event) => setName(event.target.value)}
          hint="What the key is for, so it can be told apart and revoked later."
          error={errors.fields.name}
        />
        <SelectField
          label="Scope"
          value={scope}
          options={SCOPE_OPTIONS}
          onChange={(event) => setScope(event.target.value as Scope)}
          hint={SCOPE_HINTS[scope]}
          error={errors.fields.scope}
        />
        <div className={styles.formActions}>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create key'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
