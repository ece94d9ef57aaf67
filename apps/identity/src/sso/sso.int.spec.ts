import { randomBytes } from 'node:crypto';
import { newId } from '@governance/contracts';
import { readOutbox, ServiceHarness } from '@governance/testing';
import { createService } from '../service';
import { ISSUER_UNUSABLE } from './sso-settings.service';
import { OidcTestProvider, TestBrowser } from './testing/oidc-test-provider';
import {
  CALLBACK,
  CLIENT,
  createOrganization,
  type ErrorBody,
  identityEnv,
  proveDomain,
  PUBLIC_URL,
} from './testing/sso-fixtures';
import { TestDnsServer } from './testing/test-dns-server';

/** The provider's people: login → claims. */
const ACCOUNTS = {
  alice: {
    email: 'alice@acme.com',
    email_verified: true,
    name: 'Alice Admin',
    groups: ['gov-admins', 'staff'],
  },
  bob: { email: 'Bob@acme.com', email_verified: true, name: 'Bob Viewer', groups: ['staff'] },
  carl: { email: 'carl@acme.com', email_verified: true, name: 'Carl', groups: ['gov-auditors'] },
  olga: { email: 'olga@acme.com', email_verified: true, name: 'Olga', groups: ['gov-admins'] },
  uma: { email: 'uma@acme.com', email_verified: false, name: 'Uma' },
  eve: { email: 'eve@evil.com', email_verified: true, name: 'Eve', groups: ['gov-admins'] },
};

let provider: OidcTestProvider;
/** The DNS that identity asks (SSO_DNS_SERVERS): where domains' verification records are published. */
let dns: TestDnsServer;

beforeAll(async () => {
  [provider, dns] = await Promise.all([
    OidcTestProvider.start([{ ...CLIENT, redirect_uris: [CALLBACK] }], ACCOUNTS),
    TestDnsServer.start(),
  ]);
});

afterAll(() => Promise.all([provider?.stop(), dns?.stop()]));

const withDns = (secretsKey: string | undefined) =>
  identityEnv(secretsKey, { extra: { SSO_DNS_SERVERS: dns.address } });

const ssoConfiguration = (overrides: Record<string, unknown> = {}) => ({
  issuer: provider.issuer,
  client_id: CLIENT.client_id,
  client_secret: CLIENT.client_secret,
  allowed_email_domains: ['acme.com'],
  role_claim: 'groups',
  role_mapping: { 'gov-admins': 'admin', 'gov-auditors': 'auditor' },
  default_role: 'viewer',
  enabled: true,
  ...overrides,
});

/**
 * SSO end to end against a real OpenID Provider (oidc-provider in a child process): configuration, the
 * browser's round trip through the provider's login and consent forms, just-in-time membership, the
 * session it starts, and every refusal.
 */
