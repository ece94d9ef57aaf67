import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FastifyInstance } from 'fastify';
import { CONSOLE_CSP, createConsoleSite } from './console-site';

describe('the console site of the standalone', () => {
  let root: string;
  let site: FastifyInstance;
  const html = { accept: 'text/html,application/xhtml+xml' };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'console-site-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(root, 'assets', 'index-Ab12.js'), 'console.log(1)');
    writeFileSync(join(root, 'favicon.svg'), '<svg/>');
    site = (await createConsoleSite(root))!;
  });

  afterAll(async () => {
    await site.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves the page at / with its policy, asked for again on every visit', async () => {
    const page = await site.inject({ method: 'GET', url: '/', headers: html });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers).toMatchObject({
      'content-security-policy': CONSOLE_CSP,
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    expect(CONSOLE_CSP).not.toContain('unsafe');
  });

  it("gives every browser navigation the page, so the console's router takes it", async () => {
    for (const url of [
      '/systems',
      '/systems/sys_01JD60A1B2C3D4E5F6G7H8J9KM?tab=probes',
      '/invitations/accept?token=x',
    ]) {
      const page = await site.inject({ method: 'GET', url, headers: html });
      expect({ url, status: page.statusCode, csp: page.headers['content-security-policy'] }).toEqual({
        url,
        status: 200,
        csp: CONSOLE_CSP,
      });
    }
  });

  it('caches hashed assets for a year', async () => {
    const asset = await site.inject({ method: 'GET', url: '/assets/index-Ab12.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await site.inject({ method: 'GET', url: '/favicon.svg' })).headers['cache-control']).toBe(
      'no-cache',
    );
  });

  it("leaves the API's paths, other methods and non-page requests to a JSON 404", async () => {
    for (const [method, url, headers] of [
      ['GET', '/api/service/unknown', html],
      ['GET', '/v1/nothing', html],
      ['GET', '/admin', html],
      ['GET', '/metrics/x', html],
      ['GET', '/assets/missing.js', {}],
      ['POST', '/systems', html],
    ] as const) {
      const answer = await site.inject({ method, url, headers });
      expect({ url, method, status: answer.statusCode, body: answer.json<unknown>() }).toEqual({
        url,
        method,
        status: 404,
        body: { error: { code: 'not_found', message: 'No such resource', details: null } },
      });
    }
  });

  it('is not served when the console was not built', async () => {
    expect(await createConsoleSite(join(root, 'missing'))).toBeUndefined();
  });
});
