import { type ReactNode } from 'react';
import { usePageTitle } from '../design/page-title';
import { BrandMark } from '../shell/brand';
import styles from './auth-layout.module.css';

/** The frame of the pages a person sees before they are signed in. */
export function AuthLayout({
  title,
  lead,
  children,
  footer,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <main className={styles.page}>
      <div className={styles.panel}>
        <div className={styles.brand}>
          <BrandMark />
          Governance
        </div>
        <section className={styles.card} aria-labelledby="auth-title">
          <div>
            <h1 id="auth-title">{title}</h1>
            {lead && <p className={styles.lead}>{lead}</p>}
          </div>
          {children}
        </section>
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </main>
  );
}

export const authStyles = styles;
