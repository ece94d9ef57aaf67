import { type Permission, type Role, roleAllows } from '../auth/access';

export interface NavItem {
  label: string;
  path: string;
  /** The permission the page reads with; a role without it does not see the item. */
  permission: Permission;
}

/** The console's pages, in the order of the navigation (issue 14's labels). */
export const NAVIGATION: readonly NavItem[] = [
  { label: 'Overview', path: '/', permission: 'dashboard:read' },
  { label: 'Systems', path: '/systems', permission: 'systems:read' },
  { label: 'Assessments', path: '/assessments', permission: 'assessments:read' },
  { label: 'Policies', path: '/policies', permission: 'policies:read' },
  { label: 'Reports', path: '/reports', permission: 'reports:read' },
  { label: 'Webhooks', path: '/webhooks', permission: 'webhooks:read' },
  { label: 'Audit log', path: '/audit-log', permission: 'audit:read' },
  { label: 'Members', path: '/members', permission: 'members:read' },
  { label: 'API keys', path: '/api-keys', permission: 'api_keys:read' },
  { label: 'Settings', path: '/settings', permission: 'organization:read' },
];

export function navigationFor(role: Role | undefined): NavItem[] {
  return NAVIGATION.filter((item) => roleAllows(role, item.permission));
}