describe('SSO with OpenID Connect', () => {
  let harness: ServiceHarness;
  let org: { id: string; apiKey: string };
  let other: { id: string; apiKey: string };

  const admin = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
    url: string,
    body?: unknown,
    key = org.apiKey,
  ) => harness.request(method, url, key, body);
  const configuration = ssoConfiguration;
  const withoutSecret = () => {
    const { client_secret, ...rest } = configuration();
    expect(client_secret).toBeDefined();
    return rest;
  };
  const browser = () =>
    new TestBrowser(PUBLIC_URL, (path, headers) =>
      harness.request('GET', path, undefined, undefined, headers),
    );
  const count = async (sql: string, params: unknown[] = []) =>
    (
      await harness.sql.query<Array<{ count: number }>>(`SELECT count(*)::int AS count FROM ${sql}`, params)
    )[0]!.count;
  const userByEmail = async (email: string) =>
    (
      await harness.sql.query<Array<{ id: string; name: string; password_hash: string | null }>>(
        'SELECT id, name, password_hash FROM tenancy.users WHERE lower(email) = lower($1)',
        [email],
      )
    )[0];
  const roleOf = async (organizationId: string, userId: string) =>
    (
      await harness.sql.query<Array<{ role: string }>>(
        'SELECT role FROM tenancy.memberships WHERE organization_id = $1 AND user_id = $2',
        [organizationId, userId],
      )
    )[0]?.role;

  /** The whole round trip: start, the provider's forms, the callback. Returns the callback's answer. */
  async function signIn(
    as: TestBrowser,
    login: string | undefined,
    start = '/api/service/auth/sso/start?email=',
  ) {
    const started = await as.visit(start.endsWith('=') ? `${start}${login ?? 'x'}@acme.com` : start);
    expect(started.statusCode).toBe(302);
    const back = await as.atProvider(started.headers.location as string, login);
    expect(back.startsWith(`${CALLBACK}?`)).toBe(true);
    return { callback: await as.visit(back), url: back };
  }

  beforeAll(async () => {
    harness = await ServiceHarness.start(createService, {
      env: withDns(randomBytes(32).toString('base64')),
    });
    [org, other] = [
      await createOrganization(harness, 'Acme Insurance'),
      await createOrganization(harness, 'Other Corp'),
    ];
  });

  afterAll(() => harness?.close());

  describe('configuration', () => {
    it('has none at first', async () => {
      const none = await admin('GET', '/api/service/sso');
      expect(none.statusCode).toBe(404);
      expect(none.json<ErrorBody>().error.code).toBe('not_found');
      expect((await admin('GET', '/api/service/organization')).json()).toMatchObject({
        id: org.id,
        name: 'Acme Insurance',
        plan: 'professional',
        sso: { enabled: false, issuer: null },
      });
    });

    it('is saved with its secret sealed, never shown, and audited without it', async () => {
      const saved = await admin('PUT', '/api/service/sso', configuration());
      expect(saved.statusCode).toBe(200);
      const body = saved.json<Record<string, unknown>>();
      expect(body).toEqual({
        organization_id: org.id,
        issuer: provider.issuer,
        client_id: CLIENT.client_id,
        allowed_email_domains: ['acme.com'],
        domain_verification: [
          {
            domain: 'acme.com',
            verified: false,
            verified_at: null,
            txt_record: {
              name: '_governance-challenge.acme.com',
              value: expect.stringMatching(/^governance-domain-verification=[0-9a-f]{40}$/) as unknown,
            },
          },
        ],
        endpoint_hosts: [],
        role_claim: 'groups',
        role_mapping: { 'gov-admins': 'admin', 'gov-auditors': 'auditor' },
        default_role: 'viewer',
        enabled: true,
        redirect_uri: CALLBACK,
        created_at: expect.any(String) as unknown,
        updated_at: expect.any(String) as unknown,
      });
      expect((await admin('GET', '/api/service/sso')).json()).toEqual(body);
      const [row] = await harness.sql.query<Array<{ client_secret_sealed: string }>>(
        'SELECT client_secret_sealed FROM tenancy.sso_configurations WHERE organization_id = $1',
        [org.id],
      );
      expect(row!.client_secret_sealed).toMatch(/^v1\./);
      expect(row!.client_secret_sealed).not.toContain(CLIENT.client_secret);
      const audit = (await readOutbox(harness, 'tenancy', 'audit.recorded')).at(-1)!.record.details;
      expect(audit).toMatchObject({ action: 'sso.configured', actor_type: 'api_key', target_id: org.id });
      expect(JSON.stringify(audit)).not.toContain(CLIENT.client_secret);
      expect((await admin('GET', '/api/service/organization')).json()).toMatchObject({
        sso: { enabled: true, issuer: provider.issuer },
      });
    });

    it('keeps the stored secret when a change leaves it out', async () => {
      const sealed = async () =>
        (
          await harness.sql.query<Array<{ s: string }>>(
            'SELECT client_secret_sealed AS s FROM tenancy.sso_configurations WHERE organization_id = $1',
            [org.id],
          )
        )[0]!.s;
      const before = await sealed();
      const changed = await admin('PUT', '/api/service/sso', withoutSecret());
      expect(changed.statusCode).toBe(200);
      expect(await sealed()).toBe(before);
      const audit = (await readOutbox(harness, 'tenancy', 'audit.recorded')).at(-1)!.record.details;
      expect(audit).toMatchObject({ action: 'sso.updated', after: { client_secret_changed: false } });
    });

    it('routes sign-ins for a domain only once a DNS TXT record proves control of it', async () => {
      const discover = () => harness.request('GET', '/api/service/auth/sso/discover?email=pat@acme.com');
      expect((await discover()).json()).toEqual({ sso: false });
      expect(
        (await harness.request('GET', '/api/service/auth/sso/start?email=pat@acme.com')).statusCode,
      ).toBe(404);

      // Asked before the record is published: 400 naming the record to publish, nothing verified.
      const claim = (await admin('GET', '/api/service/sso')).json<{
        domain_verification: Array<{ txt_record: { name: string; value: string } }>;
      }>().domain_verification[0]!;
      dns.set('_governance-challenge.acme.com', {
        TXT: ['v=spf1 -all', 'governance-domain-verification=other'],
      });
      const early = await admin('POST', '/api/service/sso/domains/acme.com/verify');
      expect(early.statusCode).toBe(400);
      expect(early.json<ErrorBody>().error.details).toEqual([
        {
          field: 'domain',
          message: expect.stringContaining(
            `No TXT record "${claim.txt_record.value}" at _governance-challenge.acme.com`,
          ) as unknown,
        },
      ]);
      expect((await discover()).json()).toEqual({ sso: false });
      expect(dns.questions).toContain('TXT _governance-challenge.acme.com');

      const verified = await proveDomain(harness, dns, org.apiKey, 'acme.com');
      expect(verified.json()).toMatchObject({
        domain_verification: [{ domain: 'acme.com', verified: true, verified_at: expect.any(String) }],
      });
      const audit = (await readOutbox(harness, 'tenancy', 'audit.recorded')).at(-1)!.record.details;
      expect(audit).toMatchObject({ action: 'sso.domain_verified', after: { domain: 'acme.com' } });
      expect((await discover()).json()).toEqual({ sso: true, organization_name: 'Acme Insurance' });
      // A change that keeps the domain keeps its verification.
      expect((await admin('PUT', '/api/service/sso', withoutSecret())).json()).toMatchObject({
        domain_verification: [{ domain: 'acme.com', verified: true }],
      });
    });

    it('tells the sign-in page which emails sign in with SSO', async () => {
      const discover = (email: string) =>
        harness.request('GET', `/api/service/auth/sso/discover?email=${email}`);
      expect((await discover('someone@ACME.com')).json()).toEqual({
        sso: true,
        organization_name: 'Acme Insurance',
      });
      expect((await discover('someone@other.com')).json()).toEqual({ sso: false });
    });
  });

  describe('sign-in', () => {
    it('creates a new person just in time with the mapped role, signs them in, and sends them to the console', async () => {
      const alice = browser();
      const { callback } = await signIn(alice, 'alice');
      expect(callback.statusCode).toBe(302);
      expect(callback.headers.location).toBe(`${PUBLIC_URL}/`);
      const cookies = [callback.headers['set-cookie']].flat().join('\n');
      expect(cookies).toMatch(/service_session=ses_[\w-]+; Path=\/; HttpOnly; SameSite=Lax/);
      expect(cookies).toMatch(/service_csrf=[\w-]+; Path=\/; SameSite=Lax/);
      expect(cookies).not.toMatch(/service_csrf=[^\n]*HttpOnly/);
      expect(alice.cookie(PUBLIC_URL, 'service_sso_state')).toBeUndefined();

      const user = await userByEmail('alice@acme.com');
      expect(user).toMatchObject({ name: 'Alice Admin', password_hash: null });
      expect(await roleOf(org.id, user!.id)).toBe('admin');
      const events = await readOutbox(harness, 'tenancy');
      expect(
        events.find((e) => e.eventType === 'member.added' && e.record.details.user_id === user!.id)?.record,
      ).toMatchObject({ organization_id: org.id, details: { role: 'admin' } });
      expect(
        events.some((e) => e.eventType === 'session.started' && e.record.details.user_id === user!.id),
      ).toBe(true);
      const audited = events
        .filter((e) => e.eventType === 'audit.recorded' && e.record.details.actor_id === user!.id)
        .map((e) => e.record.details.action);
      expect(audited).toEqual(['user.created', 'member.added']);

      // The session works in the very next request, as a person's cookie request does.
      const session = alice.cookie(PUBLIC_URL, 'service_session')!;
      const csrf = alice.cookie(PUBLIC_URL, 'service_csrf')!;
      const me = await harness.request('GET', '/api/service/organization', undefined, undefined, {
        cookie: `service_session=${session}; service_csrf=${csrf}`,
      });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ id: org.id });
    });

    it('gives the default role when no claim value maps, and the session holds only that role', async () => {
      const bob = browser();
      const { callback } = await signIn(bob, 'bob');
      expect(callback.headers.location).toBe(`${PUBLIC_URL}/`);
      const user = await userByEmail('bob@acme.com');
      expect(await roleOf(org.id, user!.id)).toBe('viewer');
      const csrf = bob.cookie(PUBLIC_URL, 'service_csrf')!;
      const asBob = {
        cookie: `service_session=${bob.cookie(PUBLIC_URL, 'service_session')}; service_csrf=${csrf}`,
        'x-service-csrf': csrf,
        origin: PUBLIC_URL,
      };
      const forbidden = await harness.request(
        'PATCH',
        '/api/service/organization',
        undefined,
        { name: 'Mine' },
        asBob,
      );
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json<ErrorBody>().error.code).toBe('forbidden');
      expect((await admin('GET', '/api/service/organization')).json()).toMatchObject({
        name: 'Acme Insurance',
      });
    });

    it("follows a member's mapped claim at the next sign-in", async () => {
      const carlId = newId('user');
      // A member who joined before SSO, as a viewer.
      await harness.sql.query(
        `INSERT INTO tenancy.users (id, email, name) VALUES ($1, 'carl@acme.com', 'Carl')`,
        [carlId],
      );
      await harness.sql.query(
        `INSERT INTO tenancy.memberships (organization_id, user_id, role) VALUES ($1, $2, 'viewer')`,
        [org.id, carlId],
      );
      const { callback } = await signIn(browser(), 'carl');
      expect(callback.headers.location).toBe(`${PUBLIC_URL}/`);
      expect(await roleOf(org.id, carlId)).toBe('auditor');
      const changed = (await readOutbox(harness, 'tenancy', 'member.role_changed')).at(-1)!.record;
      expect(changed).toMatchObject({
        organization_id: org.id,
        details: { user_id: carlId, role: 'auditor' },
      });
    });

    it('refuses an existing account that is not a member, and changes nothing', async () => {
      const olgaId = newId('user');
      await harness.sql.query(
        `INSERT INTO tenancy.users (id, email, name) VALUES ($1, 'olga@acme.com', 'Olga')`,
        [olgaId],
      );
      const sessions = await count('tenancy.sessions');
      const { callback } = await signIn(browser(), 'olga');
      expect(callback.headers.location).toBe(`${PUBLIC_URL}/sign-in?error=sso_account_not_member`);
      expect(await roleOf(org.id, olgaId)).toBeUndefined();
      expect(await count('tenancy.sessions')).toBe(sessions);
    });

    it('refuses an email outside the allowed domains', async () => {
      const { callback } = await signIn(
        browser(),
        'eve',
        `/api/service/auth/sso/start?organization=${org.id}`,
      );
      expect(callback.statusCode).toBe(302);
      expect(callback.headers.location).toBe(`${PUBLIC_URL}/sign-in?error=sso_domain_not_allowed`);
      expect([callback.headers['set-cookie']].flat().join('\n')).not.toContain('service_session=');
      expect(await userByEmail('eve@evil.com')).toBeUndefined();
    });

    it('refuses an email the provider has not verified', async () => {
      const { callback } = await signIn(browser(), 'uma');
      expect(callback.headers.location).toBe(`${PUBLIC_URL}/sign-in?error=sso_email_unverified`);
      expect(await userByEmail('uma@acme.com')).toBeUndefined();
    });

    it('refuses a sign-in cancelled at the provider', async () => {
      const { callback } = await signIn(browser(), undefined);
      expect(callback.headers.location).toBe(`${PUBLIC_URL}/sign-in?error=sso_denied`);
    });

    it('refuses a replayed state, and a callback in a browser that did not start the sign-in', async () => {
      const first = browser();
      const { url } = await signIn(first, 'alice');
      const sessions = await count('tenancy.sessions');
      // The same browser, the same callback again: the state was used.
      const state = new URL(url).searchParams.get('state')!;
      const replay = new TestBrowser(PUBLIC_URL, (path, headers) =>
        harness.request('GET', path, undefined, undefined, {
          ...headers,
          cookie: `service_sso_state=${state}`,
        }),
      );
      expect((await replay.visit(url)).headers.location).toBe(
        `${PUBLIC_URL}/sign-in?error=sso_state_invalid`,
      );

      // A fresh sign-in whose callback link is opened in another browser (no state cookie).
      const victim = browser();
      const started = await first.visit('/api/service/auth/sso/start?email=alice@acme.com');
      const back = await first.atProvider(started.headers.location as string, 'alice');
      expect((await victim.visit(back)).headers.location).toBe(
        `${PUBLIC_URL}/sign-in?error=sso_state_invalid`,
      );
      expect(await count('tenancy.sessions')).toBe(sessions);
    });

    it('refuses a sign-in that came back after its time', async () => {
      const late = browser();
      const started = await late.visit('/api/service/auth/sso/start?email=alice@acme.com');
      const back = await late.atProvider(started.headers.location as string, 'alice');
      await harness.sql.query(`UPDATE tenancy.sso_logins SET expires_at = now() - interval '1 second'`);
      const sessions = await count('tenancy.sessions');
      expect((await late.visit(back)).headers.location).toBe(`${PUBLIC_URL}/sign-in?error=sso_state_expired`);
      expect(await count('tenancy.sessions')).toBe(sessions);
    });

    it('refuses an organization without SSO, by email or by id', async () => {
      const logins = await count('tenancy.sso_logins');
      const byEmail = await harness.request('GET', '/api/service/auth/sso/start?email=pat@other.com');
      expect(byEmail.statusCode).toBe(404);
      expect(byEmail.json<ErrorBody>().error).toEqual({
        code: 'not_found',
        message: 'No organization signs in with SSO for other.com; sign in with a password',
        details: null,
      });
      const byId = await harness.request('GET', `/api/service/auth/sso/start?organization=${other.id}`);
      expect(byId.statusCode).toBe(404);
      expect(byId.json<ErrorBody>().error.message).toBe('This organization has no SSO enabled');
      expect(await count('tenancy.sso_logins')).toBe(logins);
    });

    it('stops signing in when SSO is disabled meanwhile', async () => {
      const pending = browser();
      const started = await pending.visit('/api/service/auth/sso/start?email=alice@acme.com');
      const back = await pending.atProvider(started.headers.location as string, 'alice');
      expect((await admin('PUT', '/api/service/sso', configuration({ enabled: false }))).statusCode).toBe(
        200,
      );
      expect((await pending.visit(back)).headers.location).toBe(
        `${PUBLIC_URL}/sign-in?error=sso_not_configured`,
      );
      expect(
        (await harness.request('GET', '/api/service/auth/sso/discover?email=a@acme.com')).json(),
      ).toEqual({
        sso: false,
      });
      expect((await admin('PUT', '/api/service/sso', configuration())).statusCode).toBe(200);
    });
  });

  describe('bad input: 4xx, and nothing written', () => {
    let snapshot: () => Promise<string>;

    beforeAll(() => {
      snapshot = async () =>
        JSON.stringify(
          await harness.sql.query(
            `SELECT (SELECT json_agg(c ORDER BY organization_id) FROM tenancy.sso_configurations c) AS configurations,
                    (SELECT json_agg(d ORDER BY domain) FROM tenancy.sso_domains d) AS domains,
                    (SELECT count(*) FROM tenancy.sso_logins) AS logins,
                    (SELECT json_agg(o ORDER BY id) FROM tenancy.organizations o) AS organizations,
                    (SELECT count(*) FROM tenancy.outbox) AS events`,
          ),
        );
    });

    async function refused(
      call: Promise<{ statusCode: number; json: <T>() => T }>,
      status: number,
      field?: string,
    ) {
      const before = await snapshot();
      const response = await call;
      expect(response.statusCode).toBe(status);
      const body = response.json<ErrorBody>();
      if (field)
        expect((body.error.details as Array<{ field: string }>).map((problem) => problem.field)).toContain(
          field,
        );
      expect(await snapshot()).toBe(before);
      return body;
    }

    it.each([
      ['no issuer', { issuer: undefined }, 'issuer'],
      ['an issuer that is no URL', { issuer: 'login.acme.com' }, 'issuer'],
      ['an issuer of another scheme', { issuer: 'ftp://login.acme.com' }, 'issuer'],
      ['an upper-case domain', { allowed_email_domains: ['Acme.com'] }, 'allowed_email_domains'],
      ['a domain that is no host name', { allowed_email_domains: ['acme'] }, 'allowed_email_domains'],
      ['no domain', { allowed_email_domains: [] }, 'allowed_email_domains'],
      ['a repeated domain', { allowed_email_domains: ['acme.com', 'acme.com'] }, 'allowed_email_domains'],
      ['owner as the default role', { default_role: 'owner' }, 'default_role'],
      ['owner in the mapping', { role_mapping: { admins: 'owner' } }, 'role_mapping.admins'],
      ['a mapping without a claim', { role_claim: null }, 'role_claim'],
      ['a claim that is no claim path', { role_claim: 'a b' }, 'role_claim'],
      ['enabled not a boolean', { enabled: 'yes' }, 'enabled'],
      ['an unknown field', { secret: 'x' }, 'secret'],
      ['an empty client secret', { client_secret: '' }, 'client_secret'],
    ])('PUT /sso with %s: 400', async (_, change, field) => {
      await refused(admin('PUT', '/api/service/sso', configuration(change)), 400, field);
    });

    it('PUT /sso with an issuer that is no OpenID Provider: 400 naming the issuer', async () => {
      const body = await refused(
        admin('PUT', '/api/service/sso', configuration({ issuer: 'http://127.0.0.1:9/nothing' })),
        400,
        'issuer',
      );
      expect(body.error.details).toEqual([{ field: 'issuer', message: ISSUER_UNUSABLE }]);
    });

    it('PUT /sso for the first time without a client secret: 400', async () => {
      await refused(admin('PUT', '/api/service/sso', withoutSecret(), other.apiKey), 400, 'client_secret');
    });

    it('PUT /sso naming another issuer without the client secret: 400 naming client_secret', async () => {
      // A second real provider, where the stored secret would otherwise be sent at the code exchange.
      const elsewhere = await OidcTestProvider.start([{ ...CLIENT, redirect_uris: [CALLBACK] }], ACCOUNTS);
      try {
        const body = await refused(
          admin('PUT', '/api/service/sso', { ...withoutSecret(), issuer: elsewhere.issuer }),
          400,
          'client_secret',
        );
        expect(body.error.details).toEqual([
          {
            field: 'client_secret',
            message:
              'client_secret is required when the issuer changes: the stored secret is not sent to another provider',
          },
        ]);
        // Given again, the new issuer is taken; then back to the first one, again with the secret.
        const moved = await admin('PUT', '/api/service/sso', configuration({ issuer: elsewhere.issuer }));
        expect(moved.statusCode).toBe(200);
      } finally {
        expect((await admin('PUT', '/api/service/sso', configuration())).statusCode).toBe(200);
        await elsewhere.stop();
      }
    });

    it("PUT /sso claiming another organization's verified domain: 409", async () => {
      const body = await refused(
        admin(
          'PUT',
          '/api/service/sso',
          configuration({ allowed_email_domains: ['other.com', 'acme.com'] }),
          other.apiKey,
        ),
        409,
      );
      expect(body.error).toMatchObject({ code: 'conflict', details: { domains: ['acme.com'] } });
    });

    it('GET and DELETE /sso without a configuration: 404', async () => {
      await refused(admin('GET', '/api/service/sso', undefined, other.apiKey), 404);
      await refused(admin('DELETE', '/api/service/sso', undefined, other.apiKey), 404);
    });

    it('without credentials: 401', async () => {
      await refused(harness.request('PUT', '/api/service/sso', undefined, configuration()), 401);
    });

    it.each([
      ['neither email nor organization', ''],
      ['both email and organization', `?email=a@acme.com&organization=${newId('organization')}`],
      ['an email that is no email', '?email=acme.com'],
      ['an organization that is no id', '?organization=acme'],
      ['an unknown parameter', '?email=a@acme.com&next=/x'],
    ])('start with %s: 400', async (_, query) => {
      await refused(harness.request('GET', `/api/service/auth/sso/start${query}`), 400);
    });

    it.each([
      ['no state', '?code=abc'],
      ['neither code nor error', '?state=abc'],
      ['a state too long', `?code=abc&state=${'x'.repeat(201)}`],
    ])('callback with %s: 400', async (_, query) => {
      await refused(harness.request('GET', `/api/service/auth/sso/callback${query}`), 400);
    });

    it.each([
      ['no email', ''],
      ['an email that is no email', '?email=nobody'],
    ])('discover with %s: 400', async (_, query) => {
      await refused(harness.request('GET', `/api/service/auth/sso/discover${query}`), 400);
    });
  });

  describe('removal', () => {
    it('removes the SSO configuration, which stops sign-ins at once', async () => {
      expect((await admin('DELETE', '/api/service/sso')).statusCode).toBe(204);
      expect((await admin('GET', '/api/service/sso')).statusCode).toBe(404);
      expect(
        (await harness.request('GET', '/api/service/auth/sso/start?email=alice@acme.com')).statusCode,
      ).toBe(404);
      const audit = (await readOutbox(harness, 'tenancy', 'audit.recorded')).at(-1)!.record.details;
      expect(audit).toMatchObject({ action: 'sso.removed', before: { issuer: provider.issuer } });
    });
  });
});

