import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, createServer as createTcpServer, type Socket } from 'node:net';
import { ServiceHarness } from '@governance/testing';
import { createService } from '../service';
import { PROVIDER_RESPONSE_MAX_BYTES } from './openid-providers';
import { ISSUER_UNUSABLE } from './sso-settings.service';
import { OidcTestProvider } from './testing/oidc-test-provider';
import {
  browserOf,
  CALLBACK,
  CLIENT,
  createOrganization,
  type ErrorBody,
  identityEnv,
  PUBLIC_URL,
} from './testing/sso-fixtures';
import { TestDnsServer } from './testing/test-dns-server';

const ACCOUNTS = { alice: { email: 'alice@acme.com', email_verified: true, name: 'Alice' } };

/** A server on 127.0.0.1 that answers every request with `answer(url, origin)`. */
async function httpServer(answer: (url: string, origin: string) => { status: number; body: string }) {
  let origin = '';
  const server = createServer((request, response) => {
    const { status, body } = answer(request.url ?? '/', origin);
    response.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, origin };
}

/** A discovery document of `issuer` whose endpoints are at `endpoints` (the issuer by default). */
const discoveryDocument = (issuer: string, endpoints = issuer, extra: Record<string, unknown> = {}) => ({
  issuer,
  authorization_endpoint: `${issuer}/auth`,
  token_endpoint: `${endpoints}/token`,
  jwks_uri: `${endpoints}/jwks`,
  response_types_supported: ['code'],
  subject_types_supported: ['public'],
  id_token_signing_alg_values_supported: ['RS256'],
  ...extra,
});

const configuration = (issuer: string, overrides: Record<string, unknown> = {}) => ({
  issuer,
  client_id: CLIENT.client_id,
  client_secret: CLIENT.client_secret,
  allowed_email_domains: ['acme.com'],
  default_role: 'viewer',
  enabled: true,
  ...overrides,
});

/**
 * SSO's requests to identity providers follow the webhooks' destination policy: public addresses only
 * (resolved and pinned), endpoints on the issuer's host unless an admin allows others, answers capped in
 * size, and one answer for every failure, so the issuer field cannot be used to map a network.
 */
describe('SSO requests to identity providers', () => {
  let provider: OidcTestProvider;
  let dns: TestDnsServer;
  const servers: Server[] = [];

  beforeAll(async () => {
    [provider, dns] = await Promise.all([
      OidcTestProvider.start([{ ...CLIENT, redirect_uris: [CALLBACK] }], ACCOUNTS),
      TestDnsServer.start(),
    ]);
    dns.set('login.corp.example', { A: ['10.1.2.3'] });
    dns.set('sso.rebind.example', { A: ['8.8.8.8', '127.0.0.1'] });
  });

  afterAll(async () => {
    for (const server of servers) server.close();
    await Promise.all([provider?.stop(), dns?.stop()]);
  });

  async function refusedUniformly(harness: ServiceHarness, apiKey: string, body: unknown) {
    const before = await harness.count('tenancy.sso_configurations');
    const response = await harness.request('PUT', '/api/service/sso', apiKey, body);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().error).toEqual({
      code: 'validation_failed',
      message: expect.any(String) as unknown,
      details: [{ field: 'issuer', message: ISSUER_UNUSABLE }],
    });
    expect(await harness.count('tenancy.sso_configurations')).toBe(before);
    return response.json<ErrorBody>();
  }

  describe('by default: public addresses only', () => {
    let harness: ServiceHarness;
    let org: { id: string; apiKey: string };

    beforeAll(async () => {
      harness = await ServiceHarness.start(createService, {
        env: identityEnv(randomBytes(32).toString('base64'), {
          strict: true,
          extra: { SSO_DNS_SERVERS: dns.address },
        }),
      });
      org = await createOrganization(harness, 'Acme Insurance');
    });

    afterAll(() => harness?.close());

    it('refuses a real provider on a loopback address, with the one answer', async () => {
      await refusedUniformly(harness, org.apiKey, configuration(provider.issuer));
      const port = new URL(provider.issuer).port;
      await refusedUniformly(harness, org.apiKey, configuration(`http://[::1]:${port}`));
      await refusedUniformly(harness, org.apiKey, configuration(`http://localhost:${port}`));
    });

    it('refuses a host name that resolves to a private address, or to any non-public one among others', async () => {
      await refusedUniformly(harness, org.apiKey, configuration('http://login.corp.example'));
      await refusedUniformly(harness, org.apiKey, configuration('https://sso.rebind.example'));
      // Asked through SSO_DNS_SERVERS, as every provider's host is.
      expect(dns.questions).toEqual(expect.arrayContaining(['A login.corp.example', 'A sso.rebind.example']));
    });

    it('does not start a sign-in through a provider at a private address saved before', async () => {
      // A configuration from before the policy: saved disabled, then enabled behind the API's back.
      const saved = await harness.request(
        'PUT',
        '/api/service/sso',
        org.apiKey,
        configuration(provider.issuer, { enabled: false }),
      );
      expect(saved.statusCode).toBe(200);
      await harness.sql.query(
        'UPDATE tenancy.sso_configurations SET enabled = true WHERE organization_id = $1',
        [org.id],
      );
      const start = await harness.request('GET', `/api/service/auth/sso/start?organization=${org.id}`);
      expect(start.statusCode).toBe(503);
      expect(start.json<ErrorBody>().error.message).toBe(
        'The identity provider of this organization cannot be reached; try again later',
      );
      expect(await harness.count('tenancy.sso_logins')).toBe(0);
    });
  });

  describe('with private addresses allowed (tests): every other rule still holds', () => {
    let harness: ServiceHarness;
    let org: { id: string; apiKey: string };

    beforeAll(async () => {
      harness = await ServiceHarness.start(createService, {
        env: identityEnv(randomBytes(32).toString('base64'), {
          extra: { SSO_PROVIDER_TIMEOUT_MS: '500', SSO_DNS_SERVERS: dns.address },
        }),
      });
      org = await createOrganization(harness, 'Acme Insurance');
    });

    afterAll(() => harness?.close());

    it('gives one answer for a closed port, a non-JSON answer, a time-out and a redirect', async () => {
      const closed = createTcpServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const closedPort = (closed.address() as AddressInfo).port;
      await new Promise((resolve) => closed.close(resolve));

      const html = await httpServer(() => ({ status: 200, body: '<html>not json</html>' }));
      const redirect = await httpServer(() => ({ status: 302, body: '' }));
      const held: Socket[] = [];
      const silent = createTcpServer((socket) => held.push(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      servers.push(html.server, redirect.server);
      try {
        const answers = [];
        for (const issuer of [
          `http://127.0.0.1:${closedPort}`,
          html.origin,
          `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
          redirect.origin,
        ])
          answers.push(await refusedUniformly(harness, org.apiKey, configuration(issuer)));
        expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
      } finally {
        for (const socket of held) socket.destroy();
        silent.close();
      }
    });

    it('refuses a discovery document that sends the token call to another host, unless an admin allows that host', async () => {
      // The issuer is 127.0.0.1; its document names another host for the token and JWKS endpoints.
      dns.set('tokens.acme.example', { A: ['127.0.0.1'] });
      const elsewhere = await httpServer((_, origin) => ({
        status: 200,
        body: JSON.stringify(discoveryDocument(origin, origin.replace('127.0.0.1', 'tokens.acme.example'))),
      }));
      servers.push(elsewhere.server);
      await refusedUniformly(harness, org.apiKey, configuration(elsewhere.origin));

      const allowed = await harness.request(
        'PUT',
        '/api/service/sso',
        org.apiKey,
        configuration(elsewhere.origin, { endpoint_hosts: ['tokens.acme.example'] }),
      );
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json()).toMatchObject({ endpoint_hosts: ['tokens.acme.example'] });
      expect((await harness.request('DELETE', '/api/service/sso', org.apiKey)).statusCode).toBe(204);
    });

    it('refuses an oversized discovery document', async () => {
      const padding = 'x'.repeat(PROVIDER_RESPONSE_MAX_BYTES);
      const large = await httpServer((_, origin) => ({
        status: 200,
        body: JSON.stringify(discoveryDocument(origin, origin, { padding })),
      }));
      servers.push(large.server);
      await refusedUniformly(harness, org.apiKey, configuration(large.origin));
    });

    it('refuses an oversized key set: the sign-in fails and nobody is signed in', async () => {
      const padded = await OidcTestProvider.start([{ ...CLIENT, redirect_uris: [CALLBACK] }], ACCOUNTS, {
        jwksPaddingBytes: PROVIDER_RESPONSE_MAX_BYTES,
      });
      try {
        const saved = await harness.request(
          'PUT',
          '/api/service/sso',
          org.apiKey,
          configuration(padded.issuer),
        );
        expect(saved.statusCode).toBe(200);
        const browser = browserOf(harness);
        const started = await browser.visit(`/api/service/auth/sso/start?organization=${org.id}`);
        expect(started.statusCode).toBe(302);
        const back = await browser.atProvider(started.headers.location as string, 'alice');
        const callback = await browser.visit(back);
        expect(callback.headers.location).toBe(`${PUBLIC_URL}/sign-in?error=sso_provider_error`);
        expect(browser.cookie(PUBLIC_URL, 'service_session')).toBeUndefined();
        expect(await harness.count('tenancy.sessions')).toBe(0);
      } finally {
        await padded.stop();
      }
    });
  });
});
