import { type Page } from 'playwright-core';
import { eventually, heading, useConsole } from '../testing/console-harness';

const VIEWER = { name: 'Vera Viewer', email: 'vera@acme.example', password: 'viewing is believing 42' };
const NAME = 'No e-mail to public AI APIs';
const RULE = {
  all: [
    { field: 'labels.pii', op: 'eq', value: 'email' },
    { field: 'observed_endpoint', op: 'contains', value: 'api.openai.com' },
  ],
};

interface PolicyBody {
  id: string;
  name: string;
  enforcement_mode: string;
  severity: string;
  rules: unknown;
}

describe('the Policies page in Chromium', () => {
  const ui = useConsole();
  let page: Page;
  let policyId: string;
  let probeId: string;

  const stored = async () =>
    (await ui.api('GET', `/api/service/policies/${policyId}`)).body as unknown as PolicyBody & {
      status: string;
      version: number;
      description: string | null;
    };
  const synced = async () =>
    ((await ui.api('GET', `/api/service/probe/policy-sync?probe_id=${probeId}`)).body.policies ??
      []) as Array<{
      policy_id: string;
      version: number;
      rules: unknown;
    }>;
  /** The policy's newest audit entry of `action`, once identity has appended it to the trail. */
  const auditOf = async (action: string) => {
    let entries: Array<{ after: Record<string, unknown> | null }> = [];
    await eventually(async () => {
      const answer = await ui.api('GET', `/api/service/audit?target_id=${policyId}&action=${action}`);
      entries = answer.body.data as typeof entries;
      return entries.length > 0;
    }, `the audit trail to record ${action}`);
    return entries;
  };

  beforeAll(() => {
    page = ui.page;
  });

  it('creates a policy with the rule builder, whose JSON view shows the same rule', async () => {
    await page.goto('/');
    await heading(page, 'Overview').waitFor();
    await ui.navigate(page, 'Policies');
    await page.getByRole('heading', { name: 'No policies yet' }).waitFor();
    await ui.expectAccessible(page, 'policies-empty');

    await page.getByRole('button', { name: 'Create policy' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create a policy' });
    await dialog.getByLabel('Name', { exact: true }).fill(NAME);
    await dialog.getByLabel('Label name of condition 1').fill('pii');
    await dialog.getByLabel('Value of condition 1').fill('email');
    await dialog.getByRole('button', { name: 'Add condition', exact: true }).click();
    await dialog.getByLabel('Field of condition 2').selectOption('observed_endpoint');
    await dialog.getByLabel('Operator of condition 2').selectOption('contains');
    await dialog.getByLabel('Value of condition 2').fill('api.openai.com');
    await ui.expectAccessible(page, 'policy-create-builder');

    await dialog.getByRole('tab', { name: 'JSON' }).click();
    const json = dialog.getByLabel(/^Rule as JSON/);
    expect(JSON.parse(await json.inputValue())).toEqual(RULE);
    await ui.expectAccessible(page, 'policy-create-json');

    // Text that is not JSON stays in the JSON view with the reason, and is not sent.
    await json.fill('{"all": [');
    await dialog.getByRole('tab', { name: 'Builder' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'This is not valid JSON' }).waitFor();
    expect(await dialog.getByRole('tab', { name: 'JSON' }).getAttribute('aria-selected')).toBe('true');
    await dialog.getByRole('button', { name: 'Create policy' }).click();
    expect(await json.getAttribute('aria-invalid')).toBe('true');
    expect((await ui.api('GET', '/api/service/policies')).body.data).toEqual([]);
    await ui.expectAccessible(page, 'policy-create-json-error');

    // The same rule, back in the builder.
    await json.fill(JSON.stringify(RULE));
    await dialog.getByRole('tab', { name: 'Builder' }).click();
    expect(await dialog.getByLabel('Label name of condition 1').inputValue()).toBe('pii');
    expect(await dialog.getByLabel('Operator of condition 2').inputValue()).toBe('contains');
    expect(await dialog.getByLabel('Value of condition 2').inputValue()).toBe('api.openai.com');
    await dialog.getByRole('button', { name: 'Create policy' }).click();

    await heading(page, NAME).waitFor();
    policyId = new URL(page.url()).pathname.split('/').at(-1)!;
    const stored = (await ui.api('GET', `/api/service/policies/${policyId}`)).body as unknown as PolicyBody;
    expect(stored).toMatchObject({ name: NAME, enforcement_mode: 'WARN', rules: RULE });
    expect(
      JSON.parse((await page.getByRole('region', { name: 'Rule' }).locator('pre').textContent())!),
    ).toEqual(RULE);
    await page.getByRole('heading', { name: 'No violations yet' }).waitFor();
    await ui.expectAccessible(page, 'policy');
  });

  it('switches the policy from Warn to Block once asked, with a reason, and the change persists', async () => {
    const toggle = page.getByRole('radiogroup', { name: `Enforcement of ${NAME}` });
    expect(await toggle.getByRole('radio', { name: 'Warn' }).isChecked()).toBe(true);
    const details = page.getByRole('region', { name: 'Details' });
    expect(await details.textContent()).toContain('High · follows the mode');

    // A click asks first; Cancel leaves the policy as it was.
    await toggle.getByRole('radio', { name: 'Block' }).check();
    const confirm = page.getByRole('dialog', { name: `Switch ${NAME} to Block?` });
    await confirm.getByText('violations become critical').waitFor();
    await ui.expectAccessible(page, 'policy-switch-mode');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await toggle.getByRole('radio', { name: 'Warn' }).isChecked()).toBe(true);
    expect(
      ((await ui.api('GET', `/api/service/policies/${policyId}`)).body as unknown as PolicyBody)
        .enforcement_mode,
    ).toBe('WARN');

    await toggle.getByRole('radio', { name: 'Block' }).check();
    await confirm.getByLabel('Reason').fill('Confirmed leak in production');
    const patched = page.waitForResponse(
      (response) => response.url().endsWith('/enforcement') && response.request().method() === 'PATCH',
    );
    await confirm.getByRole('button', { name: 'Switch to Block' }).click();
    expect((await patched).status()).toBe(200);
    await confirm.waitFor({ state: 'hidden' });

    await page.reload();
    await heading(page, NAME).waitFor();
    expect(await toggle.getByRole('radio', { name: 'Block' }).isChecked()).toBe(true);
    expect(await toggle.getByRole('radio', { name: 'Warn' }).isChecked()).toBe(false);
    // Its severity was left to the mode: it follows it.
    expect(await details.textContent()).toContain('Critical · follows the mode');
    const stored = (await ui.api('GET', `/api/service/policies/${policyId}`)).body as unknown as PolicyBody;
    expect(stored).toMatchObject({ enforcement_mode: 'BLOCK', severity: 'CRITICAL' });
    const audited = await eventually(async () => {
      const listed = await ui.api('GET', '/api/service/audit?action=policy.enforcement_changed');
      return (listed.body.data as Array<{ target_id: string; after: object }> | undefined)?.find(
        (entry) => entry.target_id === policyId,
      );
    }, 'the switch in the audit trail');
    expect(audited.after).toMatchObject({
      enforcement_mode: 'BLOCK',
      reason: 'Confirmed leak in production',
    });
  });

  it("shows on the policy's page the violation a probe's telemetry raised", async () => {
    // The page follows the dashboard live from here on.
    await page.getByRole('status', { name: 'Live updates: Live' }).waitFor();
    const registered = await ui.api('POST', '/api/service/probe/register', {
      probe_name: 'edge-1',
      system_name: 'Claims Triage',
      host: 'claims-1.internal',
      runtime: 'python3.12',
      environment: 'production',
      version: '1.4.0',
    });
    expect(registered.status).toBe(201);
    probeId = registered.body.probe_id as string;
    // The Block version travels by event to probe ingest, which evaluates telemetry against its copy.
    await eventually(async () => {
      const sync = await ui.api('GET', `/api/service/probe/policy-sync?probe_id=${probeId}`);
      const policies = sync.body.policies as
        Array<{ policy_id: string; enforcement_mode: string }> | undefined;
      return policies?.some((policy) => policy.policy_id === policyId && policy.enforcement_mode === 'BLOCK');
    }, 'probe ingest to hold the Block version of the policy');

    const telemetry = await ui.api('POST', '/api/service/probe/telemetry', {
      probe_id: probeId,
      records: [
        {
          timestamp: new Date().toISOString(),
          observed_endpoint: 'https://api.openai.com/v1/chat/completions',
          model: 'gpt-4o-mini',
          labels: { pii: 'email' },
          metrics: { latency_ms: 140 },
        },
      ],
    });
    expect(telemetry).toMatchObject({ status: 202, body: { accepted: 1 } });
    // The violation travels by event from probe ingest to the dashboard, and reaches the open page live.
    const row = page
      .getByRole('region', { name: 'Violations' })
      .getByRole('row')
      .filter({ hasText: `Policy '${NAME}' blocked a request` });
    await row.waitFor();
    expect(await row.textContent()).toContain('Critical');
    await ui.expectAccessible(page, 'policy-with-violation');
  });

  it('imports a framework, and lists, filters and sorts the policies', async () => {
    await ui.navigate(page, 'Policies');
    await page.getByRole('link', { name: NAME }).waitFor();
    await page.getByRole('button', { name: 'Import framework' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a framework' });
    await dialog.getByRole('radio', { name: /^NIST AI Risk Management Framework/ }).check();
    await ui.expectAccessible(page, 'policies-import');
    await dialog.getByRole('button', { name: 'Import framework' }).click();
    const outcome = dialog.getByRole('status').filter({ hasText: 'imported' });
    await outcome.waitFor();
    expect(await outcome.textContent()).toMatch(/\d+ polic(y was|ies were) created/);
    await ui.expectAccessible(page, 'policies-imported');
    await dialog.getByRole('button', { name: 'Done' }).click();

    const imported = (await ui.api('GET', '/api/service/policies?framework=NIST_AI_RMF&limit=100')).body
      .data as PolicyBody[];
    expect(imported.length).toBeGreaterThan(0);
    await page.getByLabel('Framework', { exact: true }).selectOption('NIST_AI_RMF');
    // The unfiltered page stays on screen until the filtered one arrives: wait for the custom policy to go.
    await page.getByRole('link', { name: NAME }).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: imported[0]!.name }).waitFor();
    expect(await page.getByRole('radiogroup', { name: /^Enforcement of / }).count()).toBe(
      Math.min(imported.length, 25),
    );

    await page.getByLabel('Framework', { exact: true }).selectOption('');
    await page.getByRole('link', { name: NAME }).waitFor();
    const nameHeader = page.getByRole('columnheader', { name: 'Name' });
    await nameHeader.getByRole('button').click();
    expect(await nameHeader.getAttribute('aria-sort')).toBe('ascending');
    await ui.expectAccessible(page, 'policies');
  });

  it('shows a viewer no create, toggle or import controls, and the API refuses them anyway (403)', async () => {
    const { context, page: viewer } = await ui.signInAs(VIEWER, 'viewer');
    await ui.navigate(viewer, 'Policies');
    await viewer.getByRole('link', { name: NAME }).waitFor();
    expect(await viewer.getByRole('button', { name: 'Create policy' }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: 'Import framework' }).count()).toBe(0);
    expect(await viewer.getByRole('radiogroup').count()).toBe(0);
    await ui.expectAccessible(viewer, 'policies-viewer');

    await viewer.getByRole('link', { name: NAME }).click();
    await heading(viewer, NAME).waitFor();
    await viewer.getByRole('region', { name: 'Violations' }).getByRole('row').nth(1).waitFor();
    expect(await viewer.getByRole('radiogroup').count()).toBe(0);
    for (const action of ['Edit', 'Disable', 'Delete'])
      expect([action, await viewer.getByRole('button', { name: action, exact: true }).count()]).toEqual([
        action,
        0,
      ]);
    await ui.expectAccessible(viewer, 'policy-viewer');

    const headers = await ui.csrfHeaders(context);
    const created = await context.request.post('/api/service/policies', {
      data: { name: 'Viewer policy', enforcement_mode: 'WARN', rules: RULE },
      headers,
    });
    const toggled = await context.request.patch(`/api/service/policies/${policyId}/enforcement`, {
      data: { enforcement_mode: 'WARN' },
      headers,
    });
    const imported = await context.request.post('/api/service/policies/frameworks/EU_AI_ACT/import', {
      headers,
    });
    const edited = await context.request.patch(`/api/service/policies/${policyId}`, {
      data: { status: 'disabled' },
      headers,
    });
    const deleted = await context.request.delete(`/api/service/policies/${policyId}`, { headers });
    expect([
      created.status(),
      toggled.status(),
      imported.status(),
      edited.status(),
      deleted.status(),
    ]).toEqual([403, 403, 403, 403, 403]);
    expect(await stored()).toMatchObject({ enforcement_mode: 'BLOCK', status: 'active' });
    await context.close();
  });

  it('edits the rule from the policy’s page, and probes are sent the new version', async () => {
    await page.goto(`/policies/${policyId}`);
    await heading(page, NAME).waitFor();
    const before = await stored();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${NAME}` });
    expect(await dialog.getByLabel('Name', { exact: true }).inputValue()).toBe(NAME);
    expect(await dialog.getByLabel('Value of condition 2').inputValue()).toBe('api.openai.com');
    await dialog.getByLabel('Value of condition 2').fill('openai.com');
    await dialog.getByLabel('Description').fill('Any OpenAI host, not only the API.');
    await dialog.getByLabel('Reason for the change').fill('Probes saw traffic to chat.openai.com');
    await ui.expectAccessible(page, 'policy-edit');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const rules = { all: [RULE.all[0], { field: 'observed_endpoint', op: 'contains', value: 'openai.com' }] };
    expect(await stored()).toMatchObject({
      name: NAME,
      description: 'Any OpenAI host, not only the API.',
      enforcement_mode: 'BLOCK',
      rules,
      version: before.version + 1,
    });
    await page.getByRole('region', { name: 'Rule' }).getByText('"openai.com"').waitFor();
    const [entry] = await auditOf('policy.updated');
    expect(entry?.after).toMatchObject({ rules, reason: 'Probes saw traffic to chat.openai.com' });
    await eventually(
      async () =>
        (await synced()).some(
          (policy) => policy.policy_id === policyId && policy.version === before.version + 1,
        ),
      'probe ingest to serve the edited version',
    );
  });

  it('refuses an edit made from an outdated version, and shows why', async () => {
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${NAME}` });
    // Someone else changes the policy while the dialog is open.
    const meanwhile = await ui.api('PATCH', `/api/service/policies/${policyId}`, { severity: 'CRITICAL' });
    expect(meanwhile.status).toBe(200);
    await dialog.getByLabel('Description').fill('This edit must not overwrite the other one.');
    const refused = page.waitForResponse(
      (response) => response.url().endsWith(policyId) && response.request().method() === 'PATCH',
    );
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    const answer = await refused;
    expect([answer.status(), await answer.text()]).toEqual([
      409,
      expect.stringContaining('"current_version"'),
    ]);
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'Someone changed this policy since you opened it.' })
      .waitFor();
    expect(await stored()).toMatchObject({
      severity: 'CRITICAL',
      description: 'Any OpenAI host, not only the API.',
    });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('disables the policy only with a reason, after asking, and probes stop receiving it; then enables it', async () => {
    await page.getByRole('button', { name: 'Disable', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Disable ${NAME}?` });
    const confirm = dialog.getByRole('button', { name: 'Disable policy' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Why disable it?').fill('Blocking support replies; narrowing the rule first');
    await ui.expectAccessible(page, 'policy-disable');
    await confirm.click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Enable', exact: true }).waitFor();
    expect((await stored()).status).toBe('disabled');
    const [disabled] = await auditOf('policy.disabled');
    expect(disabled?.after).toMatchObject({
      status: 'disabled',
      reason: 'Blocking support replies; narrowing the rule first',
    });
    await eventually(
      async () => !(await synced()).some((policy) => policy.policy_id === policyId),
      'probe ingest to drop the disabled policy',
    );

    await page.getByRole('button', { name: 'Enable', exact: true }).click();
    const enable = page.getByRole('dialog', { name: `Enable ${NAME}?` });
    await enable.getByRole('button', { name: 'Enable policy' }).click();
    await enable.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Disable', exact: true }).waitFor();
    expect((await stored()).status).toBe('active');
    await eventually(
      async () => (await synced()).some((policy) => policy.policy_id === policyId),
      'probe ingest to serve the enabled policy again',
    );
  });

  it('deletes the policy after asking why; it leaves the list and the probes, its violations stay', async () => {
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: `Delete ${NAME}?` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await ui.api('GET', `/api/service/policies/${policyId}`)).status).toBe(200);

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    dialog = page.getByRole('dialog', { name: `Delete ${NAME}?` });
    const confirm = dialog.getByRole('button', { name: 'Delete policy' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Why delete it?').fill('Replaced by the PII egress policy');
    await ui.expectAccessible(page, 'policy-delete');
    await confirm.click();

    await heading(page, 'Policies').waitFor();
    await page.getByRole('link', { name: NAME }).waitFor({ state: 'detached' });
    expect((await ui.api('GET', `/api/service/policies/${policyId}`)).status).toBe(404);
    const [deleted] = await auditOf('policy.deleted');
    expect(deleted?.after).toEqual({ reason: 'Replaced by the PII egress policy' });
    await eventually(
      async () => !(await synced()).some((policy) => policy.policy_id === policyId),
      'probe ingest to drop the deleted policy',
    );
    // The violation it raised keeps its history.
    const activity = await ui.api('GET', `/api/service/dashboard/activity?policy_id=${policyId}`);
    expect((activity.body.data as unknown[]).length).toBeGreaterThan(0);
  });
});
