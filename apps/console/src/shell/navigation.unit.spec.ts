import { ROLE_PERMISSIONS } from '@governance/auth';
import { chooseOrganization } from '../api/organization';
import { roleAllows } from '../auth/access';
import { ROLE_PERMISSIONS as CONSOLE_ROLE_PERMISSIONS } from '../auth/permissions.generated';
import { NAVIGATION, navigationFor } from './navigation';

describe('console navigation', () => {
  it("uses the server's role table, generated (npm run docs:generate)", () => {
    expect(CONSOLE_ROLE_PERMISSIONS).toEqual(ROLE_PERMISSIONS);
  });

  it('offers every page to an owner, in the order of the issue', () => {
    expect(navigationFor('owner').map((item) => item.label)).toEqual([
      'Overview',
      'Systems',
      'Assessments',
      'Policies',
      'Reports',
      'Webhooks',
      'Audit log',
      'Members',
      'API keys',
      'Settings',
    ]);
  });

  it('hides the audit log from viewers and editors, and shows it to auditors and admins', () => {
    for (const role of ['viewer', 'editor'] as const)
      expect(navigationFor(role).map((item) => item.label)).not.toContain('Audit log');
    for (const role of ['auditor', 'admin'] as const)
      expect(navigationFor(role).map((item) => item.label)).toContain('Audit log');
  });

  it('offers nothing to someone without a role', () => {
    expect(navigationFor(undefined)).toEqual([]);
    expect(NAVIGATION.length).toBe(10);
  });

  it('lets only roles with systems:write change systems', () => {
    expect(roleAllows('viewer', 'systems:write')).toBe(false);
    expect(roleAllows('auditor', 'systems:write')).toBe(false);
    expect(roleAllows('editor', 'systems:write')).toBe(true);
  });
});

describe('chooseOrganization', () => {
  const organizations = [{ id: 'org_a' }, { id: 'org_b' }];

  it('keeps the remembered organization while the person belongs to it', () => {
    expect(chooseOrganization(organizations, 'org_b')).toEqual({ id: 'org_b' });
  });

  it('falls back to the oldest membership', () => {
    expect(chooseOrganization(organizations, 'org_gone')).toEqual({ id: 'org_a' });
    expect(chooseOrganization(organizations, null)).toEqual({ id: 'org_a' });
    expect(chooseOrganization([], 'org_a')).toBeUndefined();
  });
});
