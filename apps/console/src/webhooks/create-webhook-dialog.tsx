import { Link } from 'react-router';
import { Button } from '../design/button';
import { Dialog } from '../design/dialog';
import { OneTimeSecret } from './one-time-secret';
import { NEW_WEBHOOK, WebhookForm } from './webhook-form';
import { useCreateWebhook } from './webhooks.queries';
import styles from './webhooks.module.css';

/**
 * Registers a webhook, then shows its signing secret once. Closing the dialog resets the mutation, which
 * is the only place the secret was held: it cannot be shown again.
 */
export function CreateWebhookDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateWebhook();
  const close = () => {
    create.reset();
    onClose();
  };
  const created = create.data;
  return (
    <Dialog title={created ? 'Webhook created' : 'Create a webhook'} open={open} onClose={close}>
      {created ? (
        <div className={styles.form}>
          <p className={styles.explain}>
            Deliveries to <strong className={styles.titleUrl}>{created.url}</strong> are signed with this
            secret, in the <code>X-Service-Signature-256</code> header.
          </p>
          <OneTimeSecret secret={created.signing_secret} />
          <div className={styles.formActions}>
            <Link to={`/webhooks/${created.id}`} onClick={close}>
              Open the webhook
            </Link>
            <Button variant="primary" onClick={close}>
              Done
            </Button>
          </div>
        </div>
      ) : (
        <WebhookForm
          initial={NEW_WEBHOOK}
          error={create.error}
          pending={create.isPending}
          submitLabel={create.isPending ? 'Creating…' : 'Create webhook'}
          failureTitle="The webhook was not created."
          onCancel={close}
          onSubmit={(draft) =>
            create.mutate({
              url: draft.url,
              events: draft.events,
              active: draft.active,
              ...(draft.description.trim() ? { description: draft.description.trim() } : {}),
            })
          }
        />
      )}
    </Dialog>
  );
}
