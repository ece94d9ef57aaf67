import { type CSSProperties, type ReactNode } from 'react';
import styles from './surface.module.css';

export function Card({
  title,
  action,
  children,
  className,
  labelledBy,
}: {
  title?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
  labelledBy?: string;
}) {
  return (
    <section className={[styles.card, className].filter(Boolean).join(' ')} aria-labelledby={labelledBy}>
      {(title || action) && (
        <header className={styles.cardHeader}>
          {title && (
            <h2 className={styles.cardTitle} id={labelledBy}>
              {title}
            </h2>
          )}
          {action}
        </header>
      )}
      {children}
    </section>
  );
}

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className={styles.pageHeader}>
      <div>
        <h1>{title}</h1>
        {description && <p>{description}</p>}
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </header>
  );
}

export type Tone = 'danger' | 'warning' | 'info' | 'success';

/** A message the person must read: errors are announced (role=alert), the rest politely. */
export function Alert({ tone, title, children }: { tone: Tone; title?: ReactNode; children?: ReactNode }) {
  return (
    <div className={`${styles.alert} ${styles[tone]}`} role={tone === 'danger' ? 'alert' : 'status'}>
      {title && <strong>{title}</strong>}
      {children && <span>{children}</span>}
    </div>
  );
}

export function Stack({ children, gap }: { children: ReactNode; gap?: 2 | 3 | 4 | 5 | 6 }) {
  const style = gap ? ({ gap: `var(--space-${gap})` } as CSSProperties) : undefined;
  return (
    <div className={styles.stack} style={style}>
      {children}
    </div>
  );
}

export function Grid({ children, min = 240 }: { children: ReactNode; min?: number }) {
  return (
    <div className={styles.grid} style={{ '--grid-min': `${min}px` } as CSSProperties}>
      {children}
    </div>
  );
}

export function Actions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
