import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { type APIResponse, type Page } from 'playwright-core';
import { createLogger, EnvReader } from '@governance/platform';
import { startServiceProcess } from '@governance/testing';
import { launchChromium } from '../apps/console/src/testing/chromium';
import { printBenchResult } from './support/bench-result';
import { createBenchDatabase } from './support/database';

/*
 * bench:console: how fast a page of the inventory renders at BENCH_SYSTEMS systems (10,000), in Debian's
 * Chromium against the standalone with a warm API. Each step is a person's click (next page, sort by name,
 * a risk tier filter) until the table shows the new rows. Beside it, in the same page and run, the bare
 * floor: the same API request by `fetch`, its JSON parsed and written into a plain table with innerHTML.
 * Both are timed from Node around the same Playwright round trip. The target is under 200 ms.
 */

const OWNER = { name: 'Bench Owner', email: 'bench@acme.example', password: 'benchmarks all the way down' };
const PAGE_SIZE = 25;

interface Settings {
  systems: number;
  rounds: number;
}

function readSettings(env: NodeJS.ProcessEnv): Settings {
  const reader = new EnvReader(env);
  const settings = {
    systems: reader.int('BENCH_SYSTEMS', 10_000, { min: PAGE_SIZE * 4, max: 1_000_000 }),
    rounds: reader.int('BENCH_ROUNDS', 30, { min: 3, max: 1_000 }),
  };
  reader.assertValid();
  return settings;
}

const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

/*
 * Both are timed inside the page, from the action to the first frame after the new rows are in the DOM, so
 * neither carries Playwright's round trip or its click checks. The scripts are strings: they run in the
 * page, and this file is compiled for Node, without the DOM's types.
 */
type Action = 'next page' | 'sort by name' | 'tier high' | 'every tier';

const ACTIONS: Record<Action, string> = {
  'next page': `[...document.querySelectorAll('button')].find((b) => b.textContent === 'Next page').click()`,
  'sort by name': `document.querySelector('th[aria-sort] button').click()`,
  'tier high': `(() => { const s = [...document.querySelectorAll('select')].find((e) => e.id && document.querySelector('label[for="' + e.id + '"]')?.textContent === 'Risk tier'); s.value = 'high'; s.dispatchEvent(new Event('change', { bubbles: true })); })()`,
  'every tier': `(() => { const s = [...document.querySelectorAll('select')].find((e) => e.id && document.querySelector('label[for="' + e.id + '"]')?.textContent === 'Risk tier'); s.value = ''; s.dispatchEvent(new Event('change', { bubbles: true })); })()`,
};

/** The console: the action, then frames until the table shows another first row and is no longer busy. */
const consoleStep = (page: Page, action: Action): Promise<number> =>
  page.evaluate(`new Promise((resolve) => {
    const first = () => document.querySelector('tbody tr td a')?.textContent;
    const before = first();
    const started = performance.now();
    ${ACTIONS[action]};
    const check = () => {
      if (document.querySelector('table')?.getAttribute('aria-busy') === 'false' && first() !== before)
        requestAnimationFrame(() => resolve(performance.now() - started));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })`);

/** The floor: the same request, parsed, its rows written into a plain table, and the next frame. */
const bareStep = (page: Page, query: string): Promise<number> =>
  page.evaluate(`(async () => {
    const started = performance.now();
    const organization = localStorage.getItem('governance.console.organization') ?? '';
    const response = await fetch('/api/service/systems?${query}', {
      headers: { 'x-service-organization': organization },
    });
    const body = await response.json();
    const host = document.getElementById('bare') ?? document.body.appendChild(document.createElement('div'));
    host.id = 'bare';
    host.innerHTML = '<table>' + body.data
      .map((row) => '<tr><td>' + row.name + '</td><td>' + row.risk_tier + '</td><td>' + row.status +
        '</td><td>' + row.created_at + '</td></tr>')
      .join('') + '</table>';
    await new Promise((resolve) => requestAnimationFrame(resolve));
    return performance.now() - started;
  })()`);

