import { type FormEvent, useState } from 'react';
import { problemMessage } from '../api/problem';
import { Button } from '../design/button';
import { ConfirmDialog } from '../design/confirm-dialog';
import { Dialog } from '../design/dialog';
import { TextField } from '../design/field';
import { Alert } from '../design/surface';
import { Time } from '../design/time';
import { formErrors } from '../auth/form-errors';
import { fromLocalInput, recoverySummary, toLocalInput } from './delivery-log-state';
import { OneTimeSecret } from './one-time-secret';
import { draftOf, WebhookForm } from './webhook-form';
import {
  type Webhook,
  useDeleteWebhook,
  useRecover,
  useRotateSecret,
  useUpdateWebhook,
} from './webhooks.queries';
import styles from './webhooks.module.css';

const DAY_MS = 24 * 60 * 60 * 1000;

export function EditWebhookDialog({
  webhook,
  open,
  onClose,
}: {
  webhook: Webhook;
  open: boolean;
  onClose: () => void;
}) {
  const update = useUpdateWebhook();
  const close = () => {
    update.reset();
    onClose();
  };
  return (
    <Dialog title="Edit the webhook" open={open} onClose={close}>
      <WebhookForm
        initial={draftOf(webhook)}
        error={update.error}
        pending={update.isPending}
        submitLabel={update.isPending ? 'Saving…' : 'Save changes'}
        failureTitle="The webhook was not changed."
        onCancel={close}
        onSubmit={(draft) =>
          update.mutate(
            {
              id: webhook.id,
              change: {
                url: draft.url,
                events: draft.events,
                active: draft.active,
                description: draft.description.trim() || null,
              },
            },
            { onSuccess: close },
          )
        }
      />
    </Dialog>
  );
}

export function DeleteWebhookDialog({
  webhook,
  open,
  onClose,
  onDeleted,
}: {
  webhook: Webhook;
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteWebhook();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      title="Delete this webhook?"
      open={open}
      confirmLabel={remove.isPending ? 'Deleting…' : 'Delete webhook'}
      busy={remove.isPending}
      error={remove.error}
      onConfirm={() => remove.mutate(webhook.id, { onSuccess: onDeleted })}
      onClose={close}
    >
      <strong className={styles.titleUrl}>{webhook.url}</strong> will receive no new deliveries; the webhook
      and its signing secret cannot be restored.
    </ConfirmDialog>
  );
}

/** A new signing secret, shown once; the previous one keeps signing beside it for the overlap. */
export function RotateSecretDialog({
  webhook,
  open,
  onClose,
}: {
  webhook: Webhook;
  open: boolean;
  onClose: () => void;
}) {
  const rotate = useRotateSecret();
  const close = () => {
    rotate.reset();
    onClose();
  };
  const rotated = rotate.data;
  return (
    <Dialog title={rotated ? 'Secret rotated' : 'Rotate the signing secret?'} open={open} onClose={close}>
      {rotated ? (
        <div className={styles.form}>
          <OneTimeSecret secret={rotated.signing_secret} />
          <p className={styles.explain}>
            Until <Time value={rotated.previous_secret_expires_at} />, each delivery carries two signatures in{' '}
            <code>X-Service-Signature-256</code>: one with this new secret, one with the previous. Move your
            receiver to the new secret before then; after it, only the new secret signs.
          </p>
          <div className={styles.formActions}>
            <Button variant="primary" onClick={close}>
              Done
            </Button>
          </div>
        </div>
      ) : (
        <>
          <p className={styles.explain}>
            A new secret signs every delivery from now on. For 24 hours the current secret keeps signing too,
            as a second signature in the same header, so your receiver goes on verifying while you replace it.
          </p>
          {webhook.previous_secret_expires_at && (
            <p className={styles.explain}>
              A rotation is already under way: rotating again stops the oldest secret, which signs until{' '}
              <Time value={webhook.previous_secret_expires_at} />, at once.
            </p>
          )}
          {rotate.isError && (
            <div className={styles.notice}>
              <Alert tone="danger" title="The secret was not rotated.">
                {problemMessage(rotate.error)}
              </Alert>
            </div>
          )}
          <div className={styles.formActions}>
            <Button onClick={close}>Cancel</Button>
            <Button variant="primary" disabled={rotate.isPending} onClick={() => rotate.mutate(webhook.id)}>
              {rotate.isPending ? 'Rotating…' : 'Rotate secret'}
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}

/** Resends every failed delivery since a time, once each; the answer says whether more remain. */
export function RecoverDialog({
  webhook,
  open,
  onClose,
}: {
  webhook: Webhook;
  open: boolean;
  onClose: () => void;
}) {
  const recover = useRecover();
  const [since, setSince] = useState(() => toLocalInput(new Date(Date.now() - DAY_MS).toISOString()));
  const errors = formErrors(recover.error);
  const close = () => {
    recover.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const instant = fromLocalInput(since);
    if (instant) recover.mutate({ id: webhook.id, since: instant });
  };
  return (
    <Dialog title="Recover failed deliveries" open={open} onClose={close}>
      <form className={styles.form} onSubmit={submit}>
        <p className={styles.explain}>
          Each delivery that failed every attempt since this time is sent again, once, with a new{' '}
          <code>X-Service-Delivery</code>. Deliveries already resent and test deliveries are left out, so
          recovering the same period twice resends only what failed since.
        </p>
        <TextField
          label="Failed since"
          type="datetime-local"
          value={since}
          onChange={(event) => {
            recover.reset();
            setSince(event.target.value);
          }}
          hint="In your time zone; within the last 30 days."
          error={errors.fields.since}
        />
        {errors.message && !errors.fields.since && (
          <Alert tone="danger" title="Nothing was recovered.">
            {errors.message}
          </Alert>
        )}
        {recover.data && (
          <Alert tone={recover.data.has_more ? 'warning' : 'success'} title="Recovery started.">
            {recoverySummary(recover.data)}
          </Alert>
        )}
        <div className={styles.formActions}>
          <Button onClick={close}>{recover.data ? 'Done' : 'Cancel'}</Button>
          {(!recover.data || recover.data.has_more) && (
            <Button type="submit" variant="primary" disabled={recover.isPending}>
              {recover.isPending ? 'Recovering…' : recover.data ? 'Recover again' : 'Recover deliveries'}
            </Button>
          )}
        </div>
      </form>
    </Dialog>
  );
}
