import { useState } from 'react';
import { Button } from './button';
import styles from './copy-value.module.css';

/**
 * A value shown once (a new key, an invitation link): selectable text, labelled for screen readers, and a
 * button that copies it.
 */
export function CopyValue({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = () => {
    navigator.clipboard.writeText(value).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };
  return (
    <div className={styles.copyValue}>
      <code aria-label={label} className={styles.value}>
        {value}
      </code>
      {/* The name starts with the visible word, so a voice command that says what it sees still works. */}
      <Button size="small" onClick={copy} aria-label={`${copied === 'yes' ? 'Copied' : 'Copy'} ${label}`}>
        {copied === 'yes' ? 'Copied' : 'Copy'}
      </Button>
      <span role="status" className="visually-hidden">
        {copied === 'yes'
          ? 'Copied to the clipboard.'
          : copied === 'failed'
            ? 'Could not copy: select the text and copy it.'
            : ''}
      </span>
    </div>
  );
}
