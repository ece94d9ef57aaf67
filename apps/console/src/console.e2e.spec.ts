import { type BrowserContext, type Page } from 'playwright-core';
import { eventually, heading, loadOwnerKey, OWNER, useConsole } from './testing/console-harness';

const VIEWER = { name: 'Vera Viewer', email: 'vera@acme.example', password: 'viewing is believing 42' };

describe('the console in Chromium', () => {
  const ui = useConsole({ setUpOwner: false, env: { SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '3' } });
  let page: Page;
  // A second browser profile for everyone else (a visitor, then the viewer): a new Chromium page costs
  // seconds on two cores, so each test clears its cookies rather than opening another.
  let other: BrowserContext;
  let visitor: Page;
  const url = (path: string) => ui.url(path);
  const api = (method: string, path: string, body?: unknown, token?: string) =>
    ui.api(method, path, body, token);
  const expectAccessible = (target: Page, name: string) => ui.expectAccessible(target, name);

  beforeAll(async () => {
    page = ui.page;
    other = await ui.newContext();
    visitor = await other.newPage();
  });

  /** The second profile, signed out. */
  async function anonymous(): Promise<Page> {
    await other.clearCookies();
    return visitor;
  }

  it('serves the console at / with a strict policy, its router on every page, and the API beside it', async () => {
    const index = await fetch(url('/systems/sys_01JD60A1B2C3D4E5F6G7H8J9KM'), {
      headers: { accept: 'text/html' },
    });
    expect(index.status).toBe(200);
    expect(index.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(index.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const html = await index.text();
    expect(html).toContain('<div id="root"></div>');
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    const script = await fetch(url(asset!));
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // API paths stay the API's, with its uniform errors, even for a browser.
    const unknownApi = await fetch(url('/api/service/nothing-here'), { headers: { accept: 'text/html' } });
    expect(unknownApi.status).toBe(404);
    expect(await unknownApi.json()).toMatchObject({ error: { code: 'not_found' } });
    expect((await fetch(url('/api/service/auth/me'))).status).toBe(401);
  });

  it('sets up the first owner, who signs out and signs in with Email, Password and Sign in', async () => {
    await page.goto(`/setup?token=${ui.setupToken}`);
    await heading(page, 'Set up the console').waitFor();
    await expectAccessible(page, 'setup');
    await page.getByLabel('Your name').fill(OWNER.name);
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    // The first-start link needs the organization's name, as the API does: left empty, the form is not sent
    // (it was marked optional, and the server refused it with an internal error).
    await page.getByRole('button', { name: 'Create owner account' }).click();
    expect(
      await page
        .getByLabel('Organization name')
        .evaluate((input) => (input as { validity: { valueMissing: boolean } }).validity.valueMissing),
    ).toBe(true);
    expect(await page.getByText('Internal server error').count()).toBe(0);
    await heading(page, 'Set up the console').waitFor();
    await page.getByLabel('Organization name').fill('Acme Insurance');
    await page.getByRole('button', { name: 'Create owner account' }).click();
    await heading(page, 'Overview').waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await heading(page, 'Sign in').waitFor();
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await expectAccessible(page, 'sign-in');

    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill('not the password at all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'The email or password is incorrect.' }).waitFor();

    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await heading(page, 'Overview').waitFor();
    const navigation = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
    expect(await navigation.allTextContents()).toEqual([
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
    await page.getByRole('heading', { name: 'Governance score' }).waitFor();
    await page.getByRole('heading', { name: 'Activity', exact: true }).waitFor();
    expect(await page.getByLabel('Organization').inputValue()).toMatch(/^org_/);

    await loadOwnerKey(ui);
  });

  it('shows a locked-out sign-in with the time to wait (429)', async () => {
    const signIn = await anonymous();
    await signIn.goto('/sign-in');
    await signIn.getByLabel('Email').fill('mallory@acme.example');
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await signIn.getByLabel('Password').fill(`guess number ${attempt}`);
      await signIn.getByRole('button', { name: 'Sign in' }).click();
      await signIn.getByRole('button', { name: 'Sign in' }).waitFor();
    }
    const alert = signIn.getByRole('alert').filter({ hasText: 'Too many failed sign-ins.' });
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/Try again in \d+ (minutes?|seconds?)\./);
  });

  it('registers a system, which the inventory lists, and opens its page', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Systems' }).click();
    await heading(page, 'Systems').waitFor();
    await page.getByRole('heading', { name: 'No systems yet' }).waitFor();

    await page.getByRole('button', { name: 'Register system' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Register a system' });
    await dialog.waitFor();
    await expectAccessible(page, 'register-system');
    await dialog.getByLabel('Name').fill('Claims Triage');
    await dialog.getByLabel('Description').fill('Routes incoming insurance claims to the right team.');
    await dialog.getByLabel('Owner').fill('claims-platform@acme.example');
    await dialog.getByLabel('Risk tier').selectOption('high');
    await dialog.getByLabel('Vendor').fill('OpenAI');
    await dialog.getByLabel('Model').fill('gpt-4o');
    await dialog.getByLabel('Environment').fill('production');
    await dialog.getByLabel('Tags').fill('claims, customer-facing');
    await dialog.getByRole('button', { name: 'Register system' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Claims Triage' }) });
    await row.waitFor();
    expect(await row.textContent()).toContain('High');
    expect(await row.textContent()).toContain('Declared');
    await expectAccessible(page, 'systems');

    await page.getByRole('link', { name: 'Claims Triage' }).click();
    await heading(page, 'Claims Triage').waitFor();
    await page.getByText('Routes incoming insurance claims to the right team.').waitFor();
    await page.getByRole('heading', { name: 'No probe watches this system' }).waitFor();
    const created = page.getByRole('definition').locator('time').first();
    expect(await created.getAttribute('title')).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
  });

  it("adopts, in one click, a shadow system that a probe's telemetry revealed", async () => {
    const registered = await api('POST', '/api/service/probe/register', {
      probe_name: 'edge-1',
      system_name: 'Claims Triage',
      host: 'claims-1.internal',
      runtime: 'python3.12',
      environment: 'production',
      version: '1.4.0',
    });
    expect(registered.status).toBe(201);
    const telemetry = await api('POST', '/api/service/probe/telemetry', {
      probe_id: registered.body.probe_id,
      records: [
        {
          timestamp: new Date().toISOString(),
          observed_endpoint: 'https://api.openai.com/v1/chat/completions',
          model: 'gpt-4o-mini',
          metrics: { latency_ms: 140 },
        },
      ],
    });
    expect(telemetry).toMatchObject({ status: 202, body: { accepted: 1 } });
    // Discovery travels by event from probe ingest to the systems service.
    const shadow = await eventually(async () => {
      const listed = await api('GET', '/api/service/systems?declared=false');
      return (listed.body.data as Array<{ id: string; name: string }> | undefined)?.[0];
    }, 'the shadow system');

    await page.goto('/systems');
    await heading(page, 'Systems').waitFor();
    await page.getByRole('status').filter({ hasText: '1 shadow system' }).waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: shadow.name }) });
    expect(await row.textContent()).toContain('Shadow');
    await expectAccessible(page, 'systems-with-shadow');

    await page.getByRole('button', { name: `Adopt ${shadow.name}` }).click();
    await row.getByText('Declared', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: `Adopt ${shadow.name}` }).count()).toBe(0);
    const adopted = await api('GET', `/api/service/systems/${shadow.id}`);
    expect(adopted.body).toMatchObject({ declared: true, registration_source: 'shadow_ai_discovery' });

    // The probe shows on the system it registered for.
    await page.getByRole('link', { name: 'Claims Triage' }).click();
    await heading(page, 'Claims Triage').waitFor();
    const probe = page.getByRole('row').filter({ hasText: 'edge-1' });
    await probe.waitFor();
    expect(await probe.textContent()).toContain('Connected');
    // Its drift over time, its violations and its assessments: none yet.
    await page.getByRole('heading', { name: 'No drift alerts in the last 30 days' }).waitFor();
    await page.getByRole('heading', { name: 'No policy violations for this system' }).waitFor();
    await page.getByRole('heading', { name: 'Assessments', exact: true }).waitFor();
    await expectAccessible(page, 'system');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' }).click();
    await heading(page, 'Overview').waitFor();
    await page.getByRole('list', { name: 'Activity' }).getByText('System registered').first().waitFor();
    await expectAccessible(page, 'overview');
  });

  it('shows new activity and a probe’s state without a reload, over a stream authorized like any request', async () => {
    await page.goto('/');
    await heading(page, 'Overview').waitFor();
    await page.getByRole('status', { name: 'Live updates: Live' }).waitFor();
    // Anything that reloads the page would lose this mark.
    await page.evaluate('window.stillTheSamePage = true');
    const created = await api('POST', '/api/service/systems', { name: 'Fraud Radar', risk_tier: 'limited' });
    expect(created.status).toBe(201);
    await page.getByRole('list', { name: 'Activity' }).getByText('System Fraud Radar registered').waitFor();

    // A system's page follows its probes: a new probe appears, connected, without a reload.
    await page.getByRole('link', { name: 'System Fraud Radar registered' }).click();
    await heading(page, 'Fraud Radar').waitFor();
    await page.getByRole('status', { name: 'Live updates: Live' }).waitFor();
    const probe = await api('POST', '/api/service/probe/register', {
      probe_name: 'fraud-edge',
      system_name: 'Fraud Radar',
      host: 'fraud-1.internal',
      runtime: 'python3.12',
      environment: 'production',
      version: '1.4.0',
    });
    expect(probe.status).toBe(201);
    const row = page.getByRole('row').filter({ hasText: 'fraud-edge' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Connected');
    expect(await page.evaluate('window.stillTheSamePage')).toBe(true);

    // The stream itself: an event stream for a client that asks for one, the uniform 406 otherwise.
    const refused = await fetch(url('/api/service/dashboard/stream'), {
      headers: { authorization: `Bearer ${ui.apiKey}`, accept: 'application/json' },
    });
    expect(refused.status).toBe(406);
    expect(await refused.json()).toMatchObject({ error: { code: 'not_acceptable' } });
    expect(
      (await fetch(url('/api/service/dashboard/stream'), { headers: { accept: 'text/event-stream' } }))
        .status,
    ).toBe(401);
    const controller = new AbortController();
    const stream = await fetch(url('/api/service/dashboard/stream'), {
      headers: { authorization: `Bearer ${ui.apiKey}`, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const reader = stream.body!.getReader();
    let text = '';
    while (!text.includes('event: ready'))
      text += new TextDecoder().decode((await reader.read()).value as Uint8Array);
    controller.abort();
  });

  it('shows a viewer no edit controls, and the API refuses them anyway (403)', async () => {
    const invited = await api('POST', '/api/service/invitations', { email: VIEWER.email, role: 'viewer' });
    expect(invited.status).toBe(201);
    const acceptUrl = new URL(invited.body.accept_url as string);

    const viewerContext = other;
    const viewer = await anonymous();
    await viewer.goto(`${acceptUrl.pathname}${acceptUrl.search}`);
    await heading(viewer, 'Join Acme Insurance').waitFor();
    await expectAccessible(viewer, 'accept-invitation');
    await viewer.getByLabel('Your name').fill(VIEWER.name);
    await viewer.getByLabel('Password').fill(VIEWER.password);
    await viewer.getByRole('button', { name: 'Accept invitation' }).click();
    await heading(viewer, 'Overview').waitFor();
    const links = await viewer.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();
    expect(links).toContain('Systems');
    expect(links).not.toContain('Audit log');

    await viewer.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Systems' }).click();
    await viewer.getByRole('link', { name: 'Claims Triage' }).waitFor();
    for (const name of [/^Register system$/, /^Adopt/, /^Retire/, /^Reactivate/])
      expect({ name: String(name), count: await viewer.getByRole('button', { name }).count() }).toEqual({
        name: String(name),
        count: 0,
      });
    await viewer.getByRole('link', { name: 'Claims Triage' }).click();
    await heading(viewer, 'Claims Triage').waitFor();
    expect(await viewer.getByRole('button', { name: /^Retire/ }).count()).toBe(0);

    // The same session, asking the API directly with its CSRF token: refused by role.
    const systemId = new URL(viewer.url()).pathname.split('/').pop()!;
    const csrf = (await viewerContext.cookies()).find((cookie) => cookie.name === 'service_csrf')!.value;
    const headers = { 'x-service-csrf': csrf, origin: ui.app.baseUrl };
    const retire = await viewerContext.request.patch(`/api/service/systems/${systemId}`, {
      data: { status: 'retired' },
      headers,
    });
    expect(retire.status()).toBe(403);
    expect(await retire.json()).toMatchObject({ error: { code: 'forbidden' } });
    const create = await viewerContext.request.post('/api/service/systems', {
      data: { name: 'Sneaky' },
      headers,
    });
    expect(create.status()).toBe(403);
    expect((await api('GET', `/api/service/systems/${systemId}`)).body).toMatchObject({ status: 'active' });
  });

  it('asks for a password reset link, and explains a used or unknown one', async () => {
    const reset = await anonymous();
    await reset.goto('/reset-password');
    await heading(reset, 'Reset your password').waitFor();
    await expectAccessible(reset, 'reset-password');
    await reset.getByLabel('Email').fill(OWNER.email);
    await reset.getByRole('button', { name: 'Send reset link' }).click();
    await reset.getByRole('status').filter({ hasText: 'Check your email.' }).waitFor();

    await reset.goto('/reset-password?token=not-a-real-token');
    await reset.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
    await reset.getByRole('button', { name: 'Set password' }).click();
    await reset
      .getByRole('alert')
      .filter({ hasText: 'This link has expired or was used already.' })
      .waitFor();
  });

  it('sends a person whose session ended to the sign-in page, and back where they were after', async () => {
    const lost = await anonymous();
    await lost.goto('/systems?status=active');
    await heading(lost, 'Sign in').waitFor();
    expect(new URL(lost.url()).searchParams.get('next')).toBe('/systems?status=active');
    await lost.getByLabel('Email').fill(OWNER.email);
    await lost.getByLabel('Password').fill(OWNER.password);
    await lost.getByRole('button', { name: 'Sign in' }).click();
    await heading(lost, 'Systems').waitFor();
    expect(await lost.getByLabel('Status').inputValue()).toBe('active');
  });
});