describe('SSO when SECRETS_ENCRYPTION_KEY is missing or changed', () => {
  let configured: ServiceHarness;
  let org: { id: string; apiKey: string };
  const others: ServiceHarness[] = [];
  /** Identity again, on the same database, with another key or none. */
  const restartWith = async (secretsKey: string | undefined) => {
    const harness = await ServiceHarness.start(createService, {
      database: configured.database,
      env: withDns(secretsKey),
    });
    others.push(harness);
    return harness;
  };

  beforeAll(async () => {
    configured = await ServiceHarness.start(createService, {
      env: withDns(randomBytes(32).toString('base64')),
    });
    org = await createOrganization(configured, 'Acme Insurance');
    const saved = await configured.request('PUT', '/api/service/sso', org.apiKey, ssoConfiguration());
    expect(saved.statusCode).toBe(200);
    await proveDomain(configured, dns, org.apiKey, 'acme.com');
  });

  afterAll(async () => {
    for (const harness of others) await harness.close();
    await configured?.close();
  });

  it('without the key: SSO can be neither configured nor used (503), and nothing is written', async () => {
    const keyless = await restartWith(undefined);
    const snapshot = () =>
      keyless.sql.query(
        `SELECT (SELECT json_agg(c) FROM tenancy.sso_configurations c) AS configurations,
                (SELECT json_agg(d) FROM tenancy.sso_domains d) AS domains,
                (SELECT count(*) FROM tenancy.sso_logins) AS logins`,
      );
    const before = JSON.stringify(await snapshot());
    const put = await keyless.request('PUT', '/api/service/sso', org.apiKey, ssoConfiguration());
    expect(put.statusCode).toBe(503);
    expect(put.json<ErrorBody>().error).toEqual({
      code: 'service_unavailable',
      message: 'SSO needs SECRETS_ENCRYPTION_KEY in the identity service’s configuration',
      details: null,
    });
    const start = await keyless.request('GET', '/api/service/auth/sso/start?email=pat@acme.com');
    expect(start.statusCode).toBe(503);
    expect(JSON.stringify(await snapshot())).toBe(before);
    // Reading needs no key: the secret is never shown.
    expect((await keyless.request('GET', '/api/service/sso', org.apiKey)).statusCode).toBe(200);
  });

  it('with another key: sign-in answers 503 until the secret is saved again', async () => {
    const rekeyed = await restartWith(randomBytes(32).toString('base64'));
    const start = await rekeyed.request('GET', '/api/service/auth/sso/start?email=pat@acme.com');
    expect(start.statusCode).toBe(503);
    expect(start.json<ErrorBody>().error.message).toBe(
      'SSO of this organization needs its client secret saved again by an admin',
    );
    expect(await rekeyed.count('tenancy.sso_logins')).toBe(0);
    expect(
      (await rekeyed.request('PUT', '/api/service/sso', org.apiKey, ssoConfiguration())).statusCode,
    ).toBe(200);
    expect((await rekeyed.request('GET', '/api/service/auth/sso/start?email=pat@acme.com')).statusCode).toBe(
      302,
    );
  });
});
