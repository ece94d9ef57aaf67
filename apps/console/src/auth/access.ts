import { type Permission, type Role, ROLE_PERMISSIONS } from './permissions.generated';

export type { Permission, Role };

/** The server's own table decides; the console only hides what would be refused anyway. */
export function roleAllows(role: Role | undefined, permission: Permission): boolean {
  return role !== undefined && ROLE_PERMISSIONS[role].includes(permission);
}

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  owner: 'Owner',
  admin: 'Admin',
  editor: 'Editor',
  viewer: 'Viewer',
  auditor: 'Auditor',
};
