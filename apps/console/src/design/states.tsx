import { type ReactNode } from 'react';
import { problemMessage } from '../api/problem';
import { Button } from './button';
import styles from './states.module.css';

/** Every page shows one of these while it has nothing else: loading, empty, or failed. */
export function Loading({ label = 'Loading…', compact = false }: { label?: string; compact?: boolean }) {
  return (
    <div className={`${styles.state} ${compact ? styles.compact : ''}`} role="status" aria-live="polite">
      <div className={styles.spinner} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

export function EmptyState({
  title,
  children,
  action,
  compact = false,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  compact?: boolean;
}) {
  return (
    <div className={`${styles.state} ${compact ? styles.compact : ''}`}>
      <h2>{title}</h2>
      {children && <p>{children}</p>}
      {action}
    </div>
  );
}

export function ErrorState({
  error,
  title = 'This could not be loaded',
  onRetry,
  compact = false,
}: {
  error: unknown;
  title?: string;
  onRetry?: () => void;
  compact?: boolean;
}) {
  return (
    <div className={`${styles.state} ${styles.error} ${compact ? styles.compact : ''}`} role="alert">
      <h2>{title}</h2>
      <p>{problemMessage(error)}</p>
      {onRetry && <Button onClick={onRetry}>Try again</Button>}
    </div>
  );
}