async function main(): Promise<void> {
  const settings = readSettings(process.env);
  const logger = createLogger('bench', 'warn');
  const database = await createBenchDatabase(process.env, logger);
  const setupToken = randomBytes(32).toString('base64url');
  const app = await startServiceProcess('standalone', {
    DATABASE_URL: database.url,
    SETUP_TOKEN: setupToken,
    ADMIN_TOKEN: `adm_${randomBytes(18).toString('base64url')}`,
    SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    REPORT_SIGNING_KEY: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'warn',
  });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({
      baseURL: app.baseUrl,
      viewport: { width: 1360, height: 900 },
    });
    const setup = await context.request.post('/api/service/auth/setup', {
      data: { token: setupToken, organization_name: 'Bench Inc', ...OWNER },
      headers: { origin: app.baseUrl },
    });
    if (setup.status() !== 201) throw new Error(`setup failed: ${setup.status()}`);
    const me = (await (await context.request.get('/api/service/auth/me')).json()) as {
      organizations: Array<{ id: string }>;
    };
    const organizationId = me.organizations[0]!.id;

    // The inventory written straight into the systems service's table: the page reads nothing else.
    const sql = new Client({ connectionString: database.url });
    await sql.connect();
    await sql.query(
      `INSERT INTO systems.systems (id, organization_id, name, description, owner, vendor, model, risk_tier,
         environment, tags, declared, registration_source, discovery_method, status, created_at, updated_at)
       SELECT 'sys_' || lpad(upper(to_hex(i)), 26, '0'), $1, 'System ' || lpad(i::text, 6, '0'),
              'Benchmark system ' || i, 'team-' || (i % 40), 'Vendor ' || (i % 7), 'model-' || (i % 11),
              (ARRAY['unacceptable','high','limited','minimal','unclassified'])[1 + i % 5],
              'production', ARRAY['bench'], i % 9 <> 0,
              CASE WHEN i % 9 = 0 THEN 'shadow_ai_discovery' ELSE 'api' END,
              CASE WHEN i % 9 = 0 THEN 'observed_endpoint' ELSE 'manual' END,
              CASE WHEN i % 13 = 0 THEN 'retired' ELSE 'active' END,
              now() - ($2::int - i) * interval '1 minute', now() - ($2::int - i) * interval '1 minute'
         FROM generate_series(1, $2::int) AS i`,
      [organizationId, settings.systems],
    );
    await sql.query('ANALYZE systems.systems');
    await sql.end();

    const page = await context.newPage();
    await page.goto('/systems');
    await page.getByRole('button', { name: 'Next page' }).waitFor();
    // Warm: the page's chunks, the API's plans, the browser's caches.
    for (let round = 0; round < 3; round += 1) {
      await consoleStep(page, 'next page');
      await bareStep(page, `limit=${PAGE_SIZE}`);
    }

    const consoleTimes: number[] = [];
    const bareTimes: number[] = [];
    let cursor: string | null = null;
    for (let round = 0; round < settings.rounds; round += 1) {
      consoleTimes.push(await consoleStep(page, 'next page'));
      const next: APIResponse = await context.request.get(
        `/api/service/systems?limit=${PAGE_SIZE}${cursor ? `&cursor=${cursor}` : ''}`,
        { headers: { 'x-service-organization': organizationId } },
      );
      cursor = ((await next.json()) as { next_cursor: string | null }).next_cursor;
      bareTimes.push(await bareStep(page, `limit=${PAGE_SIZE}${cursor ? `&cursor=${cursor}` : ''}`));
    }
    // Sorting by name and filtering by tier: each a new first page, and back.
    for (let round = 0; round < Math.ceil(settings.rounds / 4); round += 1) {
      consoleTimes.push(await consoleStep(page, 'sort by name'));
      bareTimes.push(await bareStep(page, `limit=${PAGE_SIZE}&sort=name`));
      consoleTimes.push(await consoleStep(page, 'sort by name'));
      bareTimes.push(await bareStep(page, `limit=${PAGE_SIZE}&sort=-name`));
      consoleTimes.push(await consoleStep(page, 'tier high'));
      bareTimes.push(await bareStep(page, `limit=${PAGE_SIZE}&sort=-name&risk_tier=high`));
      consoleTimes.push(await consoleStep(page, 'every tier'));
      bareTimes.push(await bareStep(page, `limit=${PAGE_SIZE}&sort=-name`));
    }

    const median = quantile(consoleTimes, 0.5);
    const p95 = quantile(consoleTimes, 0.95);
    const bareMedian = quantile(bareTimes, 0.5);
    console.log(
      [
        `bench:console: ${settings.systems.toLocaleString('en')} systems, ${consoleTimes.length} steps ` +
          '(next page, sort by name, filter by tier), Chromium against the standalone',
        `  console page render   median ${median.toFixed(1)} ms   p95 ${p95.toFixed(1)} ms   max ${Math.max(...consoleTimes).toFixed(1)} ms`,
        `  bare fetch + table    median ${bareMedian.toFixed(1)} ms   p95 ${quantile(bareTimes, 0.95).toFixed(1)} ms`,
        `  target: a page renders in under 200 ms (p95): ${p95 < 200 ? 'met' : 'NOT met'}`,
      ].join('\n'),
    );
    printBenchResult({
      bench: 'console inventory page (10,000 systems)',
      figure: `p95 ${p95.toFixed(0)} ms (median ${median.toFixed(0)} ms)`,
      baseline: `median ${bareMedian.toFixed(0)} ms`,
      ratio: null,
      target: '< 200 ms',
      met: p95 < 200,
    });
  } finally {
    await browser.close();
    await app.stop('SIGKILL');
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
