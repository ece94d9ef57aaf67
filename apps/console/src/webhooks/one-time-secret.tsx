import { CopyValue } from '../design/copy-value';
import { Alert } from '../design/surface';
import styles from './webhooks.module.css';

/**
 * A signing secret the API returns once: shown here until the dialog closes, never kept anywhere else
 * (the caller resets the mutation that held it).
 */
export function OneTimeSecret({ secret }: { secret: string }) {
  return (
    <div className={styles.secret}>
      <Alert tone="warning" title="Copy the signing secret now: it will not be shown again.">
        Store it where your receiver reads it. Without it, you cannot verify the deliveries’ signatures; if it
        is lost, rotate the secret to get a new one.
      </Alert>
      <CopyValue label="Signing secret" value={secret} />
    </div>
  );
}
