import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createTestDatabase,
  startServiceProcess,
  type ServiceProcess,
  type TestDatabase,
} from '@governance/testing';
import { type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { CHROMIUM, launchChromium } from './chromium';

/*
 * The console in a real browser: Debian's Chromium (`.ci/run` installs it; nothing is downloaded),
 * driven by playwright-core against the standalone as `npm start` runs it. Elements are found by role and
 * accessible name, as a person using a screen reader would find them. Each page's spec calls
 * `useConsole()` once: one standalone, one Chromium, one owner signed in.
 */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
/** `CONSOLE_SCREENSHOTS=1` (npm run console:screenshots) writes each page to docs/console/. */
const SCREENSHOTS = process.env.CONSOLE_SCREENSHOTS ? join(__dirname, '../../../../docs/console') : undefined;

export interface Person {
  name: string;
  email: string;
  password: string;
}

export const OWNER: Person = {
  name: 'Ada Lovelace',
  email: 'ada@acme.example',
  password: 'correct horse battery staple',
};

export interface ApiAnswer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

interface AxeResult {
  violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown }> }>;
}

export interface ConsoleOptions {
  /** Extra environment for the standalone (time rules shortened, limits). */
  env?: Record<string, string>;
  /** Set up the owner and its organization by API before the tests (default); false leaves it to them. */
  setUpOwner?: boolean;
}

export class ConsoleUnderTest {
  readonly setupToken = randomBytes(32).toString('base64url');
  readonly adminToken = `adm_${randomBytes(18).toString('base64url')}`;
  readonly cspViolations: string[] = [];
  app!: ServiceProcess;
  browser!: Browser;
  /** The owner's profile and page, signed in when `setUpOwner` is on. */
  owner!: BrowserContext;
  page!: Page;
  /** A full-scope key of the owner's organization, for arranging state by API. */
  apiKey!: string;
  organizationId!: string;

  url(path: string): string {
    return `${this.app.baseUrl}${path}`;
  }

  async api(method: string, path: string, body?: unknown, token = this.apiKey): Promise<ApiAnswer> {
    const response = await fetch(this.url(path), {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const json = response.headers.get('content-type')?.includes('json');
    return {
      status: response.status,
      headers: response.headers,
      body: (text && json ? JSON.parse(text) : { text }) as Record<string, unknown>,
    };
  }

  async newContext(): Promise<BrowserContext> {
    const context = await this.browser.newContext({
      baseURL: this.app.baseUrl,
      viewport: { width: 1360, height: 900 },
      locale: 'en-GB',
      timezoneId: 'Europe/Paris',
      acceptDownloads: true,
    });
    // An init script is not subject to the page's Content-Security-Policy; a <script> tag would be.
    await context.addInitScript({ content: AXE_SOURCE });
    context.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) this.cspViolations.push(message.text());
    });
    return context;
  }

  /** Signs `person` in within `context` through the API, as the sign-in page does; cookies land there. */
  async signIn(context: BrowserContext, person: Person): Promise<void> {
    const answer = await context.request.post('/api/service/auth/login', {
      data: { email: person.email, password: person.password },
      headers: { origin: this.app.baseUrl },
    });
    if (answer.status() !== 200) throw new Error(`sign-in failed: ${answer.status()} ${await answer.text()}`);
  }

  /**
   * Invites `person` with `role` and accepts by API, then signs them in within a new profile.
   * Returns their page, on Overview.
   */
  async signInAs(person: Person, role: string): Promise<{ context: BrowserContext; page: Page }> {
    const invited = await this.api('POST', '/api/service/invitations', { email: person.email, role });
    if (invited.status !== 201) throw new Error(`invitation failed: ${invited.status}`);
    const token = new URL(invited.body.accept_url as string).searchParams.get('token');
    const context = await this.newContext();
    const accepted = await context.request.post('/api/service/invitations/accept', {
      data: { token, name: person.name, password: person.password },
      headers: { origin: this.app.baseUrl },
    });
    if (![200, 201].includes(accepted.status()))
      throw new Error(`accept failed: ${accepted.status()} ${await accepted.text()}`);
    const page = await context.newPage();
    await page.goto('/');
    await heading(page, 'Overview').waitFor();
    return { context, page };
  }

  /** The CSRF pair a signed-in profile sends with a state change, for asking the API as the browser would. */
  async csrfHeaders(context: BrowserContext): Promise<Record<string, string>> {
    const csrf = (await context.cookies()).find((cookie) => cookie.name === 'service_csrf')!.value;
    return { 'x-service-csrf': csrf, origin: this.app.baseUrl };
  }

  /** axe-core on the page as it is now: no serious or critical violation; a screenshot when asked. */
  async expectAccessible(target: Page, name: string): Promise<void> {
    // A string runs in the page, where the init script put `axe`.
    const result = await target.evaluate<AxeResult>('axe.run(document)');
    const serious = result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id} (${violation.impact}): ${violation.help} at ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
      );
    expect({ page: name, serious }).toEqual({ page: name, serious: [] });
    if (SCREENSHOTS) await target.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  }

  /** Follows a link of the main navigation, as a person would, and waits for the page's heading. */
  async navigate(target: Page, label: string, title: string | RegExp = label): Promise<void> {
    await target.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();
    await heading(target, title).waitFor();
  }
}

