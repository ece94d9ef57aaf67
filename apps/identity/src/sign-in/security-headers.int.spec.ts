import { type ServiceHarness } from '@governance/testing';
import { AUTH, Browser, expectUniformError, sessionIdOf, setCookies } from './testing/browser';
import { person, setUpFirstOwner, startIdentity } from './testing/identity';

const HTTPS_CONSOLE = 'https://console.test';

/** What browsers are told on every answer, over TLS and not. */
describe('security headers and cookies over TLS', () => {
  let harness: ServiceHarness;
  let browser: Browser;

  beforeAll(async () => {
    harness = await startIdentity({ PUBLIC_URL: HTTPS_CONSOLE });
    browser = new Browser(harness, '192.0.2.31', HTTPS_CONSOLE);
  });

  afterAll(() => harness.close());

  it('names the CSRF cookie __Host-, Secure on / without a domain, and checks requests against it', async () => {
    const owner = person('Tess');
    await setUpFirstOwner(browser, owner);
    const login = await browser.send('POST', `${AUTH}/login`, {
      email: owner.email,
      password: owner.password,
    });
    expect(login.statusCode).toBe(200);
    const csrf = setCookies(login).find((cookie) => cookie.startsWith('__Host-service_csrf='));
    expect(csrf).toMatch(/^__Host-service_csrf=[A-Za-z0-9_-]{43}; Path=\/; Secure; SameSite=Lax$/);
    expect(setCookies(login).some((cookie) => cookie.startsWith('service_csrf='))).toBe(false);

    // A token planted in an unprefixed cookie (by another host, or over plain HTTP) is not the one.
    const session = browser.sessionToken!;
    const planted = await harness.request('POST', `${AUTH}/logout`, undefined, undefined, {
      origin: HTTPS_CONSOLE,
      cookie: `service_session=${session}; service_csrf=planted`,
      'x-service-csrf': 'planted',
    });
    expectUniformError(planted, 403, 'csrf_rejected');

    // The console repeats the __Host- cookie, as the test browser does; ending the session clears it.
    expect((await browser.send('GET', `${AUTH}/sessions`)).statusCode).toBe(200);
    const ended = await browser.send('DELETE', `${AUTH}/sessions/${sessionIdOf(session)}`);
    expect(ended.statusCode).toBe(204);
    expect(setCookies(ended).find((cookie) => cookie.startsWith('__Host-service_csrf='))).toMatch(
      /^__Host-service_csrf=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Secure; SameSite=Lax$/,
    );
  });

  it('sends HSTS and nosniff on API answers, errors included', async () => {
    for (const response of [
      await harness.request('GET', '/health/live'),
      await harness.request('GET', `${AUTH}/me`),
      await harness.request('GET', '/api/service/no-such-thing'),
      await harness.request('POST', `${AUTH}/login`, undefined, '{'),
    ]) {
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('serves /docs with a content policy that no other site may frame', async () => {
    const page = await harness.request('GET', '/docs');
    expect(page.statusCode).toBe(200);
    const policy = String(page.headers['content-security-policy']);
    expect(policy.split('; ')).toEqual(
      expect.arrayContaining(["default-src 'self'", "script-src 'self'", "frame-ancestors 'none'"]),
    );
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    // Swagger UI's own files come from the same origin, which the policy allows.
    for (const src of [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]!)) {
      const script = await harness.request('GET', `/${src.replace(/^\.\//, '')}`);
      expect([src, script.statusCode]).toEqual([src, 200]);
    }
  });
});

describe('security headers over plain HTTP (development)', () => {
  let harness: ServiceHarness;

  beforeAll(async () => {
    harness = await startIdentity({ PUBLIC_URL: 'http://localhost:8080' });
  });

  afterAll(() => harness.close());

  it('sends no HSTS, still nosniff, and the plain CSRF cookie name', async () => {
    const browser = new Browser(harness, '192.0.2.32', 'http://localhost:8080');
    const owner = person('Uma');
    await setUpFirstOwner(browser, owner);
    const login = await browser.send('POST', `${AUTH}/login`, {
      email: owner.email,
      password: owner.password,
    });
    expect(login.headers['strict-transport-security']).toBeUndefined();
    expect(login.headers['x-content-type-options']).toBe('nosniff');
    expect(setCookies(login).find((cookie) => cookie.startsWith('service_csrf='))).toMatch(
      /^service_csrf=[A-Za-z0-9_-]{43}; Path=\/; SameSite=Lax$/,
    );
  });
});
