import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Reads a secret the embedded mode generated on an earlier start, or generates and keeps it (mode 0600),
 * so restarts keep working credentials without anyone configuring them.
 */
export function readOrCreateLocalSecret(
  path: string,
  create: () => string,
): { value: string; created: boolean } {
  if (existsSync(path)) return { value: readFileSync(path, 'utf8').trim(), created: false };
  mkdirSync(dirname(path), { recursive: true });
  const value = create();
  writeFileSync(path, `${value}\n`, { mode: 0o600 });
  return { value, created: true };
}
