import { findFramework } from '@governance/frameworks';
import { type BrowserContext, type Page } from 'playwright-core';
import { eventually, heading, OWNER, setUpOwner, useConsole } from './testing/console-harness';

const EU_AI_ACT = findFramework('EU_AI_ACT')!;
/** A document answering the first few EU AI Act controls and nothing else: a low score, many findings. */
const DOCUMENT = EU_AI_ACT.controls
  .slice(0, 6)
  .flatMap((control) => [
    `## ${control.id} ${control.title}`,
    '',
    ...control.evidence_cues.map(
      (cue) => `Our programme covers ${cue.terms[0]} for every production system, reviewed each quarter.`,
    ),
    '',
  ])
  .join('\n');

/** A policy every record of the test's telemetry breaks: more violations than one page holds. */
const POLICY = 'No customer email to public models';
const VIOLATIONS = 23;
const CLAIMS = 'Claims Triage';
const OLD = 'Legacy Scorer';

interface AuditRow {
  action: string;
  target_id: string;
  after: Record<string, unknown> | null;
}

/**
 * Issue 27 D, as a new governance lead meets the console: the sign-in page before anyone has an account,
 * the Overview's numbers in plain words that agree with the policy and system pages, the activity feed
 * not flooded by one assessment, systems edited and retired with a reason, and every page on a phone.
 */
