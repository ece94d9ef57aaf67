import { ROLES, type Role } from '@governance/contracts';
import {
  decideInvitation,
  decideRemoval,
  decideRoleChange,
  type Manager,
  managerOf,
  type Member,
} from './member-rules';

const owner: Manager = { role: 'owner', userId: 'usr_owner' };
const admin: Manager = { role: 'admin', userId: 'usr_admin' };
const fullKey = managerOf({ type: 'api_key', id: 'key_full', scope: 'full' });
const member = (role: Role, userId = 'usr_target'): Member => ({ userId, role });

const change = { ok: true, kind: 'change' };
const unchanged = { ok: true, kind: 'unchanged' };
const forbidden = expect.objectContaining({ ok: false, status: 403 }) as unknown;
const lastOwner = expect.objectContaining({ ok: false, status: 409 }) as unknown;

describe('managerOf', () => {
  it('is the person with their role, or a key acting as an admin (full) or as nobody', () => {
    expect(managerOf({ type: 'user', id: 'usr_a', sessionId: 'ses_a', role: 'editor' })).toEqual({
      role: 'editor',
      userId: 'usr_a',
    });
    expect(fullKey).toEqual({ role: 'admin', userId: undefined });
    expect(managerOf({ type: 'api_key', id: 'key_r', scope: 'read_only' }).role).toBeUndefined();
    expect(managerOf({ type: 'api_key', id: 'key_p', scope: 'probe' }).role).toBeUndefined();
  });
});

describe('decideRoleChange', () => {
  it('lets an owner change anyone, including another owner while one remains', () => {
    for (const from of ROLES)
      for (const to of ROLES)
        expect(decideRoleChange(owner, member(from), to, 2)).toEqual(from === to ? unchanged : change);
  });

  it('lets an admin and a full key manage everyone but owners', () => {
    for (const manager of [admin, fullKey]) {
      for (const from of ['admin', 'editor', 'viewer', 'auditor'] as const)
        for (const to of ['admin', 'editor', 'viewer', 'auditor'] as const)
          expect(decideRoleChange(manager, member(from), to, 1)).toEqual(from === to ? unchanged : change);
      expect(decideRoleChange(manager, member('editor'), 'owner', 1)).toEqual(forbidden);
      expect(decideRoleChange(manager, member('owner'), 'admin', 3)).toEqual(forbidden);
      // Even a no-op on an owner is not theirs to make.
      expect(decideRoleChange(manager, member('owner'), 'owner', 3)).toEqual(forbidden);
    }
  });

  it('refuses the last owner’s demotion, even by themselves', () => {
    expect(decideRoleChange(owner, member('owner'), 'admin', 1)).toEqual(lastOwner);
    expect(decideRoleChange(owner, member('owner', owner.userId), 'viewer', 1)).toEqual(lastOwner);
    expect(decideRoleChange(owner, member('owner', owner.userId), 'viewer', 2)).toEqual(change);
    expect(decideRoleChange(owner, member('owner'), 'owner', 1)).toEqual(unchanged);
  });

  it('lets an admin step down but not promote themselves to owner', () => {
    expect(decideRoleChange(admin, member('admin', admin.userId), 'viewer', 1)).toEqual(change);
    expect(decideRoleChange(admin, member('admin', admin.userId), 'owner', 1)).toEqual(forbidden);
  });

  it('refuses every other role and the narrow key scopes', () => {
    const others: Manager[] = [
      ...(['editor', 'viewer', 'auditor'] as const).map((role) => ({ role, userId: 'usr_x' })),
      managerOf({ type: 'api_key', id: 'key_r', scope: 'read_only' }),
      managerOf({ type: 'api_key', id: 'key_p', scope: 'probe' }),
    ];
    for (const manager of others) {
      expect(decideRoleChange(manager, member('viewer'), 'editor', 1)).toEqual(forbidden);
      expect(decideRoleChange(manager, member('viewer', 'usr_x'), 'admin', 1)).toEqual(forbidden);
    }
  });
});

describe('decideRemoval', () => {
  it('lets an owner remove anyone but the last owner', () => {
    for (const role of ROLES) expect(decideRemoval(owner, member(role), 2)).toEqual(change);
    expect(decideRemoval(owner, member('owner'), 1)).toEqual(lastOwner);
  });

  it('lets an admin and a full key remove everyone but owners', () => {
    for (const manager of [admin, fullKey]) {
      for (const role of ['admin', 'editor', 'viewer', 'auditor'] as const)
        expect(decideRemoval(manager, member(role), 1)).toEqual(change);
      expect(decideRemoval(manager, member('owner'), 2)).toEqual(forbidden);
    }
  });

  it('lets anyone leave, except the last owner', () => {
    for (const role of ROLES) {
      const self: Manager = { role, userId: 'usr_self' };
      expect(decideRemoval(self, member(role, 'usr_self'), 2)).toEqual(change);
    }
    expect(decideRemoval(owner, member('owner', owner.userId), 1)).toEqual(lastOwner);
  });

  it('refuses other roles removing someone else', () => {
    for (const role of ['editor', 'viewer', 'auditor'] as const)
      expect(decideRemoval({ role, userId: 'usr_x' }, member('viewer'), 1)).toEqual(forbidden);
    const readOnly = managerOf({ type: 'api_key', id: 'key_r', scope: 'read_only' });
    expect(decideRemoval(readOnly, member('viewer'), 1)).toEqual(forbidden);
  });
});

describe('decideInvitation', () => {
  it('lets owners invite any role and admins any role but owner', () => {
    for (const role of ROLES) expect(decideInvitation(owner, role)).toEqual({ ok: true });
    for (const manager of [admin, fullKey]) {
      for (const role of ['admin', 'editor', 'viewer', 'auditor'] as const)
        expect(decideInvitation(manager, role)).toEqual({ ok: true });
      expect(decideInvitation(manager, 'owner')).toEqual(forbidden);
    }
  });

  it('refuses everyone else', () => {
    for (const role of ['editor', 'viewer', 'auditor'] as const)
      expect(decideInvitation({ role, userId: 'usr_x' }, 'viewer')).toEqual(forbidden);
  });
});
