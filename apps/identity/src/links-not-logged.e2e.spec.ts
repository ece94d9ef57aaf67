import { randomBytes } from 'node:crypto';
import {
  createTestDatabase,
  startServiceProcess,
  type ServiceProcess,
  type TestDatabase,
} from '@governance/testing';

const PUBLIC_URL = 'http://console.test';
const PASSWORD = 'violet kettle under the bridge';

/** A token of a one-time link, in any link or JSON field that could carry one. */
const ANY_LINK_TOKEN = /token=[A-Za-z0-9_-]{20,}/;

/**
 * Without SMTP_URL, the links that sign people in (first start, invitations, owner setup, password reset)
 * go to whoever asked for them, in an answer, and never to the log: the built identity process runs at
 * debug level, and everything it writes is read.
 */
describe('links with live tokens, without an SMTP server', () => {
  let database: TestDatabase;
  let identity: ServiceProcess;
  const adminToken = `adm_${randomBytes(18).toString('base64url')}`;

  beforeAll(async () => {
    database = await createTestDatabase();
    identity = await startServiceProcess(
      'identity',
      { DATABASE_URL: database.url, ADMIN_TOKEN: adminToken, PUBLIC_URL, LOG_LEVEL: 'debug' },
      60_000,
    );
  });

  afterAll(async () => {
    await identity?.stop();
    await database?.drop();
  });

  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${identity.baseUrl}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : {}) as Record<string, string>,
      response,
    };
  }
  const asAdmin = { authorization: `Bearer ${adminToken}` };
  const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

  it('hands each link to whoever asked, and writes none to the log', async () => {
    // The first start's link is on no terminal here: the operator asks the admin API for one.
    const setupLink = await call('POST', '/admin/v1/setup-link', undefined, asAdmin);
    expect(setupLink.status).toBe(201);
    const setupToken = tokenOf(setupLink.body['setup_url']!);
    const setup = await call(
      'POST',
      '/api/service/auth/setup',
      {
        token: setupToken,
        email: 'ada@acme.example',
        name: 'Ada Lovelace',
        password: PASSWORD,
        organization_name: 'Acme',
      },
      { origin: PUBLIC_URL },
    );
    expect(setup.status).toBe(201);
    expect((await call('POST', '/admin/v1/setup-link', undefined, asAdmin)).status).toBe(409);
    const cookies = setup.response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
    const csrf = cookies.find((cookie) => cookie.startsWith('service_csrf='))!.split('=')[1]!;
    const asOwner = { cookie: cookies.join('; '), 'x-service-csrf': csrf, origin: PUBLIC_URL };

    // The inviting owner gets the invitation's link in the answer.
    const invitation = await call(
      'POST',
      '/api/service/invitations',
      { email: 'sam@acme.example', role: 'editor' },
      asOwner,
    );
    expect(invitation.status).toBe(201);
    const invitationToken = tokenOf(invitation.body['accept_url']!);

    // The operator gets an organization's owner link in the answer.
    const organization = await call(
      'POST',
      '/admin/v1/organizations',
      {
        name: 'Globex',
        plan: 'free',
        owner_email: 'hank@globex.example',
      },
      asAdmin,
    );
    expect(organization.status).toBe(201);
    const ownerToken = tokenOf(organization.body['owner_setup_url']!);

    // A reset asked for makes no link nobody could receive; the operator issues one to hand over.
    const asked = await call(
      'POST',
      '/api/service/auth/password-reset',
      { email: 'ada@acme.example' },
      { origin: PUBLIC_URL },
    );
    expect(asked.status).toBe(202);
    const reset = await call(
      'POST',
      '/admin/v1/password-reset-links',
      { email: 'ada@acme.example' },
      asAdmin,
    );
    expect(reset.status).toBe(201);
    const resetToken = tokenOf(reset.body['reset_url']!);
    expect(
      (await call('POST', '/admin/v1/password-reset-links', { email: 'nobody@acme.example' }, asAdmin))
        .status,
    ).toBe(404);

    // Each link works: the tokens are live.
    expect((await call('GET', `/api/service/invitations/lookup?token=${invitationToken}`)).status).toBe(200);
    const confirmed = await call(
      'POST',
      '/api/service/auth/password-reset/confirm',
      {
        token: resetToken,
        new_password: 'a new passphrase for ada',
      },
      { origin: PUBLIC_URL },
    );
    expect(confirmed.status).toBe(204);

    // Give the reset request's work off the request path time to log what it logs, then read it all.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const output = identity.output();
    expect(output).toContain('First start: nobody has an account yet');
    expect(output).toContain('SMTP_URL is not set');
    for (const token of [setupToken, invitationToken, ownerToken, resetToken])
      expect(output).not.toContain(token);
    expect(output).not.toMatch(ANY_LINK_TOKEN);
  });
});
