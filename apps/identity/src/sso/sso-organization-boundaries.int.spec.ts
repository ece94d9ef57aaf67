import { randomBytes } from 'node:crypto';
import { newId } from '@governance/contracts';
import { readOutbox, ServiceHarness } from '@governance/testing';
import { createService } from '../service';
import { OidcTestProvider } from './testing/oidc-test-provider';
import {
  browserOf,
  CALLBACK,
  CLIENT,
  createOrganization,
  type ErrorBody,
  identityEnv,
  proveDomain,
  PUBLIC_URL,
} from './testing/sso-fixtures';
import { TestDnsServer } from './testing/test-dns-server';

const ACCOUNTS = {
  gina: { email: 'gina@globex.example', email_verified: true, name: 'Gina' },
  pat: { email: 'pat@acme.com', email_verified: true, name: 'Pat' },
};

/**
 * What one organization's SSO can reach: only domains it proved it controls (a DNS TXT record), and only
 * itself, even for a person who belongs to other organizations too.
 */
describe('SSO stays within its organization', () => {
  let provider: OidcTestProvider;
  let dns: TestDnsServer;
  let harness: ServiceHarness;
  /** Acme sets up SSO first and tries to claim Globex's domain; Globex is the domain's real owner. */
  let acme: { id: string; apiKey: string };
  let globex: { id: string; apiKey: string };

  const configuration = (domains: string[]) => ({
    issuer: provider.issuer,
    ...CLIENT,
    allowed_email_domains: domains,
    default_role: 'viewer',
    enabled: true,
  });
  const put = (apiKey: string, body: unknown) => harness.request('PUT', '/api/service/sso', apiKey, body);
  const discover = async (email: string) =>
    (await harness.request('GET', `/api/service/auth/sso/discover?email=${email}`)).json<unknown>();
  /** A person with an account, as a member of each organization with its role (SQL: as before SSO). */
  async function person(email: string, memberships: Array<[string, string]>) {
    const id = newId('user');
    await harness.sql.query('INSERT INTO tenancy.users (id, email, name) VALUES ($1, $2, $3)', [
      id,
      email,
      email,
    ]);
    for (const [organizationId, role] of memberships)
      await harness.sql.query(
        'INSERT INTO tenancy.memberships (organization_id, user_id, role) VALUES ($1, $2, $3)',
        [organizationId, id, role],
      );
    return id;
  }
  /** The whole round trip through the organization's provider, started by organization id. */
  async function signIn(organizationId: string, login: string) {
    const browser = browserOf(harness);
    const started = await browser.visit(`/api/service/auth/sso/start?organization=${organizationId}`);
    expect(started.statusCode).toBe(302);
    const callback = await browser.visit(await browser.atProvider(started.headers.location as string, login));
    return { browser, callback };
  }

  beforeAll(async () => {
    [provider, dns] = await Promise.all([
      OidcTestProvider.start([{ ...CLIENT, redirect_uris: [CALLBACK] }], ACCOUNTS),
      TestDnsServer.start(),
    ]);
    harness = await ServiceHarness.start(createService, {
      env: identityEnv(randomBytes(32).toString('base64'), { extra: { SSO_DNS_SERVERS: dns.address } }),
    });
    [acme, globex] = [
      await createOrganization(harness, 'Acme Insurance'),
      await createOrganization(harness, 'Globex'),
    ];
  });

  afterAll(async () => {
    await harness?.close();
    await Promise.all([provider?.stop(), dns?.stop()]);
  });

  describe('a domain is claimed with proof', () => {
    it("refuses a public email provider's domain outright", async () => {
      const refused = await put(acme.apiKey, configuration(['acme.com', 'gmail.com']));
      expect(refused.statusCode).toBe(400);
      expect(refused.json<ErrorBody>().error.details).toEqual([
        {
          field: 'allowed_email_domains',
          message: "gmail.com: a public email provider's domain belongs to no one organization",
        },
      ]);
      expect(await harness.count('tenancy.sso_configurations')).toBe(0);
    });

    it('an unproven claim routes no sign-in, vouches for no email, and blocks no one', async () => {
      expect((await put(acme.apiKey, configuration(['acme.com', 'globex.example']))).statusCode).toBe(200);
      expect(await discover('gina@globex.example')).toEqual({ sso: false });
      expect(
        (await harness.request('GET', '/api/service/auth/sso/start?email=gina@globex.example')).statusCode,
      ).toBe(404);

      // Started by Acme's id, its provider vouches for a globex.example email: not enough.
      const sessions = await harness.count('tenancy.sessions');
      const { callback } = await signIn(acme.id, 'gina');
      expect(callback.headers.location).toBe(`${PUBLIC_URL}/sign-in?error=sso_domain_not_allowed`);
      expect(await harness.count('tenancy.sessions')).toBe(sessions);

      // Globex can still claim its own domain, and prove it.
      expect((await put(globex.apiKey, configuration(['globex.example']))).statusCode).toBe(200);
      await proveDomain(harness, dns, globex.apiKey, 'globex.example');
      expect(await discover('gina@globex.example')).toEqual({ sso: true, organization_name: 'Globex' });
    });

    it('a proven domain belongs to one organization: proving it again elsewhere is 409', async () => {
      // Even were Acme's record published at the domain, Globex holds it.
      const claimed = await harness.request('GET', '/api/service/sso', acme.apiKey);
      const record = claimed
        .json<{
          domain_verification: Array<{ domain: string; txt_record: { name: string; value: string } }>;
        }>()
        .domain_verification.find((d) => d.domain === 'globex.example')!.txt_record;
      dns.set(record.name, { TXT: [...(dns.zone.get(record.name)?.TXT ?? []), record.value] });
      const verify = await harness.request(
        'POST',
        '/api/service/sso/domains/globex.example/verify',
        acme.apiKey,
      );
      expect(verify.statusCode).toBe(409);
      expect(verify.json<ErrorBody>().error).toMatchObject({
        code: 'conflict',
        details: { field: 'allowed_email_domains', domains: ['globex.example'] },
      });
      expect(await discover('gina@globex.example')).toEqual({ sso: true, organization_name: 'Globex' });
      // And a new claim of it answers 409 at once.
      const taken = await put(acme.apiKey, configuration(['acme.com', 'globex.example', 'initech.example']));
      expect(taken.statusCode).toBe(409);
      expect(
        (await harness.request('POST', '/api/service/sso/domains/initech.example/verify', acme.apiKey))
          .statusCode,
      ).toBe(404);
    });
  });

  describe('a session started through an organization’s SSO acts only there', () => {
    let patId: string;
    let asPat: Record<string, string>;

    beforeAll(async () => {
      await proveDomain(harness, dns, acme.apiKey, 'acme.com');
      // Pat is an editor at Acme and the owner of Globex.
      patId = await person('pat@acme.com', [
        [acme.id, 'editor'],
        [globex.id, 'owner'],
      ]);
      const { browser, callback } = await signIn(acme.id, 'pat');
      expect(callback.headers.location).toBe(`${PUBLIC_URL}/`);
      const csrf = browser.cookie(PUBLIC_URL, 'service_csrf')!;
      asPat = {
        cookie: `service_session=${browser.cookie(PUBLIC_URL, 'service_session')}; service_csrf=${csrf}`,
        'x-service-csrf': csrf,
        origin: PUBLIC_URL,
      };
    });

    it('announces the session bound to the organization, for every service’s replica', async () => {
      const started = (await readOutbox(harness, 'tenancy', 'session.started')).at(-1)!.record;
      expect(started.details).toMatchObject({ user_id: patId, bound_organization_id: acme.id });
    });

    it('cannot act in the person’s other organization, even as its owner', async () => {
      const keys = await harness.count('tenancy.api_keys');
      const inGlobex = { ...asPat, 'x-service-organization': globex.id };
      const created = await harness.request(
        'POST',
        '/api/service/api-keys',
        undefined,
        { name: 'mine', scope: 'full' },
        inGlobex,
      );
      expect(created.statusCode).toBe(403);
      expect(created.json()).toEqual({
        error: {
          code: 'forbidden',
          message: `This session was started through another organization's SSO and acts only there; sign in again to act in ${globex.id}`,
          details: null,
        },
      });
      expect(await harness.count('tenancy.api_keys')).toBe(keys);
      const read = await harness.request('GET', '/api/service/organization', undefined, undefined, inGlobex);
      expect(read.statusCode).toBe(403);
    });

    it('acts in its own organization, named or not, and shows only that one', async () => {
      for (const headers of [asPat, { ...asPat, 'x-service-organization': acme.id }]) {
        const organization = await harness.request(
          'GET',
          '/api/service/organization',
          undefined,
          undefined,
          headers,
        );
        expect(organization.statusCode).toBe(200);
        expect(organization.json()).toMatchObject({ id: acme.id });
      }
      const me = await harness.request('GET', '/api/service/auth/me', undefined, undefined, asPat);
      expect(me.json()).toMatchObject({ organizations: [{ id: acme.id, role: 'editor' }] });
    });

    it('sees and ends only the sessions bound to the same organization', async () => {
      // Pat's session from a password sign-in elsewhere.
      const elsewhere = newId('session');
      await harness.sql.query(
        `INSERT INTO tenancy.sessions (id, user_id, secret_sha256) VALUES ($1, $2, $3)`,
        [elsewhere, patId, 'f'.repeat(64)],
      );
      const listed = await harness.request('GET', '/api/service/auth/sessions', undefined, undefined, asPat);
      expect(listed.json<{ data: Array<{ id: string }> }>().data.map((s) => s.id)).not.toContain(elsewhere);
      const ended = await harness.request(
        'DELETE',
        `/api/service/auth/sessions/${elsewhere}`,
        undefined,
        undefined,
        asPat,
      );
      expect(ended.statusCode).toBe(404);
    });
  });
});
