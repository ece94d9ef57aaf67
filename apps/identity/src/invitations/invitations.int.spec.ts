import { createServer } from 'node:net';
import { newId } from '@governance/contracts';
import { sleep } from '@governance/platform';
import { eventually, readAuditEntries, type ServiceHarness } from '@governance/testing';
import { type LightMyRequestResponse } from 'fastify';
import {
  addPerson,
  asPerson,
  createOrganization,
  errorBody,
  type MailSink,
  PUBLIC_URL,
  readOutbox,
  sessionHeaders,
  snapshot,
  startIdentity,
  startMailSink,
} from '../members/testing/people-kit';

const INVITATIONS = '/api/service/invitations';
const MEMBERS = '/api/service/members';
const STRONG_PASSWORD = 'violet staircase 42 humming';

interface Invitation {
  id: string;
  email: string;
  role: string;
  invited_by: { type: string; id: string } | null;
  created_at: string;
  expires_at: string;
  accept_url?: string;
}

/** The session token of a `Set-Cookie` answer, and the attributes of each cookie. */
function cookiesOf(response: LightMyRequestResponse) {
  const header = response.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : header ? [header] : [];
  return Object.fromEntries(
    lines.map((line) => {
      const [pair, ...attributes] = line.split(/;\s*/);
      const [name, value] = pair!.split('=');
      return [name!, { value: value!, attributes: attributes.sort() }];
    }),
  );
}

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

