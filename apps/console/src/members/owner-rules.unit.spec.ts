import { assignableRoles, mayRemove } from './owner-rules';

describe('owner rules', () => {
  it('lets an owner give any role to anyone, owners included', () => {
    expect(assignableRoles('owner', 'owner')).toEqual(['owner', 'admin', 'editor', 'viewer', 'auditor']);
    expect(assignableRoles('owner')).toContain('owner');
    expect(mayRemove('owner', 'owner')).toBe(true);
  });

  it('lets an admin manage everyone but owners, and appoint no owner', () => {
    expect(assignableRoles('admin', 'editor')).toEqual(['admin', 'editor', 'viewer', 'auditor']);
    expect(assignableRoles('admin', 'owner')).toEqual([]);
    expect(assignableRoles('admin')).not.toContain('owner');
    expect(mayRemove('admin', 'viewer')).toBe(true);
    expect(mayRemove('admin', 'owner')).toBe(false);
  });

  it('gives the other roles nothing to change', () => {
    for (const role of ['editor', 'viewer', 'auditor'] as const) {
      expect(assignableRoles(role, 'viewer')).toEqual([]);
      expect(mayRemove(role, 'viewer')).toBe(false);
    }
  });
});
