import { FRAMEWORK_KEYS, FRAMEWORK_LABELS } from '../api/catalog.generated';
import { type BadgeTone } from '../design/badge';
import { type EnforcementMode, type FrameworkKey, type Policy } from './policies.queries';

export const ENFORCEMENT_MODES: readonly EnforcementMode[] = ['BLOCK', 'WARN'];

export const MODE_LABELS: Readonly<Record<EnforcementMode, string>> = { BLOCK: 'Block', WARN: 'Warn' };

export const MODE_HINTS: Readonly<Record<EnforcementMode, string>> = {
  BLOCK: 'Probes stop the request; its violations are critical.',
  WARN: 'Probes let the request through and report it; its violations are high.',
};

export const STATUS_LABELS: Readonly<Record<Policy['status'], string>> = {
  active: 'Active',
  disabled: 'Disabled',
};

/** The frameworks the API documents (the import's path and the list's filter); the names are for people. */
export const FRAMEWORKS: readonly FrameworkKey[] = FRAMEWORK_KEYS;
export { FRAMEWORK_LABELS };

export function frameworkLabel(key: string | null): string {
  if (key === null) return 'Custom';
  return FRAMEWORKS.find((known) => known === key) ? FRAMEWORK_LABELS[key as FrameworkKey] : key;
}

export const SEVERITY_TONES: Readonly<Record<Policy['severity'], BadgeTone>> = {
  CRITICAL: 'danger',
  HIGH: 'danger',
  MEDIUM: 'warning',
  INFO: 'info',
};

export const SEVERITY_LABELS: Readonly<Record<Policy['severity'], string>> = {
  CRITICAL: 'Critical',
  HIGH: 'High',
  MEDIUM: 'Medium',
  INFO: 'Info',
};
