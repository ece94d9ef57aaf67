import { type AnchorHTMLAttributes, type ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

interface Look {
  variant?: Variant;
  size?: 'medium' | 'small';
  block?: boolean;
}

export function buttonClass({ variant = 'secondary', size = 'medium', block = false }: Look): string {
  return [styles.button, styles[variant], size === 'small' && styles.small, block && styles.block]
    .filter(Boolean)
    .join(' ');
}

export function Button({
  variant,
  size,
  block,
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & Look) {
  return (
    <button
      type={type}
      className={[buttonClass({ variant, size, block }), className].filter(Boolean).join(' ')}
      {...props}
    />
  );
}

/** A link that looks like a button: for actions that leave the page (SSO). */
export function ButtonLink({
  variant,
  size,
  block,
  className,
  children,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & Look) {
  return (
    <a className={[buttonClass({ variant, size, block }), className].filter(Boolean).join(' ')} {...props}>
      {children}
    </a>
  );
}
