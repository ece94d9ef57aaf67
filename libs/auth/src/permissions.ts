import { type KeyScope, type Role } from '@governance/contracts';

/**
 * Every permission a route can need; each route declares exactly one (`@Permission`). Reading secrets is no
 * permission at all: they are shown once, at creation, and never again.
 */
export const PERMISSIONS = [
  'systems:read',
  'systems:write',
  'probes:read',
  'probes:write',
  'assessments:read',
  'assessments:write',
  'policies:read',
  'policies:write',
  'reports:read',
  'reports:write',
  'dashboard:read',
  'webhooks:read',
  'webhooks:write',
  'members:read',
  'members:write',
  /** Leaving an organization: something only a person does, so no key scope holds it. */
  'members:leave',
  'api_keys:read',
  'api_keys:write',
  'audit:read',
  'organization:read',
  'organization:write',
  'organization:delete',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const reads = PERMISSIONS.filter((p) => p.endsWith(':read') && p !== 'audit:read');
const governanceWrites: Permission[] = [
  'systems:write',
  'probes:write',
  'assessments:write',
  'policies:write',
  'reports:write',
];
const adminWrites: Permission[] = [
  ...governanceWrites,
  'webhooks:write',
  'members:write',
  'api_keys:write',
  'organization:write',
];

/**
 * The one table of who may do what. An admin manages everything but owners (the members service refuses an
 * admin's change to an owner or to the owner role); only an owner deletes the organization.
 */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  owner: PERMISSIONS,
  admin: [...reads, 'audit:read', ...adminWrites, 'members:leave'],
  editor: [...reads, ...governanceWrites, 'members:leave'],
  viewer: [...reads, 'members:leave'],
  auditor: [...reads, 'audit:read', 'members:leave'],
};

/** An API key acts as an admin (`full`), a viewer (`read_only`), or a probe (`probe`). */
export const SCOPE_PERMISSIONS: Readonly<Record<KeyScope, readonly Permission[]>> = {
  full: [...reads, 'audit:read', ...adminWrites],
  read_only: reads,
  probe: ['probes:read', 'probes:write'],
};

export const roleAllows = (role: Role, permission: Permission): boolean =>
  ROLE_PERMISSIONS[role].includes(permission);
export const scopeAllows = (scope: KeyScope, permission: Permission): boolean =>
  SCOPE_PERMISSIONS[scope].includes(permission);
