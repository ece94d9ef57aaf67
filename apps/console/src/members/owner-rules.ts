import { type Role, roleAllows } from '../auth/access';
import { ROLES } from '../auth/permissions.generated';

/*
 * The API's owner rules, so that the console offers only what it would accept: owners change and remove
 * anyone and appoint owners; admins act on everyone but owners and cannot appoint one. The last owner's
 * own rule (never demoted nor removed) stays the API's: its 409 says so.
 */

/** The roles `actor` may give someone who is `target` now (or invite with, when `target` is absent). */
export function assignableRoles(actor: Role, target?: Role): Role[] {
  if (!roleAllows(actor, 'members:write')) return [];
  if (actor === 'owner') return [...ROLES];
  if (target === 'owner') return [];
  return ROLES.filter((role) => role !== 'owner');
}

/** Whether `actor` may remove a member who is `target`. */
export function mayRemove(actor: Role, target: Role): boolean {
  return roleAllows(actor, 'members:write') && (actor === 'owner' || target !== 'owner');
}
