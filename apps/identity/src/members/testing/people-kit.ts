import { randomBytes } from 'node:crypto';
import { type AddressInfo } from 'node:net';
import { newId, type Role } from '@governance/contracts';
import { CSRF_COOKIE, SESSION_COOKIE } from '@governance/auth';
import { UnitOfWork } from '@governance/messaging';
import { ServiceHarness } from '@governance/testing';
import { type LightMyRequestResponse } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { MembershipsService } from '../../people/memberships.service';
import { hashPassword } from '../../people/passwords';
import { PeopleRepository } from '../../people/people.repository';
import { SessionsService } from '../../people/sessions.service';
import { createService } from '../../service';

export { readOutbox, type OutboxEntry } from '@governance/testing';

/** Where the console is served in these tests: the origin of cookie requests and of emailed links. */
export const PUBLIC_URL = 'http://console.test';
export const ADMIN_TOKEN = `adm_${randomBytes(24).toString('base64url')}`;

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/** An SMTP server in the test that keeps every message it receives, as the mailer's real counterpart. */
export interface MailSink {
  url: string;
  mails: ReceivedMail[];
  close(): Promise<void>;
}

/** Soft line breaks and `=XX` escapes of a quoted-printable body. */
const decodeQuotedPrintable = (body: string): string =>
  Buffer.from(
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

function parseMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(headers)?.[1] ?? '';
  const quoted = /quoted-printable/i.test(header('Content-Transfer-Encoding'));
  return { to, subject: header('Subject'), text: quoted ? decodeQuotedPrintable(body) : body };
}

export async function startMailSink(): Promise<MailSink> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push(
          parseMail(
            Buffer.concat(chunks).toString('utf8'),
            session.envelope.rcptTo.map((rcpt) => rcpt.address),
          ),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The identity service in-process on a fresh database, its admin API and the console's public URL set. */
export function startIdentity(env: Record<string, string> = {}): Promise<ServiceHarness> {
  return ServiceHarness.start(createService, {
    env: { ADMIN_TOKEN, PUBLIC_URL, ...env },
  });
}

/** An organization made through the admin API, with its first (admin-issued, `full`) key. */
export async function createOrganization(harness: ServiceHarness, name = 'Acme Insurance') {
  const response = await harness.request('POST', '/admin/v1/organizations', ADMIN_TOKEN, {
    name,
    plan: 'professional',
  });
  expect(response.statusCode).toBe(201);
  const body = response.json<{ id: string; api_key: string }>();
  return { id: body.id, apiKey: body.api_key };
}

export interface TestPerson {
  userId: string;
  email: string;
  password: string;
  /** Headers of a signed-in browser request in `organizationId`: cookies, CSRF token and origin. */
  headers: Record<string, string>;
}

/**
 * A person signed in, made directly through identity's services (as sign-up would), member of `organizationId`
 * with `role`. Their session cookie works in the very next request.
 */
export async function addPerson(
  harness: ServiceHarness,
  organizationId: string,
  role: Role,
  name = `Person ${randomBytes(3).toString('hex')}`,
): Promise<TestPerson> {
  const app = harness.service.app;
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}.${randomBytes(4).toString('hex')}@example.com`;
  const password = `pw ${randomBytes(12).toString('base64url')}`;
  const passwordHash = await hashPassword(password);
  const { userId, token } = await app.get(UnitOfWork).run(
    async (tx) => {
      const user = await app
        .get(PeopleRepository)
        .insertUser(tx.manager, { id: newId('user'), email, name, passwordHash });
      await app.get(MembershipsService).add(tx, organizationId, user.id, role);
      const { token } = await app.get(SessionsService).start(tx, user.id);
      return { userId: user.id, token };
    },
    { awaitPublished: true },
  );
  return { userId, email, password, headers: sessionHeaders(token, organizationId) };
}

/** What a browser signed in with `sessionToken` sends on any request, unsafe ones included. */
export function sessionHeaders(sessionToken: string, organizationId?: string): Record<string, string> {
  const csrf = randomBytes(16).toString('base64url');
  return {
    cookie: `${SESSION_COOKIE}=${sessionToken}; ${CSRF_COOKIE}=${csrf}`,
    'x-service-csrf': csrf,
    origin: PUBLIC_URL,
    ...(organizationId ? { 'x-service-organization': organizationId } : {}),
  };
}

/** A request as a signed-in person. */
export function asPerson(
  harness: ServiceHarness,
  person: Pick<TestPerson, 'headers'>,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<LightMyRequestResponse> {
  return harness.request(method, url, undefined, body, person.headers);
}

/** `details` of the uniform error body when a test does not care which: null or an object. */
const nullOrObject = {
  asymmetricMatch: (value: unknown) => value === null || typeof value === 'object',
  toAsymmetricMatcher: () => 'null or an object',
};

/** The uniform error body with `code`. */
export const errorBody = (code: string, details: unknown = nullOrObject) => ({
  error: { code, message: expect.any(String) as unknown, details },
});

/** What the identity schema holds, to show that a refused call wrote nothing. */
export async function snapshot(harness: ServiceHarness) {
  const query = (sql: string) => harness.sql.query<unknown[]>(sql);
  const [counts, memberships, invitations, apiKeys] = await Promise.all([
    query(
      `SELECT (SELECT count(*) FROM tenancy.users)::int AS users,
              (SELECT count(*) FROM tenancy.sessions)::int AS sessions,
              (SELECT count(*) FROM tenancy.outbox)::int AS outbox`,
    ),
    query('SELECT organization_id, user_id, role FROM tenancy.memberships ORDER BY 1, 2'),
    query('SELECT id, accepted_at, revoked_at FROM tenancy.invitations ORDER BY id'),
    query('SELECT id, revoked_at FROM tenancy.api_keys ORDER BY id'),
  ]);
  return { counts, memberships, invitations, apiKeys };
}
