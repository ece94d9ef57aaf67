import type { Scope } from './api-keys.queries';

export const SCOPES: readonly Scope[] = ['full', 'read_only', 'probe'];

export const SCOPE_LABELS: Readonly<Record<Scope, string>> = {
  full: 'Full',
  read_only: 'Read only',
  probe: 'Probe',
};

export const SCOPE_HINTS: Readonly<Record<Scope, string>> = {
  full: 'Acts as an admin: reads and changes everything an admin can.',
  read_only: 'Acts as a viewer: reads, changes nothing.',
  probe: 'Calls the probe endpoints only: for a probe’s configuration.',
};