export const heading = (target: Page | Locator, name: string | RegExp): Locator =>
  target.getByRole('heading', { level: 1, name });

/** Asks until `check` answers; for what travels by event between services, never for the page itself. */
export async function eventually<T>(
  check: () => Promise<T | false | undefined>,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts the standalone on a fresh database and Chromium before the spec's tests, stops both after, and
 * fails the spec if any page broke the Content-Security-Policy.
 */
export function useConsole(options: ConsoleOptions = {}): ConsoleUnderTest {
  const harness = new ConsoleUnderTest();
  let database: TestDatabase;

  beforeAll(async () => {
    if (!existsSync(CHROMIUM))
      throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (.ci/run does)`);
    if (SCREENSHOTS) mkdirSync(SCREENSHOTS, { recursive: true });
    database = await createTestDatabase();
    const [app, browser] = await Promise.allSettled([
      startServiceProcess('standalone', {
        DATABASE_URL: database.url,
        ADMIN_TOKEN: harness.adminToken,
        SETUP_TOKEN: harness.setupToken,
        SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        REPORT_SIGNING_KEY: randomBytes(32).toString('base64url'),
        EVENT_LOG_POLL_INTERVAL_MS: '50',
        LOG_LEVEL: 'warn',
        ...options.env,
      }),
      launchChromium(),
    ]);
    // Whichever started is kept, so afterAll stops it even when the other failed.
    if (app.status === 'fulfilled') harness.app = app.value;
    if (browser.status === 'fulfilled') harness.browser = browser.value;
    for (const started of [app, browser]) if (started.status === 'rejected') throw started.reason;
    harness.owner = await harness.newContext();
    harness.page = await harness.owner.newPage();
    if (options.setUpOwner !== false) await setUpOwner(harness);
  }, 120_000);

  afterAll(async () => {
    await harness.browser?.close();
    await harness.app?.stop('SIGKILL');
    await database?.drop();
  });

  afterAll(() => {
    expect(harness.cspViolations).toEqual([]);
  });

  return harness;
}

/** The first owner by the setup link, signed in within the owner's profile, and a full key by the admin API. */
export async function setUpOwner(
  harness: ConsoleUnderTest,
  organizationName = 'Acme Insurance',
): Promise<void> {
  const setup = await harness.owner.request.post('/api/service/auth/setup', {
    data: { token: harness.setupToken, organization_name: organizationName, ...OWNER },
    headers: { origin: harness.app.baseUrl },
  });
  if (setup.status() !== 201) throw new Error(`setup failed: ${setup.status()} ${await setup.text()}`);
  await loadOwnerKey(harness);
}

/** The owner's organization and a full-scope key for it, once the owner is signed in. */
export async function loadOwnerKey(harness: ConsoleUnderTest): Promise<void> {
  const me = await harness.owner.request.get('/api/service/auth/me');
  harness.organizationId = (
    (await me.json()) as { organizations: Array<{ id: string }> }
  ).organizations[0]!.id;
  const key = await harness.api(
    'POST',
    `/admin/v1/organizations/${harness.organizationId}/api-keys`,
    undefined,
    harness.adminToken,
  );
  if (key.status !== 201) throw new Error(`key failed: ${key.status}`);
  harness.apiKey = key.body.api_key as string;
}