describe('the first hour in the console, in Chromium', () => {
  // Probes fall silent quickly, so a retired system's silent probe is there to be left out.
  const ui = useConsole({
    setUpOwner: false,
    env: { PROBE_SILENCE_MS: '3000', PROBE_SILENCE_SWEEP_MS: '500' },
  });
  let page: Page;
  let claimsId: string;
  let oldId: string;
  let policyId: string;
  let assessmentId: string;

  async function auditHas(action: string, targetId: string): Promise<AuditRow> {
    return eventually(async () => {
      const listed = await ui.api('GET', `/api/service/audit?action=${action}`);
      return (listed.body.data as AuditRow[] | undefined)?.find((row) => row.target_id === targetId);
    }, `an audit entry ${action}`);
  }

  async function registerProbe(name: string, system: string): Promise<string> {
    const registered = await ui.api('POST', '/api/service/probe/register', {
      probe_name: name,
      system_name: system,
      host: `${name}.internal`,
      runtime: 'python3.12',
      environment: 'production',
      version: '1.4.0',
    });
    expect(registered.status).toBe(201);
    return registered.body.probe_id as string;
  }

  it('tells a first visitor to open the setup link while nobody has an account, and only then', async () => {
    page = ui.page;
    await page.goto('/sign-in');
    const pending = page.getByRole('status').filter({ hasText: 'Nobody has an account here yet.' });
    await pending.waitFor();
    expect(await pending.textContent()).toContain('npm start');
    await ui.expectAccessible(page, 'sign-in-setup-pending');

    await setUpOwner(ui);
    const later = await ui.newContext();
    const visitor = await later.newPage();
    const asked = visitor.waitForResponse((response) => response.url().endsWith('/api/service/auth/setup'));
    await visitor.goto('/sign-in');
    await heading(visitor, 'Sign in').waitFor();
    expect(await (await asked).json()).toEqual({ setup_pending: false });
    expect(await visitor.getByText('Nobody has an account here yet.').count()).toBe(0);
    await later.close();
  });

  it('arranges an organization: two systems with probes, a blocking policy broken often, an assessment', async () => {
    const claims = await ui.api('POST', '/api/service/systems', { name: CLAIMS, risk_tier: 'high' });
    const old = await ui.api('POST', '/api/service/systems', { name: OLD });
    expect([claims.status, old.status]).toEqual([201, 201]);
    claimsId = claims.body.id as string;
    oldId = old.body.id as string;
    const created = await ui.api('POST', '/api/service/policies', {
      name: POLICY,
      enforcement_mode: 'BLOCK',
      rules: { field: 'labels.pii', op: 'eq', value: 'email' },
    });
    expect(created.status).toBe(201);
    policyId = created.body.id as string;

    const probeId = await registerProbe('claims-edge', CLAIMS);
    await registerProbe('legacy-edge', OLD);
    await eventually(async () => {
      const sync = await ui.api('GET', `/api/service/probe/policy-sync?probe_id=${probeId}`);
      return (sync.body.policies as Array<{ policy_id: string }> | undefined)?.some(
        (policy) => policy.policy_id === policyId,
      );
    }, 'probe ingest to hold the policy');
    const telemetry = await ui.api('POST', '/api/service/probe/telemetry', {
      probe_id: probeId,
      records: Array.from({ length: VIOLATIONS }, (_, index) => ({
        timestamp: new Date(Date.now() - index * 1_000).toISOString(),
        observed_endpoint: 'https://api.openai.com/v1/chat/completions',
        model: 'gpt-4o-mini',
        labels: { pii: 'email' },
        metrics: { latency_ms: 140 + index },
      })),
    });
    expect(telemetry).toMatchObject({ status: 202, body: { accepted: VIOLATIONS } });

    // A document meeting a few controls: one assessment, many findings.
    const form = new FormData();
    form.set('system_id', claimsId);
    form.set('framework', 'EU_AI_ACT');
    form.set('file', new Blob([DOCUMENT], { type: 'text/markdown' }), 'claims-triage.md');
    const submitted = await fetch(ui.url('/api/service/assess/document'), {
      method: 'POST',
      headers: { authorization: `Bearer ${ui.apiKey}` },
      body: form,
    });
    expect(submitted.status).toBe(202);
    assessmentId = ((await submitted.json()) as { id: string }).id;
    await eventually(async () => {
      const status = (await ui.api('GET', `/api/service/assess/${assessmentId}`)).body.status;
      return status === 'complete';
    }, 'the assessment to complete');
  });

  it('shows framework scores as percentages and the score’s parts in plain words', async () => {
    const compliance = await eventually(async () => {
      const answer = await ui.api('GET', '/api/service/dashboard/compliance-status');
      return (answer.body.data as Array<{ framework: string; score: number | null }>).find(
        (framework) => framework.framework === 'EU_AI_ACT' && framework.score !== null,
      );
    }, 'the assessment in the dashboard');
    await page.goto('/');
    await heading(page, 'Overview').waitFor();
    const badges = page.getByRole('region', { name: 'Compliance by framework' });
    // A 0–1 fraction, shown as a percentage (it once read "Fail · 0" for 27%).
    expect(compliance.score).toBeGreaterThan(0.01);
    const percent = `score ${Math.round(compliance.score! * 100)}%`;
    await badges
      .getByRole('listitem')
      .filter({ hasText: EU_AI_ACT.name })
      .filter({ hasText: percent })
      .waitFor();

    const score = page.getByRole('region', { name: 'Governance score' });
    const parts = score.getByRole('list', { name: 'How the score is made' });
    const compliancePart = parts.getByRole('listitem').filter({ hasText: 'Compliance' });
    expect(await compliancePart.textContent()).toMatch(/of 40 points/);
    expect(await compliancePart.textContent()).toMatch(/latest assessment/);
    const findingsPart = parts.getByRole('listitem').filter({ hasText: 'Open findings' });
    expect(await findingsPart.textContent()).toMatch(/Each open critical finding costs 5 points/);
    expect(await score.textContent()).not.toMatch(/penalty|\d+ \/ \d+/);
    await ui.expectAccessible(page, 'overview-first-hour');
  });

  it('shows beside the governance score the average assessment score the executive report leads with', async () => {
    const requested = await ui.api('POST', '/api/service/reports', { type: 'executive', format: 'json' });
    expect(requested.status).toBe(202);
    const reportId = requested.body.id as string;
    // Report generation is a queued job, by design: its record says when the file is ready.
    const ready = await eventually(async () => {
      const record = await ui.api('GET', `/api/service/reports/${reportId}`);
      return record.body.status === 'complete' && (record.body.download_url as string);
    }, 'the executive report');
    const download = new URL(ready);
    const report = (await ui.api('GET', `${download.pathname}${download.search}`)).body as {
      summary: { average_score: number | null };
    };
    const summary = await ui.api('GET', '/api/service/dashboard/summary');
    const average = summary.body.average_assessment_score as number;
    expect(report.summary.average_score).not.toBeNull();
    expect(report.summary.average_score).toBeCloseTo(average, 4);

    await page.goto('/');
    const score = page.getByRole('region', { name: 'Governance score' });
    await score.getByText(`Average assessment score: ${Math.round(average * 100)}%`).waitFor();
  });

  it('groups one assessment’s findings into one activity entry', async () => {
    const feed = page.getByRole('list', { name: 'Activity' });
    const grouped = feed
      .getByRole('listitem')
      .filter({ hasText: new RegExp(`Assessment of ${CLAIMS} against EU_AI_ACT: \\d+ findings`) });
    await eventually(async () => {
      await page.reload();
      await feed.waitFor();
      return (await grouped.count()) === 1;
    }, 'the grouped findings in the feed').catch(async (error: Error) => {
      throw new Error(`${error.message}: ${await feed.textContent()}`);
    });
    const count = Number(/: (\d+) findings/.exec((await grouped.textContent()) ?? '')?.[1]);
    expect(count).toBeGreaterThan(1);
    expect(
      await feed
        .getByRole('listitem')
        .filter({ hasText: /finding on / })
        .count(),
    ).toBe(0);
  });

  it('pages through all of a policy’s violations and says how many there are', async () => {
    await page.goto(`/policies/${policyId}`);
    await heading(page, POLICY).waitFor();
    const card = page.getByRole('region', { name: `Violations (${VIOLATIONS})` });
    await card.waitFor();
    const pager = card.getByRole('navigation', { name: 'Pages of violations' });
    await pager.getByText(`1–20 of ${VIOLATIONS} violations`).waitFor();
    expect(await card.getByRole('row').count()).toBe(21);
    await pager.getByRole('button', { name: 'Next page' }).click();
    await pager.getByText(`21–${VIOLATIONS} of ${VIOLATIONS} violations`).waitFor();
    expect(await card.getByRole('row').count()).toBe(VIOLATIONS - 20 + 1);
    await ui.expectAccessible(page, 'policy-violations-paged');
  });

  it('lists a system’s violations once, apart from its other activity', async () => {
    await page.goto(`/systems/${claimsId}`);
    await heading(page, CLAIMS).waitFor();
    const violations = page.getByRole('region', { name: 'Policy violations' });
    await violations
      .getByRole('row')
      .filter({ hasText: `Policy '${POLICY}' blocked a request` })
      .first()
      .waitFor();
    const other = page.getByRole('region', { name: 'Other recent activity' });
    await other.getByRole('row').filter({ hasText: 'findings' }).waitFor();
    expect(
      await other
        .getByRole('row')
        .filter({ hasText: `Policy '${POLICY}'` })
        .count(),
    ).toBe(0);
  });

  it('edits a system in a dialog', async () => {
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${CLAIMS}` });
    await dialog.getByLabel('Owner').fill('claims-platform@acme.example');
    await dialog.getByLabel('Risk tier').selectOption('limited');
    await ui.expectAccessible(page, 'system-edit');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('definition').filter({ hasText: 'claims-platform@acme.example' }).waitFor();
    const stored = (await ui.api('GET', `/api/service/systems/${claimsId}`)).body;
    expect(stored).toMatchObject({ owner: 'claims-platform@acme.example', risk_tier: 'limited' });
  });

  it('retires a system only once asked, with a reason, and the Overview stops counting it and its probe', async () => {
    type Counts = {
      systems: { total: number; by_risk_tier: { unclassified: number }; by_status: { retired: number } };
      probes: { total: number; disconnected: number };
    };
    const summary = async () => (await ui.api('GET', '/api/service/dashboard/summary')).body as Counts;
    // Both probes fall silent (PROBE_SILENCE_MS); the dashboard counts both until one system retires.
    const before = await eventually(async () => {
      const counts = await summary();
      return counts.probes.total === 2 && counts.probes.disconnected === 2 && counts;
    }, 'both probes silent');
    await page.goto(`/systems/${oldId}`);
    await heading(page, OLD).waitFor();
    await page.getByRole('button', { name: `Retire ${OLD}` }).click();
    const dialog = page.getByRole('dialog', { name: `Retire ${OLD}?` });
    await ui.expectAccessible(page, 'system-retire');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await ui.api('GET', `/api/service/systems/${oldId}`)).body.status).toBe('active');

    await page.getByRole('button', { name: `Retire ${OLD}` }).click();
    await dialog.getByLabel('Reason').fill('Replaced by Claims Triage');
    await dialog.getByRole('button', { name: 'Retire system' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: `Reactivate ${OLD}` }).waitFor();
    const audited = await auditHas('system.retired', oldId);
    expect(audited.after).toEqual({ status: 'retired', reason: 'Replaced by Claims Triage' });

    // The unclassified, declared system and its silent probe leave the counts; it stays as retired.
    const after = await eventually(async () => {
      const counts = await summary();
      return counts.systems.by_status.retired === 1 && counts;
    }, 'the retirement in the dashboard');
    expect(after.systems.total).toBe(before.systems.total - 1);
    expect(after.systems.by_risk_tier.unclassified).toBe(before.systems.by_risk_tier.unclassified - 1);
    expect(after.probes).toMatchObject({ total: 1, disconnected: 1 });
    await page.goto('/');
    const systems = page.getByRole('region', { name: 'Systems' });
    await systems.getByText(`${after.systems.total} in use`).waitFor();
    expect(await page.getByRole('region', { name: 'Probes connected' }).textContent()).toMatch(/0 of 1/);
  });

  describe('on a phone, 390 × 844', () => {
    let phone: BrowserContext;
    let mobile: Page;

    beforeAll(async () => {
      phone = await ui.browser.newContext({
        baseURL: ui.app.baseUrl,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 1,
        isMobile: true,
        hasTouch: true,
        locale: 'en-GB',
        timezoneId: 'Europe/Paris',
      });
      await phone.addInitScript({ path: require.resolve('axe-core/axe.min.js') });
      mobile = await phone.newPage();
    });

    afterAll(() => phone.close());

    /**
     * The page's width, and what sticks out past the viewport when it is too wide (for the message). A
     * string runs in the page: this file is compiled without the DOM's types.
     */
    const MEASURE = `(() => {
      const width = document.documentElement.scrollWidth;
      const wider = width <= 390 ? [] : [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > 391)
        .slice(0, 5)
        .map((element) => element.tagName + '.' + element.className);
      return { width, wider };
    })()`;
    const overflow = (target: Page) => target.evaluate<{ width: number; wider: string[] }>(MEASURE);

    /** The pages wider than the phone, with what sticks out; each page checked by axe and shot. */
    async function tooWide(pages: Array<[string, string | RegExp, string]>): Promise<object[]> {
      const found: object[] = [];
      for (const [path, title, name] of pages) {
        await mobile.goto(path);
        await heading(mobile, title).waitFor();
        // Every section drawn: no spinner left (the live streams keep the network busy for good).
        await mobile.locator('[class*="spinner"]').first().waitFor({ state: 'detached' });
        const measured = await overflow(mobile);
        if (measured.width > 390) found.push({ path, ...measured });
        await ui.expectAccessible(mobile, name);
      }
      return found;
    }

    it('fits the signed-out pages', async () => {
      expect(
        await tooWide([
          ['/sign-in', 'Sign in', 'phone-sign-in'],
          ['/reset-password', /password/i, 'phone-reset-password'],
        ]),
      ).toEqual([]);
    });

    it('folds the navigation behind a Menu button', async () => {
      await ui.signIn(phone, OWNER);
      await mobile.goto('/');
      await heading(mobile, 'Overview').waitFor();
      const nav = mobile.getByRole('navigation', { name: 'Main' });
      expect(await nav.isVisible()).toBe(false);
      const menu = mobile.getByRole('button', { name: 'Menu' });
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      await menu.click();
      await nav.waitFor();
      await ui.expectAccessible(mobile, 'phone-menu-open');
      await nav.getByRole('link', { name: 'Systems' }).click();
      await heading(mobile, 'Systems').waitFor();
      await nav.waitFor({ state: 'hidden' });
      // The navigation no longer pushes the page down: the heading is near the top.
      const top = (await heading(mobile, 'Systems').boundingBox())!.y;
      expect(top).toBeLessThan(300);
    });

    // One test per page: each draws, is measured and checked by axe within its own time limit.
    const SIGNED_IN: Array<[string, () => string, string | RegExp]> = [
      ['overview', () => '/', 'Overview'],
      ['systems', () => '/systems', 'Systems'],
      ['system', () => `/systems/${claimsId}`, CLAIMS],
      ['assessments', () => '/assessments', 'Assessments'],
      ['assessment', () => `/assessments/${assessmentId}`, 'claims-triage.md'],
      ['policies', () => '/policies', 'Policies'],
      ['policy', () => `/policies/${policyId}`, POLICY],
      ['reports', () => '/reports', 'Reports'],
      ['webhooks', () => '/webhooks', 'Webhooks'],
      ['audit-log', () => '/audit-log', 'Audit log'],
      ['members', () => '/members', 'Members'],
      ['api-keys', () => '/api-keys', 'API keys'],
      ['settings', () => '/settings', 'Settings'],
    ];

    it.each(SIGNED_IN)(
      'fits the signed-in %s page into 390 px without scrolling sideways',
      async (name, path, title) => {
        expect(await tooWide([[path(), title, `phone-${name}`]])).toEqual([]);
      },
    );
  });
});