describe('invitations', () => {
  let harness: ServiceHarness;
  let sink: MailSink;

  beforeAll(async () => {
    sink = await startMailSink();
    harness = await startIdentity({ SMTP_URL: sink.url });
  });

  afterAll(async () => {
    await harness.close();
    await sink.close();
  });

  async function organization(name = 'Acme Insurance') {
    const org = await createOrganization(harness, name);
    const owner = await addPerson(harness, org.id, 'owner', 'Olive Owner');
    const admin = await addPerson(harness, org.id, 'admin', 'Ada Admin');
    return { ...org, owner, admin };
  }

  async function invite(person: { headers: Record<string, string> }, email: string, role = 'editor') {
    const response = await asPerson(harness, person, 'POST', INVITATIONS, { email, role });
    expect([response.statusCode, response.json()]).toEqual([201, expect.anything()]);
    return response.json<Invitation>();
  }

  /** The link of the last email the sink received for `email`. */
  function linkSentTo(email: string): string {
    const mail = sink.mails
      .filter((received) => received.to.some((to) => to.toLowerCase() === email.toLowerCase()))
      .at(-1);
    expect(mail).toBeDefined();
    const link = new RegExp(`${PUBLIC_URL}/invitations/accept\\?token=[A-Za-z0-9_%-]+`).exec(mail!.text);
    expect(link).not.toBeNull();
    return link![0];
  }

  const accept = (body: Record<string, unknown>) =>
    harness.request('POST', `${INVITATIONS}/accept`, undefined, body);
  const lookup = (token: string) =>
    harness.request('GET', `${INVITATIONS}/lookup?token=${encodeURIComponent(token)}`);

  async function expectRefused(call: () => Promise<LightMyRequestResponse>, status: number, code: string) {
    const before = await snapshot(harness);
    const response = await call();
    expect([response.statusCode, response.json()]).toEqual([status, errorBody(code)]);
    expect(await snapshot(harness)).toEqual(before);
  }

  it('emails a link that makes a new account a member and signs it in', async () => {
    const org = await organization();
    const email = `sam.${newId('user').slice(-6).toLowerCase()}@example.com`;
    const invitation = await invite(org.admin, email, 'editor');
    expect(invitation).toEqual({
      id: expect.stringMatching(/^inv_[0-9A-HJKMNP-TV-Z]{26}$/),
      email,
      role: 'editor',
      invited_by: { type: 'user', id: org.admin.userId },
      created_at: expect.stringMatching(/Z$/),
      expires_at: new Date(Date.parse(invitation.created_at) + 7 * 24 * 3600 * 1000).toISOString(),
    });
    const mail = sink.mails.find((received) => received.to.includes(email))!;
    expect(mail.subject).toBe('You are invited to Acme Insurance on AI Governance');
    expect(mail.text).toContain('Ada Admin invited you to join Acme Insurance on AI Governance as editor.');
    const token = tokenOf(linkSentTo(email));
    // Only the token's digest is stored.
    const stored = await harness.sql.query<Array<{ token_sha256: string }>>(
      'SELECT token_sha256 FROM tenancy.invitations WHERE id = $1',
      [invitation.id],
    );
    expect(stored[0]!.token_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await readOutbox(harness, 'tenancy'))).not.toContain(token);

    const pending = await asPerson(harness, org.owner, 'GET', INVITATIONS);
    expect(pending.json()).toEqual({ data: [{ ...invitation }], next_cursor: null });

    const looked = await lookup(token);
    expect([looked.statusCode, looked.json()]).toEqual([
      200,
      {
        organization: { id: org.id, name: 'Acme Insurance' },
        email,
        role: 'editor',
        expires_at: invitation.expires_at,
        account_exists: false,
      },
    ]);

    const accepted = await accept({ token, name: 'Sam Okafor', password: STRONG_PASSWORD });
    expect(accepted.statusCode).toBe(200);
    const body = accepted.json<{ user: { id: string } }>();
    expect(body).toEqual({
      user: { id: expect.stringMatching(/^usr_/), email, name: 'Sam Okafor' },
      organization: { id: org.id, name: 'Acme Insurance' },
      role: 'editor',
    });
    expect(accepted.headers['cache-control']).toBe('no-store');
    const cookies = cookiesOf(accepted);
    expect(cookies['service_session']).toEqual({
      value: expect.stringMatching(/^ses_[0-9A-HJKMNP-TV-Z]{26}_[A-Za-z0-9_-]{43}$/),
      attributes: ['HttpOnly', 'Path=/', 'SameSite=Lax'],
    });
    expect(cookies['service_csrf']).toEqual({
      value: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      attributes: ['Path=/', 'SameSite=Lax'],
    });

    // The session works in the very next request, as a member with the invited role.
    const asSam = { headers: sessionHeaders(cookies['service_session']!.value, org.id) };
    const members = await asPerson(harness, asSam, 'GET', MEMBERS);
    expect(members.statusCode).toBe(200);
    expect(members.json<{ data: Array<{ id: string; role: string }> }>().data).toContainEqual(
      expect.objectContaining({ id: body.user.id, role: 'editor' }),
    );
    expect((await asPerson(harness, org.owner, 'GET', INVITATIONS)).json()).toEqual({
      data: [],
      next_cursor: null,
    });

    const audit = (await readOutbox(harness, 'tenancy', 'audit.recorded'))
      .map((entry) => entry.record.details)
      .filter((details) => details['target_id'] === invitation.id);
    expect(audit.map((details) => [details['action'], details['actor_id']])).toEqual([
      ['invitation.created', org.admin.userId],
      ['invitation.accepted', body.user.id],
    ]);

    // The link works once.
    await expectRefused(
      () => accept({ token, name: 'Sam Again', password: STRONG_PASSWORD }),
      410,
      'invitation_accepted',
    );
    await expectRefused(() => lookup(token), 410, 'invitation_accepted');
  });

  it('adds an existing account once its password matches', async () => {
    const org = await organization();
    const elsewhere = await organization('Globex');
    const person = await addPerson(harness, elsewhere.id, 'viewer', 'Kim Existing');
    await invite(org.owner, person.email.toUpperCase(), 'auditor');
    const token = tokenOf(linkSentTo(person.email.toUpperCase()));
    expect((await lookup(token)).json<{ account_exists: boolean }>().account_exists).toBe(true);

    const wrong = await accept({ token, password: 'not the password at all' });
    expect([wrong.statusCode, wrong.json()]).toEqual([401, errorBody('unauthorized')]);
    const accepted = await accept({ token, password: person.password });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({
      user: { id: person.userId, email: person.email, name: 'Kim Existing' },
      organization: { id: org.id, name: 'Acme Insurance' },
      role: 'auditor',
    });
    const memberships = await harness.sql.query<Array<{ organization_id: string; role: string }>>(
      'SELECT organization_id, role FROM tenancy.memberships WHERE user_id = $1 ORDER BY role',
      [person.userId],
    );
    expect(memberships).toEqual([
      { organization_id: org.id, role: 'auditor' },
      { organization_id: elsewhere.id, role: 'viewer' },
    ]);
  });

  it('checks an existing account’s password under the sign-in limit, and audits each wrong one where the account belongs', async () => {
    const victims = await organization('Victim Corp');
    const victim = await addPerson(harness, victims.id, 'owner', 'Vic Victim');
    const attackers = await organization('Attacker Ltd');
    const token = tokenOf((await invite(attackers.admin, victim.email), linkSentTo(victim.email)));
    const guess = (password: string) =>
      harness.request(
        'POST',
        `${INVITATIONS}/accept`,
        undefined,
        { token, password },
        {
          'x-forwarded-for': '198.51.100.77',
        },
      );
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await guess(`guess number ${i} is wrong`)).statusCode);
    // The default limit: five failures of one account within the window, then 429 even for the right one.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const limited = await guess(victim.password);
    expect([limited.statusCode, limited.json()]).toEqual([429, errorBody('too_many_requests')]);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The same limit as sign-in: the account is limited there too.
    const signIn = await harness.request('POST', '/api/service/auth/login', undefined, {
      email: victim.email,
      password: victim.password,
    });
    expect(signIn.statusCode).toBe(429);

    const failures = await eventually(async () => {
      const entries = (await readAuditEntries(harness, 'tenancy', victim.userId)).filter(
        (entry) => entry.action === 'user.sign_in_failed',
      );
      return entries.length >= 5 && entries;
    });
    expect(failures).toHaveLength(5);
    const outbox = await readOutbox(harness, 'tenancy', 'audit.recorded');
    const organizations = outbox
      .filter((entry) => entry.record.details['action'] === 'user.sign_in_failed')
      .filter((entry) => entry.record.details['target_id'] === victim.userId)
      .map((entry) => entry.record['organization_id']);
    expect(organizations).toEqual(Array(5).fill(victims.id));
    expect(failures[0]).toMatchObject({
      target_type: 'user',
      target_id: victim.userId,
      address: '198.51.100.77',
      after: { via: 'invitation' },
    });
  });

  it('revokes an invitation: its link stops working, and a second revocation is 404', async () => {
    const org = await organization();
    const email = 'revoked.person@example.com';
    const invitation = await invite(org.admin, email);
    const token = tokenOf(linkSentTo(email));
    const revoked = await asPerson(harness, org.admin, 'DELETE', `${INVITATIONS}/${invitation.id}`);
    expect(revoked.statusCode).toBe(204);
    expect((await asPerson(harness, org.owner, 'GET', INVITATIONS)).json()).toEqual({
      data: [],
      next_cursor: null,
    });
    await expectRefused(() => lookup(token), 410, 'invitation_revoked');
    await expectRefused(
      () => accept({ token, name: 'Too Late', password: STRONG_PASSWORD }),
      410,
      'invitation_revoked',
    );
    await expectRefused(
      () => asPerson(harness, org.admin, 'DELETE', `${INVITATIONS}/${invitation.id}`),
      404,
      'not_found',
    );
    // Once revoked, the person can be invited again.
    await invite(org.admin, email);
  });

  it('lets only an owner invite an owner or revoke such an invitation', async () => {
    const org = await organization();
    await expectRefused(
      () => asPerson(harness, org.admin, 'POST', INVITATIONS, { email: 'boss@example.com', role: 'owner' }),
      403,
      'forbidden',
    );
    await expectRefused(
      () => harness.request('POST', INVITATIONS, org.apiKey, { email: 'boss@example.com', role: 'owner' }),
      403,
      'forbidden',
    );
    const invitation = await invite(org.owner, 'boss@example.com', 'owner');
    await expectRefused(
      () => asPerson(harness, org.admin, 'DELETE', `${INVITATIONS}/${invitation.id}`),
      403,
      'forbidden',
    );
    // An admin's key invites like an admin, and is named as the inviter.
    const byKey = await harness.request('POST', INVITATIONS, org.apiKey, {
      email: 'keyed@example.com',
      role: 'viewer',
    });
    expect(byKey.json<Invitation>().invited_by).toEqual({
      type: 'api_key',
      id: expect.stringMatching(/^key_/),
    });
  });

  it('refuses roles without members:write with 403 and the uniform body, writing nothing', async () => {
    const org = await organization();
    const invitation = await invite(org.admin, 'pending.one@example.com');
    for (const role of ['editor', 'viewer', 'auditor'] as const) {
      const person = await addPerson(harness, org.id, role);
      await expectRefused(
        () => asPerson(harness, person, 'POST', INVITATIONS, { email: 'x@example.com', role: 'viewer' }),
        403,
        'forbidden',
      );
      await expectRefused(
        () => asPerson(harness, person, 'DELETE', `${INVITATIONS}/${invitation.id}`),
        403,
        'forbidden',
      );
    }
  });

  it('refuses to invite a member or someone already invited (409)', async () => {
    const org = await organization();
    await expectRefused(
      () =>
        asPerson(harness, org.owner, 'POST', INVITATIONS, {
          email: org.admin.email.toUpperCase(),
          role: 'viewer',
        }),
      409,
      'conflict',
    );
    await invite(org.owner, 'twice@example.com');
    await expectRefused(
      () => asPerson(harness, org.admin, 'POST', INVITATIONS, { email: 'Twice@Example.com', role: 'admin' }),
      409,
      'conflict',
    );
    // Two admins inviting one person at once make one invitation.
    const answers = await Promise.all(
      [org.owner, org.admin].map((person) =>
        asPerson(harness, person, 'POST', INVITATIONS, { email: 'race@example.com', role: 'viewer' }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
  });

  it('answers bad input with a 4xx and writes nothing', async () => {
    const org = await organization();
    const invitation = await invite(org.owner, 'input.checks@example.com');
    const token = tokenOf(linkSentTo('input.checks@example.com'));
    const post = (body: unknown) => () => asPerson(harness, org.owner, 'POST', INVITATIONS, body);
    const cases: Array<[() => Promise<LightMyRequestResponse>, number, string]> = [
      [post({ email: 'not an email', role: 'viewer' }), 400, 'validation_failed'],
      [post({ email: 'a@example.com', role: 'god' }), 400, 'validation_failed'],
      [post({ email: 'a@example.com' }), 400, 'validation_failed'],
      [post({ role: 'viewer' }), 400, 'validation_failed'],
      [post({ email: 'a@example.com', role: 'viewer', extra: true }), 400, 'validation_failed'],
      [post({ email: `${'a'.repeat(320)}@example.com`, role: 'viewer' }), 400, 'validation_failed'],
      [post('"a@example.com"'), 400, 'validation_failed'],
      [() => asPerson(harness, org.owner, 'GET', `${INVITATIONS}?cursor=garbage`), 400, 'validation_failed'],
      [
        () => asPerson(harness, org.owner, 'DELETE', `${INVITATIONS}/${newId('invitation')}`),
        404,
        'not_found',
      ],
      [() => asPerson(harness, org.owner, 'DELETE', `${INVITATIONS}/inv_nope`), 404, 'not_found'],
      [() => harness.request('GET', `${INVITATIONS}/lookup`), 400, 'validation_failed'],
      [() => lookup('unknown-token'), 404, 'not_found'],
      [() => lookup('x'.repeat(201)), 400, 'validation_failed'],
      [() => accept({ token: 'unknown-token', name: 'A', password: STRONG_PASSWORD }), 404, 'not_found'],
      [() => accept({ token, password: STRONG_PASSWORD }), 400, 'validation_failed'],
      [() => accept({ token, name: 'Short', password: 'short' }), 400, 'validation_failed'],
      [() => accept({ token, name: 'Common', password: 'password1234' }), 400, 'validation_failed'],
      [() => accept({ token, name: 'Same', password: 'input.checks@example.com' }), 400, 'validation_failed'],
      [() => accept({ token, name: '', password: STRONG_PASSWORD }), 400, 'validation_failed'],
      [() => accept({ token, name: 'Tab\u0001', password: STRONG_PASSWORD }), 400, 'validation_failed'],
      [
        () => accept({ token, name: 'A', password: STRONG_PASSWORD, role: 'owner' }),
        400,
        'validation_failed',
      ],
      [() => accept({ name: 'A', password: STRONG_PASSWORD }), 400, 'validation_failed'],
      [() => accept({ token, name: 'A', password: 'p'.repeat(257) }), 400, 'validation_failed'],
      // What a form on another site could send: no JSON, so never read (login CSRF).
      [
        () =>
          harness.fastify.inject({
            method: 'POST',
            url: `${INVITATIONS}/accept`,
            headers: { 'content-type': 'text/plain', origin: 'https://elsewhere.example' },
            payload: JSON.stringify({ token, name: 'Forged', password: STRONG_PASSWORD }),
          }),
        415,
        'unsupported_media_type',
      ],
    ];
    for (const [call, status, code] of cases) {
      const before = await snapshot(harness);
      const response = await call();
      expect([response.statusCode, response.json<{ error: { code: string } }>().error.code]).toEqual([
        status,
        code,
      ]);
      expect(await snapshot(harness)).toEqual(before);
    }
    // The token still works after all that.
    expect((await lookup(token)).statusCode).toBe(200);
    expect((await accept({ token, name: 'Finally', password: STRONG_PASSWORD })).statusCode).toBe(200);
    expect(invitation.id).toMatch(/^inv_/);
  });
});

describe('invitations without a working mail server, and with a short lifetime', () => {
  let harness: ServiceHarness;

  beforeAll(async () => {
    // A port nothing listens on: sending fails at once.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    harness = await startIdentity({ SMTP_URL: `smtp://127.0.0.1:${port}`, INVITATION_TTL_MS: '1000' });
  });

  afterAll(() => harness.close());

  it('shows the link to the inviting admin when the email was not sent, and refuses it once expired', async () => {
    const org = await createOrganization(harness);
    const owner = await addPerson(harness, org.id, 'owner');
    const response = await asPerson(harness, owner, 'POST', INVITATIONS, {
      email: 'late@example.com',
      role: 'viewer',
    });
    expect(response.statusCode).toBe(201);
    const invitation = response.json<Invitation>();
    expect(Date.parse(invitation.expires_at) - Date.parse(invitation.created_at)).toBe(1000);
    expect(invitation.accept_url).toMatch(
      new RegExp(`^${PUBLIC_URL}/invitations/accept\\?token=[A-Za-z0-9_-]{43}$`),
    );
    const token = tokenOf(invitation.accept_url!);
    expect((await harness.request('GET', `${INVITATIONS}/lookup?token=${token}`)).statusCode).toBe(200);

    await sleep(Date.parse(invitation.expires_at) - Date.now() + 50);
    const before = await snapshot(harness);
    for (const call of [
      () => harness.request('GET', `${INVITATIONS}/lookup?token=${token}`),
      () =>
        harness.request('POST', `${INVITATIONS}/accept`, undefined, {
          token,
          name: 'Late',
          password: STRONG_PASSWORD,
        }),
    ]) {
      const refused = await call();
      expect([refused.statusCode, refused.json()]).toEqual([410, errorBody('invitation_expired')]);
    }
    expect(await snapshot(harness)).toEqual(before);
    // An expired invitation is no longer pending: the person can be invited again.
    expect((await asPerson(harness, owner, 'GET', INVITATIONS)).json()).toEqual({
      data: [],
      next_cursor: null,
    });
    const again = await asPerson(harness, owner, 'POST', INVITATIONS, {
      email: 'late@example.com',
      role: 'viewer',
    });
    expect(again.statusCode).toBe(201);
  });
});
