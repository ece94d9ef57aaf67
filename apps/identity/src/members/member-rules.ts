import { type KeyScope, type Role } from '@governance/contracts';
import { type Principal } from '@governance/auth';

/** Who manages members: a person with their role, or an API key acting as the role its scope stands for. */
export interface Manager {
  role: Role | undefined;
  /** The person's user id; undefined for an API key, which is nobody's membership. */
  userId: string | undefined;
}

/** A `full` key acts as an admin (never as an owner); the narrower scopes manage nobody. */
const KEY_ACTS_AS: Readonly<Record<KeyScope, Role | undefined>> = {
  full: 'admin',
  read_only: undefined,
  probe: undefined,
};

export function managerOf(actor: Principal['actor']): Manager {
  return actor.type === 'user'
    ? { role: actor.role, userId: actor.id }
    : { role: KEY_ACTS_AS[actor.scope], userId: undefined };
}

export interface Member {
  userId: string;
  role: Role;
}

export type Refusal = { ok: false; status: 403 | 409; message: string };
export type MemberDecision = { ok: true; kind: 'change' | 'unchanged' } | Refusal;

const refuse = (status: 403 | 409, message: string): Refusal => ({ ok: false, status, message });

const MANAGES_MEMBERS: readonly Role[] = ['owner', 'admin'];
const NOT_A_MANAGER = 'Only owners and admins manage members';
const OWNERS_ONLY = 'Only an owner can change, remove or appoint an owner';
const LAST_OWNER =
  'The organization’s last owner cannot be demoted or removed; make another member owner first';

/**
 * A role change. Owners manage everyone; an admin (or a `full` key) manages everyone but owners and cannot
 * appoint one; the last owner stays an owner, so an organization never loses its last way to manage owners.
 * `owners` counts the organization's owners, read under lock.
 */
export function decideRoleChange(manager: Manager, member: Member, to: Role, owners: number): MemberDecision {
  if (!manager.role || !MANAGES_MEMBERS.includes(manager.role)) return refuse(403, NOT_A_MANAGER);
  if ((member.role === 'owner' || to === 'owner') && manager.role !== 'owner')
    return refuse(403, OWNERS_ONLY);
  if (member.role === to) return { ok: true, kind: 'unchanged' };
  if (member.role === 'owner' && owners <= 1) return refuse(409, LAST_OWNER);
  return { ok: true, kind: 'change' };
}

/**
 * A removal. The same rules as a role change, and anyone may leave an organization on their own, except its
 * last owner.
 */
export function decideRemoval(manager: Manager, member: Member, owners: number): MemberDecision {
  const leaving = manager.userId !== undefined && manager.userId === member.userId;
  if (!leaving) {
    if (!manager.role || !MANAGES_MEMBERS.includes(manager.role)) return refuse(403, NOT_A_MANAGER);
    if (member.role === 'owner' && manager.role !== 'owner') return refuse(403, OWNERS_ONLY);
  }
  if (member.role === 'owner' && owners <= 1) return refuse(409, LAST_OWNER);
  return { ok: true, kind: 'change' };
}

/** An invitation and its revocation: owners and admins invite, and only an owner invites an owner. */
export function decideInvitation(manager: Manager, role: Role): { ok: true } | Refusal {
  if (!manager.role || !MANAGES_MEMBERS.includes(manager.role))
    return refuse(403, 'Only owners and admins invite people');
  if (role === 'owner' && manager.role !== 'owner')
    return refuse(403, 'Only an owner can invite an owner or revoke such an invitation');
  return { ok: true };
}
