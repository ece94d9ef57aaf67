import { readFile } from 'node:fs/promises';
import { type Page } from 'playwright-core';
import { eventually, heading, OWNER, useConsole } from './testing/console-harness';

const EDITOR = { name: 'Eve Editor', email: 'eve@acme.example', password: 'editing all the things 9' };
const VIEWER = { name: 'Vera Viewer', email: 'vera@acme.example', password: 'viewing is believing 42' };

interface AuditRow {
  seq: number;
  action: string;
  after: Record<string, unknown> | null;
}

/** Reports, Audit log, Members, API keys and Settings, as the owner and as a viewer. */
describe('the console’s administration pages in Chromium', () => {
  const ui = useConsole();
  let page: Page;

  beforeAll(async () => {
    page = ui.page;
    await page.goto('/');
    await heading(page, 'Overview').waitFor();
  });

  async function auditHas(action: string): Promise<AuditRow[]> {
    return eventually(async () => {
      const listed = await ui.api('GET', `/api/service/audit?action=${action}`);
      const rows = listed.body.data as AuditRow[] | undefined;
      return rows && rows.length > 0 ? rows : undefined;
    }, `an audit entry ${action}`);
  }

  it('generates a PDF report through the page, and downloads it once it is ready', async () => {
    await ui.navigate(page, 'Reports');
    await page.getByRole('heading', { name: 'No reports yet' }).waitFor();
    await ui.expectAccessible(page, 'reports-empty');

    await page.getByRole('button', { name: 'Generate report' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Generate a report' });
    await dialog.waitFor();
    await dialog.getByLabel('Period').selectOption('custom');
    await ui.expectAccessible(page, 'generate-report');
    await dialog.getByLabel('Period').selectOption('30d');
    await dialog.getByLabel('Type').selectOption('compliance');
    await dialog.getByLabel('Format').selectOption('pdf');
    await dialog.getByRole('button', { name: 'Generate report' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('row').filter({ hasText: 'Compliance' }).waitFor();

    // The report worker builds the file on its own; the page hears it finish, without a reload.
    await page.getByRole('status', { name: 'Live updates: Live' }).waitFor();
    // A report's row and link name what it is about, never its id.
    const subject = 'All frameworks · ';
    const download = page.getByRole('link', {
      name: /^Download Compliance report: All frameworks · .+ \(PDF\)$/,
    });
    // PDF rendering shares two cores with the rest of the suite.
    await download.waitFor({ timeout: 60_000 });
    const row = page.getByRole('row').filter({ has: download });
    expect(await row.textContent()).toContain(subject);
    expect(await row.textContent()).toContain('Ready');
    expect(await row.textContent()).not.toMatch(/rpt_\w+/);
    await ui.expectAccessible(page, 'reports');

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const bytes = await readFile(await file.path());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  });

  it('creates an API key shown once, which works at once, and revokes it (then 401)', async () => {
    await ui.navigate(page, 'API keys');
    await page.getByRole('table', { name: 'API keys' }).waitFor();
    await ui.expectAccessible(page, 'api-keys');

    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API key' });
    await dialog.waitFor();
    await ui.expectAccessible(page, 'create-api-key');
    await dialog.getByLabel('Name').fill('CI pipeline');
    await dialog.getByLabel('Scope').selectOption('read_only');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const created = page.getByRole('dialog', { name: 'API key created' });
    await created.getByText('Copy the key now: it is shown only once.').waitFor();
    const key = (await created.getByLabel('API key CI pipeline', { exact: true }).textContent())!;
    expect(key).toMatch(/^sk_/);
    await ui.expectAccessible(page, 'api-key-created');
    const used = await fetch(ui.url('/api/service/systems'), { headers: { authorization: `Bearer ${key}` } });
    expect(used.status).toBe(200);
    await created.getByRole('button', { name: 'I have copied the key' }).click();

    await page.reload();
    const row = page.getByRole('row').filter({ hasText: 'CI pipeline' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Read only');
    expect(await page.getByText(key).count()).toBe(0);

    await page.getByRole('button', { name: 'Revoke CI pipeline' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke CI pipeline?' });
    await confirm.waitFor();
    await ui.expectAccessible(page, 'revoke-api-key');
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await row.waitFor({ state: 'detached' });
    // Identity, which issued it, refuses it at once; every other service within the 2 s the revocation
    // event and the credential cache allow (CREDENTIAL_CACHE_TTL_MS, docs/configuration.md).
    const refused = await fetch(ui.url('/api/service/organization'), {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(refused.status).toBe(401);
    const revokedAt = Date.now();
    await eventually(async () => {
      const elsewhere = await fetch(ui.url('/api/service/systems'), {
        headers: { authorization: `Bearer ${key}` },
      });
      return elsewhere.status === 401;
    }, 'the systems service to refuse the revoked key');
    expect(Date.now() - revokedAt).toBeLessThan(2_000);

    await page.getByLabel('Show revoked keys').check();
    await row.waitFor();
    expect(await page.getByRole('button', { name: 'Revoke CI pipeline' }).count()).toBe(0);
  });

  it('invites a member (the link shown without SMTP), changes their role, removes them; the last owner stays', async () => {
    await ui.navigate(page, 'Members');
    await page.getByRole('row').filter({ hasText: OWNER.email }).waitFor();
    await ui.expectAccessible(page, 'members');

    await page.getByRole('button', { name: 'Invite member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a member' });
    await dialog.waitFor();
    await ui.expectAccessible(page, 'invite-member');
    await dialog.getByLabel('Email').fill(EDITOR.email);
    await dialog.getByLabel('Role').selectOption('editor');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    const sent = page.getByRole('dialog', { name: 'Invitation created' });
    await sent.getByText('No email was sent.').waitFor();
    const link = new URL((await sent.getByLabel('Invitation link', { exact: true }).textContent())!);
    await ui.expectAccessible(page, 'invitation-created');
    await sent.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('table', { name: 'Pending invitations' }).getByText(EDITOR.email).waitFor();

    const accepted = await fetch(ui.url('/api/service/invitations/accept'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ui.app.baseUrl },
      body: JSON.stringify({
        token: link.searchParams.get('token'),
        name: EDITOR.name,
        password: EDITOR.password,
      }),
    });
    expect([200, 201]).toContain(accepted.status);
    await page.reload();
    const role = page.getByLabel(`Role of ${EDITOR.name}`);
    await role.waitFor();
    expect(await role.inputValue()).toBe('editor');
    await page.getByRole('heading', { name: 'No pending invitations' }).waitFor();

    // A role change asks first, even to Owner, and Cancel changes nothing.
    await role.selectOption('owner');
    const promote = page.getByRole('dialog', { name: `Make ${EDITOR.name} Owner?` });
    await promote.getByText('An owner can do everything').waitFor();
    await ui.expectAccessible(page, 'change-role-owner');
    await promote.getByRole('button', { name: 'Cancel' }).click();
    await promote.waitFor({ state: 'hidden' });
    expect(await role.inputValue()).toBe('editor');
    await role.selectOption('auditor');
    const change = page.getByRole('dialog', { name: `Make ${EDITOR.name} Auditor?` });
    await change.getByLabel('Reason').fill('Moves to the audit team');
    await change.getByRole('button', { name: 'Change role' }).click();
    await change.waitFor({ state: 'hidden' });
    const [changed] = await auditHas('member.role_changed');
    expect(changed).toMatchObject({ after: { role: 'auditor', reason: 'Moves to the audit team' } });
    await eventually(async () => {
      const members = await ui.api('GET', '/api/service/members');
      const eve = (members.body.data as Array<{ email: string; role: string }>).find(
        (member) => member.email === EDITOR.email,
      );
      return eve?.role === 'auditor';
    }, 'the new role');

    // The only owner can be neither demoted nor leave: the API's 409 is shown as it says it.
    await page.getByLabel(`Role of ${OWNER.name}`).selectOption('admin');
    const demote = page.getByRole('dialog', { name: 'Change your own role?' });
    await demote.getByRole('button', { name: 'Change my role' }).click();
    await demote.getByRole('alert').filter({ hasText: 'last owner' }).waitFor();
    await ui.expectAccessible(page, 'change-own-role-refused');
    await demote.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByLabel(`Role of ${OWNER.name}`).inputValue()).toBe('owner');
    await page.getByRole('button', { name: 'Leave organization' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave Acme Insurance?' });
    await leave.getByRole('button', { name: 'Leave organization' }).click();
    await leave.getByRole('alert').filter({ hasText: 'last owner' }).waitFor();
    await ui.expectAccessible(page, 'leave-organization-refused');
    await leave.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: `Remove ${EDITOR.name}` }).click();
    const remove = page.getByRole('dialog', { name: `Remove ${EDITOR.name}?` });
    await remove.waitFor();
    await ui.expectAccessible(page, 'remove-member');
    await remove.getByRole('button', { name: 'Remove member' }).click();
    await remove.waitFor({ state: 'hidden' });
    await page.getByRole('row').filter({ hasText: EDITOR.email }).waitFor({ state: 'detached' });

    // An invitation revoked from the page stops working.
    const invited = await ui.api('POST', '/api/service/invitations', {
      email: 'ivan@acme.example',
      role: 'viewer',
    });
    expect(invited.status).toBe(201);
    await page.reload();
    await page.getByRole('button', { name: 'Revoke the invitation of ivan@acme.example' }).click();
    await page.getByRole('heading', { name: 'No pending invitations' }).waitFor();
  });

  it('renames the organization (the shell shows it), saves single sign-on, and manages the own account', async () => {
    const other = await fetch(ui.url('/api/service/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ui.app.baseUrl },
      body: JSON.stringify({ email: OWNER.email, password: OWNER.password }),
    });
    expect(other.status).toBe(200);

    await ui.navigate(page, 'Settings');
    await page.getByLabel('Issuer').waitFor();
    const sessions = page.getByRole('table', { name: 'Your sessions' });
    await sessions.getByText('This session').waitFor();
    expect(await sessions.getByRole('row').count()).toBe(3);
    await ui.expectAccessible(page, 'settings');

    await page.getByLabel('Organization name').fill('Acme Mutual');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByRole('status').filter({ hasText: 'The organization is renamed.' }).waitFor();
    await page
      .getByLabel('Organization', { exact: true })
      .locator('option', { hasText: 'Acme Mutual' })
      .waitFor({ state: 'attached' });

    await page.getByLabel('Issuer').fill('https://login.acme.example');
    await page.getByLabel('Client id').fill('governance-console');
    await page.getByLabel('Client secret').fill('a client secret');
    await page.getByLabel('Allowed email domains').fill('Acme.example');
    await page.getByLabel('Role claim').fill('groups');
    await page.getByRole('button', { name: 'Add a mapping' }).click();
    await page.getByLabel('Claim value 1', { exact: true }).fill('governance-admins');
    await page.getByLabel('Role for claim value 1').selectOption('admin');
    await page.getByLabel('Enabled: people can sign in with it now').uncheck();
    await page.getByRole('button', { name: 'Save single sign-on' }).click();
    await page.getByText('Register this redirect URI at your provider:').waitFor();
    expect((await ui.api('GET', '/api/service/sso')).body).toMatchObject({
      issuer: 'https://login.acme.example',
      allowed_email_domains: ['acme.example'],
      role_claim: 'groups',
      role_mapping: { 'governance-admins': 'admin' },
      enabled: false,
    });
    expect(await page.getByLabel('Client secret').inputValue()).toBe('');
    // The domain routes no sign-in until its DNS record is published and verified.
    const domains = page.getByRole('table', { name: 'Email domain verification' });
    await domains.getByText('Not verified').waitFor();
    await domains.getByText('_governance-challenge.acme.example').waitFor();
    const record = await domains.getByLabel('TXT record of acme.example', { exact: true }).textContent();
    expect(record).toMatch(/^governance-domain-verification=[0-9a-f]{40}$/);
    expect(await domains.getByRole('button', { name: 'Verify acme.example' }).isVisible()).toBe(true);
    await ui.expectAccessible(page, 'settings-sso');

    await sessions.getByRole('button', { name: /^End the session/ }).click();
    await sessions.getByRole('button', { name: /^End the session/ }).waitFor({ state: 'detached' });
    await page.getByLabel('Current password').fill(OWNER.password);
    await page.getByLabel('New password', { exact: true }).fill('an even better passphrase 2');
    await page.getByLabel('Repeat the new password').fill('an even better passphrase 2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('status').filter({ hasText: 'Your password is changed.' }).waitFor();
    const signIn = await fetch(ui.url('/api/service/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ui.app.baseUrl },
      body: JSON.stringify({ email: OWNER.email, password: 'an even better passphrase 2' }),
    });
    expect(signIn.status).toBe(200);
  });

  it('shows in the audit log what the tests did, expands an entry, exports CSV and JSON, and verifies the chain', async () => {
    await auditHas('organization.renamed');
    await auditHas('api_key.revoked');
    await auditHas('member.removed');
    await auditHas('report.requested');
    await auditHas('member.role_changed');

    await ui.navigate(page, 'Audit log');
    const table = page.getByRole('table', { name: 'Audit log entries' });
    for (const action of ['organization.renamed', 'api_key.revoked', 'member.role_changed', 'member.removed'])
      await table.getByText(action, { exact: true }).first().waitFor();
    await ui.expectAccessible(page, 'audit-log');

    const renamed = table.getByRole('row').filter({ hasText: 'organization.renamed' });
    await renamed.getByRole('button', { name: /^Show changes of entry/ }).click();
    const before = page.getByRole('region', { name: /^Before entry/ });
    const after = page.getByRole('region', { name: /^After entry/ });
    expect(await before.textContent()).toContain('Acme Insurance');
    expect(await after.textContent()).toContain('Acme Mutual');
    await ui.expectAccessible(page, 'audit-log-entry');

    await page.getByLabel('Action', { exact: true }).fill('member.role_changed');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await table.getByText('member.role_changed').first().waitFor();
    await table.getByText('organization.renamed').waitFor({ state: 'detached' });

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const text = await readFile(await csv.path(), 'utf8');
    expect(text.split('\n')[0]).toContain('action');
    expect(text).toContain('member.role_changed');
    expect(text).not.toContain('organization.renamed');

    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export JSON' }).click(),
    ]);
    const entries = JSON.parse(await readFile(await json.path(), 'utf8')) as AuditRow[];
    expect(entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(['member.role_changed']));
    expect(entries.every((entry) => entry.action === 'member.role_changed')).toBe(true);

    await page.getByRole('button', { name: 'Verify chain' }).click();
    await page.getByRole('status').filter({ hasText: 'The chain is intact.' }).waitFor();
    await ui.expectAccessible(page, 'audit-log-verified');
  });

  it('shows a viewer no edit controls on these pages, and the API refuses the edits (403)', async () => {
    const { context, page: viewer } = await ui.signInAs(VIEWER, 'viewer');
    const links = await viewer.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();
    expect(links).toEqual(expect.arrayContaining(['Reports', 'Members', 'API keys', 'Settings']));
    expect(links).not.toContain('Audit log');
    await viewer.goto('/audit-log');
    await viewer.getByRole('heading', { name: 'Your role does not include the audit log' }).waitFor();
    await ui.expectAccessible(viewer, 'audit-log-not-permitted');

    const absent = async (name: string | RegExp) =>
      expect({ name: String(name), count: await viewer.getByRole('button', { name }).count() }).toEqual({
        name: String(name),
        count: 0,
      });

    await ui.navigate(viewer, 'Reports');
    await viewer.getByRole('link', { name: /^Download Compliance report/ }).waitFor();
    await absent('Generate report');
    await ui.expectAccessible(viewer, 'reports-viewer');

    await ui.navigate(viewer, 'Members');
    await viewer.getByRole('row').filter({ hasText: OWNER.email }).waitFor();
    await absent('Invite member');
    await absent(/^Remove /);
    await absent(/^Revoke /);
    expect(await viewer.getByRole('combobox', { name: /^Role of/ }).count()).toBe(0);

    await ui.navigate(viewer, 'API keys');
    await viewer.getByRole('table', { name: 'API keys' }).waitFor();
    await absent('Create API key');
    await absent(/^Revoke /);

    await ui.navigate(viewer, 'Settings');
    await viewer.getByText('governance-admins → Admin').waitFor();
    expect(await viewer.getByRole('textbox', { name: 'Organization name' }).count()).toBe(0);
    await absent('Save name');
    await absent('Save single sign-on');
    await absent('Remove single sign-on');
    await viewer.getByRole('button', { name: 'Change password' }).waitFor();
    await ui.expectAccessible(viewer, 'settings-viewer');

    const headers = await ui.csrfHeaders(context);
    const refused = [
      await context.request.post('/api/service/reports', {
        data: { type: 'compliance', format: 'pdf' },
        headers,
      }),
      await context.request.post('/api/service/api-keys', { data: { name: 'x', scope: 'full' }, headers }),
      await context.request.post('/api/service/invitations', {
        data: { email: 'mallory@acme.example', role: 'owner' },
        headers,
      }),
      await context.request.patch('/api/service/organization', { data: { name: 'Mallory Inc' }, headers }),
      await context.request.delete('/api/service/sso', { headers }),
      await context.request.get('/api/service/audit'),
    ];
    expect(refused.map((answer) => answer.status())).toEqual([403, 403, 403, 403, 403, 403]);

    // Every role may leave: the viewer does, and has no organization left.
    await ui.navigate(viewer, 'Members');
    await viewer.getByRole('button', { name: 'Leave organization' }).click();
    await viewer
      .getByRole('dialog', { name: 'Leave Acme Mutual?' })
      .getByRole('button', { name: 'Leave organization' })
      .click();
    await viewer.getByRole('heading', { name: 'You are not a member of any organization' }).waitFor();
    await context.close();
  });
});
