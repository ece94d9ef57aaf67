import { readOutbox, type ServiceHarness } from '@governance/testing';
import { AUTH, Browser, expectUniformError, sessionIdOf, setCookies } from './testing/browser';
import {
  createOrganizationFor,
  type Person,
  person,
  SETUP_TOKEN,
  setUpFirstOwner,
  startIdentity,
} from './testing/identity';
import { type MeResponse, type SessionListResponse, type SignInResponse } from './sign-in.dto';

/** Sign-in, sessions and setup on the identity service, on a real database, as a browser uses them. */
describe('sign-in', () => {
  let harness: ServiceHarness;
  let owner: Person;
  let organizationId: string;

  beforeAll(async () => {
    harness = await startIdentity();
    owner = person('Ada');
    const signedIn = await setUpFirstOwner(new Browser(harness), owner);
    organizationId = signedIn.organizations[0]!.id;
  });

  afterAll(() => harness.close());

  const login = (browser: Browser, who: Pick<Person, 'email' | 'password'>) =>
    browser.send('POST', `${AUTH}/login`, { email: who.email, password: who.password });

  const sessionRow = async (id: string) => {
    const [row] = await harness.sql.query<Array<{ ended_at: Date | null; end_reason: string | null }>>(
      'SELECT ended_at, end_reason FROM tenancy.sessions WHERE id = $1',
      [id],
    );
    return row;
  };

  describe('first start', () => {
    it('made the first owner, their professional organization and a session, announced', async () => {
      const [organization] = await harness.sql.query<Array<{ name: string; plan: string }>>(
        'SELECT name, plan FROM tenancy.organizations WHERE id = $1',
        [organizationId],
      );
      expect(organization).toEqual({ name: 'Acme', plan: 'professional' });
      const memberships = await harness.sql.query<Array<{ role: string; email: string }>>(
        `SELECT m.role, u.email FROM tenancy.memberships m JOIN tenancy.users u ON u.id = m.user_id
         WHERE m.organization_id = $1`,
        [organizationId],
      );
      expect(memberships).toEqual([{ role: 'owner', email: owner.email }]);
      const events = (await readOutbox(harness, 'tenancy')).map((entry) => entry.eventType);
      expect(events).toEqual(
        expect.arrayContaining(['organization.created', 'member.added', 'session.started', 'audit.recorded']),
      );
      const [link] = await harness.sql.query<Array<{ used_at: Date | null }>>(
        "SELECT used_at FROM tenancy.one_time_links WHERE purpose = 'setup' AND organization_id IS NULL",
      );
      expect(link?.used_at).toBeInstanceOf(Date);
    });

    it('refuses the first-start link a second time, and writes nothing', async () => {
      const users = await harness.count('tenancy.users');
      const response = await new Browser(harness).send('POST', `${AUTH}/setup`, {
        token: SETUP_TOKEN,
        ...person('Eve'),
        organization_name: 'Evil',
      });
      expect(expectUniformError(response, 410, 'link_invalid').details).toEqual({ reason: 'used' });
      expect(await harness.count('tenancy.users')).toBe(users);
    });
  });

  describe('login', () => {
    it('answers the person and their organizations, and sets both cookies with their flags', async () => {
      const browser = new Browser(harness);
      const response = await login(browser, owner);
      expect(response.statusCode).toBe(200);
      const body = response.json<SignInResponse>();
      expect(body).toEqual({
        user: { id: expect.stringMatching(/^usr_/) as string, email: owner.email, name: owner.name },
        organizations: [{ id: organizationId, name: 'Acme', role: 'owner' }],
      });
      const [session, csrf] = setCookies(response);
      expect(session).toMatch(
        /^service_session=ses_[0-9A-Z]{26}_[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/,
      );
      expect(csrf).toMatch(/^service_csrf=[A-Za-z0-9_-]{43}; Path=\/; SameSite=Lax$/);
      expect(response.headers['cache-control']).toBe('no-store');
      // The session works at once: on identity here, and on every other service through its announcement.
      expect((await browser.send('GET', `${AUTH}/me`)).statusCode).toBe(200);
      const started = await readOutbox(harness, 'tenancy', 'session.started');
      expect(started.map((entry) => entry.record.details['session_id'])).toContain(
        sessionIdOf(browser.sessionToken!),
      );
    });

    it('takes the email in any case', async () => {
      const response = await login(new Browser(harness), { ...owner, email: owner.email.toUpperCase() });
      expect(response.statusCode).toBe(200);
    });

    it('gives a wrong password and an unknown email the same 401', async () => {
      const wrong = await login(new Browser(harness), { ...owner, password: 'not the password at all' });
      const unknown = await login(new Browser(harness), {
        email: 'nobody@example.test',
        password: 'whatever it is',
      });
      expectUniformError(wrong, 401, 'unauthorized');
      expect(unknown.statusCode).toBe(401);
      expect(unknown.body).toBe(wrong.body);
      expect(setCookies(wrong)).toEqual([]);
      expect(setCookies(unknown)).toEqual([]);
    });

    it('opens a new session at every login, and ends the one the browser presented', async () => {
      const browser = new Browser(harness);
      await login(browser, owner);
      const first = browser.sessionToken!;
      const elsewhere = new Browser(harness);
      await login(elsewhere, owner);
      await login(browser, owner);
      const second = browser.sessionToken!;
      expect(sessionIdOf(second)).not.toBe(sessionIdOf(first));
      expect(await sessionRow(sessionIdOf(first))).toEqual({
        ended_at: expect.any(Date),
        end_reason: 'replaced',
      });
      const ended = await readOutbox(harness, 'tenancy', 'session.ended');
      expect(ended.map((entry) => entry.record.details['session_id'])).toContain(sessionIdOf(first));
      // The old cookie no longer works; the new one and the other browser's do.
      const replay = new Browser(harness);
      replay.cookies.set('service_session', first);
      expectUniformError(await replay.send('GET', `${AUTH}/me`), 401, 'unauthorized');
      expect((await browser.send('GET', `${AUTH}/me`)).statusCode).toBe(200);
      expect((await elsewhere.send('GET', `${AUTH}/me`)).statusCode).toBe(200);
    });

    it("does not end a session a forged cookie names: a presented id without its secret ends nobody's", async () => {
      const victim = new Browser(harness);
      await login(victim, owner);
      const [, body] = victim.sessionToken!.split('_');
      const attacker = new Browser(harness);
      attacker.cookies.set('service_session', `ses_${body!}_${'A'.repeat(43)}`);
      expect((await login(attacker, owner)).statusCode).toBe(200);
      expect((await victim.send('GET', `${AUTH}/me`)).statusCode).toBe(200);
    });

    it('refuses a sign-in sent by a page of another site (login CSRF), and opens no session', async () => {
      const sessions = await harness.count('tenancy.sessions');
      const foreign = new Browser(harness, '203.0.113.66', 'https://evil.example');
      expectUniformError(await login(foreign, owner), 403, 'csrf_rejected');
      expect(await harness.count('tenancy.sessions')).toBe(sessions);
      // A script (no Origin) signs in as before.
      expect((await login(new Browser(harness, '203.0.113.67', undefined), owner)).statusCode).toBe(200);
    });

    it('records the sign-in in the audit trail of each of the person’s organizations, by the person', async () => {
      const browser = new Browser(harness);
      const signedIn = (await login(browser, owner)).json<SignInResponse>();
      const audits = await readOutbox(harness, 'tenancy', 'audit.recorded');
      const entry = audits.find(
        (audit) =>
          audit.record.details['action'] === 'user.signed_in' &&
          (audit.record.details['after'] as { session_id: string }).session_id ===
            sessionIdOf(browser.sessionToken!),
      );
      expect(entry?.record).toMatchObject({
        organization_id: organizationId,
        details: {
          actor_type: 'user',
          actor_id: signedIn.user.id,
          target_type: 'user',
          target_id: signedIn.user.id,
          address: browser.address,
          user_agent: 'sign-in test browser',
        },
      });
    });
  });

  describe('me, sessions and logout', () => {
    it('gives the person, their roles and the session, and moves its idle deadline', async () => {
      const browser = new Browser(harness);
      await login(browser, owner);
      const sessionId = sessionIdOf(browser.sessionToken!);
      await harness.sql.query(
        "UPDATE tenancy.sessions SET last_seen_at = now() - interval '1 hour' WHERE id = $1",
        [sessionId],
      );
      const response = await browser.send('GET', `${AUTH}/me`);
      expect(response.statusCode).toBe(200);
      const me = response.json<MeResponse>();
      expect(me.user.email).toBe(owner.email);
      expect(me.organizations).toEqual([{ id: organizationId, name: 'Acme', role: 'owner' }]);
      expect(me.session.id).toBe(sessionId);
      const lastSeen = Date.parse(me.session.last_seen_at);
      expect(Date.now() - lastSeen).toBeLessThan(60_000);
      expect(Date.parse(me.session.idle_expires_at) - lastSeen).toBe(12 * 60 * 60 * 1000);
    });

    it('lists the own open sessions, marks the current one, and ends one of them everywhere', async () => {
      const someone = person('Grace');
      const laptop = new Browser(harness, '198.51.100.1');
      const phone = new Browser(harness, '198.51.100.2');
      const created = await createOrganizationFor(harness, someone.email);
      await laptop.send('POST', `${AUTH}/setup`, { token: created.token, ...someone });
      await login(phone, someone);
      const list = await laptop.send('GET', `${AUTH}/sessions`);
      expect(list.statusCode).toBe(200);
      const sessions = list.json<SessionListResponse>().data;
      expect(sessions.map((s) => [s.id, s.address, s.current])).toEqual([
        [sessionIdOf(phone.sessionToken!), '198.51.100.2', false],
        [sessionIdOf(laptop.sessionToken!), '198.51.100.1', true],
      ]);
      expect(sessions[0]!.user_agent).toBe('sign-in test browser');

      // Another person's session is as unknown as a missing one.
      const ownersSession = new Browser(harness);
      await login(ownersSession, owner);
      const foreign = await laptop.send(
        'DELETE',
        `${AUTH}/sessions/${sessionIdOf(ownersSession.sessionToken!)}`,
      );
      expectUniformError(foreign, 404, 'not_found');
      expect((await ownersSession.send('GET', `${AUTH}/me`)).statusCode).toBe(200);
      expectUniformError(await laptop.send('DELETE', `${AUTH}/sessions/ses_00000000000000000000000000`), 404);
      expectUniformError(await laptop.send('DELETE', `${AUTH}/sessions/not-an-id`), 404);

      const ended = await laptop.send('DELETE', `${AUTH}/sessions/${sessionIdOf(phone.sessionToken!)}`);
      expect(ended.statusCode).toBe(204);
      expectUniformError(await phone.send('GET', `${AUTH}/me`), 401);
      expect((await laptop.send('GET', `${AUTH}/sessions`)).json<SessionListResponse>().data).toHaveLength(1);
      expectUniformError(
        await laptop.send('DELETE', `${AUTH}/sessions/${sessionIdOf(phone.sessionToken!)}`),
        404,
      );

      // Ending the current session signs the browser out.
      const own = await laptop.send('DELETE', `${AUTH}/sessions/${sessionIdOf(laptop.sessionToken!)}`);
      expect(own.statusCode).toBe(204);
      expect(laptop.sessionToken).toBeUndefined();
    });

    it('signs out: the session ends, announced, and both cookies are cleared', async () => {
      const browser = new Browser(harness);
      await login(browser, owner);
      const token = browser.sessionToken!;
      const response = await browser.send('POST', `${AUTH}/logout`);
      expect(response.statusCode).toBe(204);
      const cleared = setCookies(response);
      expect(cleared).toHaveLength(2);
      for (const cookie of cleared) expect(cookie).toMatch(/^service_(session|csrf)=; Max-Age=0; Path=\/;/);
      expect(browser.cookies.size).toBe(0);
      expect(await sessionRow(sessionIdOf(token))).toEqual({
        ended_at: expect.any(Date),
        end_reason: 'signed_out',
      });
      const ended = await readOutbox(harness, 'tenancy', 'session.ended');
      expect(ended.map((entry) => entry.record.details['session_id'])).toContain(sessionIdOf(token));
      // The ended cookie is refused, and signing out again without a session is 401.
      const replay = new Browser(harness);
      replay.cookies.set('service_session', token);
      expectUniformError(await replay.send('GET', `${AUTH}/me`), 401);
      expectUniformError(await new Browser(harness).send('POST', `${AUTH}/logout`), 401);
    });

    it('refuses a cookie request that changes state without the CSRF token', async () => {
      const browser = new Browser(harness);
      await login(browser, owner);
      const forged = await browser.send('POST', `${AUTH}/logout`, undefined, { 'x-service-csrf': 'wrong' });
      expectUniformError(forged, 403, 'csrf_rejected');
      expect((await browser.send('GET', `${AUTH}/me`)).statusCode).toBe(200);
    });

    it('takes no API key on a person’s own routes', async () => {
      const created = await harness.request('POST', '/admin/v1/organizations', 'sign-in-tests-admin-token', {
        name: 'Keyed',
        plan: 'free',
      });
      const apiKey = created.json<{ api_key: string }>().api_key;
      expectUniformError(await harness.request('GET', `${AUTH}/me`, apiKey), 401);
      expectUniformError(await harness.request('GET', `${AUTH}/sessions`, apiKey), 401);
    });
  });

  describe('owner setup links from the admin API', () => {
    it('makes the person it was sent to the owner, with a new account', async () => {
      const newcomer = person('Linus');
      const created = await createOrganizationFor(harness, newcomer.email, 'Initech');
      const browser = new Browser(harness);
      const wrongEmail = await browser.send('POST', `${AUTH}/setup`, {
        token: created.token,
        ...newcomer,
        email: 'someone-else@example.test',
      });
      expect(expectUniformError(wrongEmail, 400, 'validation_failed').details).toEqual([
        { field: 'email', message: 'email must be the address this setup link was sent to' },
      ]);
      const response = await browser.send('POST', `${AUTH}/setup`, {
        token: created.token,
        ...newcomer,
        email: newcomer.email.toUpperCase(),
      });
      expect(response.statusCode).toBe(201);
      expect(response.json<SignInResponse>().organizations).toEqual([
        { id: created.id, name: 'Initech', role: 'owner' },
      ]);
      expect(browser.sessionToken).toBeDefined();
      expect((await browser.send('GET', `${AUTH}/me`)).json<MeResponse>().user.email).toBe(
        newcomer.email.toUpperCase(),
      );
      const again = await new Browser(harness).send('POST', `${AUTH}/setup`, {
        token: created.token,
        ...newcomer,
      });
      expect(expectUniformError(again, 410, 'link_invalid').details).toEqual({ reason: 'used' });
    });

    it('makes an existing account the owner once it proves its password', async () => {
      const created = await createOrganizationFor(harness, owner.email, 'Umbrella');
      const browser = new Browser(harness);
      const memberships = await harness.count('tenancy.memberships');
      const wrong = await browser.send('POST', `${AUTH}/setup`, {
        token: created.token,
        ...owner,
        password: 'a different long password',
      });
      expect(expectUniformError(wrong, 400).details).toEqual([
        { field: 'password', message: 'password must be the password of the existing account of this email' },
      ]);
      expect(await harness.count('tenancy.memberships')).toBe(memberships);
      const response = await browser.send('POST', `${AUTH}/setup`, {
        token: created.token,
        ...owner,
        name: 'Ignored',
      });
      expect(response.statusCode).toBe(201);
      const body = response.json<SignInResponse>();
      expect(body.user.name).toBe(owner.name);
      expect(body.organizations).toEqual([
        { id: organizationId, name: 'Acme', role: 'owner' },
        { id: created.id, name: 'Umbrella', role: 'owner' },
      ]);
    });

    it('shows the link to the admin even without SMTP, and refuses a bad owner_email, writing nothing', async () => {
      const organizations = await harness.count('tenancy.organizations');
      const links = await harness.count('tenancy.one_time_links');
      for (const owner_email of ['not an email', '', null, 42, 'a@b'.padStart(300, 'x')]) {
        const response = await harness.request(
          'POST',
          '/admin/v1/organizations',
          'sign-in-tests-admin-token',
          {
            name: 'Bad',
            plan: 'free',
            owner_email,
          },
        );
        expect(expectUniformError(response, 400, 'validation_failed').details).toEqual(
          expect.arrayContaining([expect.objectContaining({ field: 'owner_email' })]),
        );
      }
      expect(await harness.count('tenancy.organizations')).toBe(organizations);
      expect(await harness.count('tenancy.one_time_links')).toBe(links);
      const plain = await harness.request('POST', '/admin/v1/organizations', 'sign-in-tests-admin-token', {
        name: 'No owner',
        plan: 'free',
      });
      expect(plain.statusCode).toBe(201);
      expect(plain.json<object>()).not.toHaveProperty('owner_setup_url');
    });
  });
});
