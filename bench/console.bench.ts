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

/** The first row's name: a step is done when it changed. */
const firstName = (page: Page) => page.locator('tbody tr td a').first().textContent();

async function timed(action: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await action();
  return performance.now() - started;
}

/** Clicks, then waits until the table's first row is another system and the table is no longer busy. */
async function step(page: Page, click: () => Promise<void>): Promise<number> {
  const before = await firstName(page);
  return timed(async () => {
    await click();
    // A string runs in the page (this file is compiled for Node, without the DOM's types).
    await page.waitForFunction(
      `document.querySelector('table')?.getAttribute('aria-busy') === 'false' &&
       document.querySelector('tbody tr td a')?.textContent !== ${JSON.stringify(before)}`,
      undefined,
      { polling: 'raf' },
    );
  });
}

/** The floor: the same request, parsed, and the rows written into a plain table. */
const bareRender = (page: Page, query: string) =>
  timed(async () => {
    await page.evaluate(`(async () => {
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
    })()`);
  });

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
    // bypassCSP: waitForFunction evaluates its string in the page, which the console's policy forbids.
    const context = await browser.newContext({
      baseURL: app.baseUrl,
      viewport: { width: 1360, height: 900 },
      bypassCSP: true,
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
      await step(page, () => page.getByRole('button', { name: 'Next page' }).click());
      await bareRender(page, `limit=${PAGE_SIZE}`);
    }

    const consoleTimes: number[] = [];
    const bareTimes: number[] = [];
    let cursor: string | null = null;
    for (let round = 0; round < settings.rounds; round += 1) {
      consoleTimes.push(await step(page, () => page.getByRole('button', { name: 'Next page' }).click()));
      const next: APIResponse = await context.request.get(
        `/api/service/systems?limit=${PAGE_SIZE}${cursor ? `&cursor=${cursor}` : ''}`,
        { headers: { 'x-service-organization': organizationId } },
      );
      cursor = ((await next.json()) as { next_cursor: string | null }).next_cursor;
      bareTimes.push(await bareRender(page, `limit=${PAGE_SIZE}${cursor ? `&cursor=${cursor}` : ''}`));
    }
    // Sorting by name and filtering by tier: each a new first page, and back.
    const nameHeader = page.getByRole('button', { name: /^Name/ });
    const tier = page.getByLabel('Risk tier');
    for (let round = 0; round < Math.ceil(settings.rounds / 4); round += 1) {
      consoleTimes.push(await step(page, () => nameHeader.click()));
      bareTimes.push(await bareRender(page, `limit=${PAGE_SIZE}&sort=name`));
      consoleTimes.push(await step(page, () => nameHeader.click()));
      bareTimes.push(await bareRender(page, `limit=${PAGE_SIZE}&sort=-name`));
      consoleTimes.push(await step(page, () => tier.selectOption('high').then(() => undefined)));
      bareTimes.push(await bareRender(page, `limit=${PAGE_SIZE}&sort=-name&risk_tier=high`));
      consoleTimes.push(await step(page, () => tier.selectOption('').then(() => undefined)));
      bareTimes.push(await bareRender(page, `limit=${PAGE_SIZE}&sort=-name`));
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
