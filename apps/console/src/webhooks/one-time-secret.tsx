import { useState } from 'react';
import { Button } from '../design/button';
import { TextField } from '../design/field';
import { Alert } from '../design/surface';
import styles from './webhooks.module.css';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * A signing secret the API returns once: shown here until the dialog closes, never kept anywhere else.
 * The copy goes through the Clipboard API; if the browser refuses, the field can be selected by hand.
 */
export function OneTimeSecret({ secret }: { secret: string }) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const copySecret = () => {
    navigator.clipboard.writeText(secret).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );
  };
  return (
    <div className={styles.secret}>
      <Alert tone="warning" title="Copy the signing secret now: it will not be shown again.">
        Store it where your receiver reads it. Without it, you cannot verify the deliveries’ signatures; if it
        is lost, rotate the secret to get a new one.
      </Alert>
      <div className={styles.secretRow}>
        <TextField
          label="Signing secret"
          value={secret}
          readOnly
          required={false}
          spellCheck={false}
          onFocus={(event) => event.target.select()}
        />
        <Button variant="primary" onClick={copySecret}>
          Copy secret
        </Button>
      </div>
      <p role="status" className={`${styles.copyStatus} ${copy === 'failed' ? styles.copyFailed : ''}`}>
        {copy === 'copied'
          ? 'Copied'
          : copy === 'failed'
            ? 'The browser refused to copy: select the secret and copy it yourself.'
            : ''}
      </p>
    </div>
  );
}
