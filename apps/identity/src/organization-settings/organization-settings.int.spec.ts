import { randomBytes } from 'node:crypto';
import { issueCredential } from '@governance/auth';
import { newId, type Role } from '@governance/contracts';
import { readOutbox, ServiceHarness } from '@governance/testing';
import { createService } from '../service';

const PUBLIC_URL = 'http://console.test';
const ADMIN_TOKEN = `adm_${randomBytes(18).toString('base64url')}`;

interface ErrorBody {
  error: { code: string; message: string; details: unknown };
}

/** The organization's settings page: its name and an SSO summary, for who may read or change them. */
describe('organization settings', () => {
  let harness: ServiceHarness;
  let org: { id: string; apiKey: string };

  const byKey = (method: 'GET' | 'PATCH', body?: unknown) =>
    harness.request(method, '/api/service/organization', org.apiKey, body);
  const organizationRow = async () =>
    JSON.stringify(await harness.sql.query('SELECT * FROM tenancy.organizations WHERE id = $1', [org.id]));

  /** A member with `role` and an open session, as a browser sends it (cookies, CSRF header, Origin). */
  async function member(role: Role): Promise<Record<string, string>> {
    const userId = newId('user');
    const session = issueCredential('session');
    await harness.sql.query(`INSERT INTO tenancy.users (id, email, name) VALUES ($1, $2, 'Member')`, [
      userId,
      `${userId.toLowerCase()}@acme.com`,
    ]);
    await harness.sql.query(
      'INSERT INTO tenancy.memberships (organization_id, user_id, role) VALUES ($1, $2, $3)',
      [org.id, userId, role],
    );
    await harness.sql.query('INSERT INTO tenancy.sessions (id, user_id, secret_sha256) VALUES ($1, $2, $3)', [
      session.id,
      userId,
      session.secretSha256,
    ]);
    const csrf = randomBytes(16).toString('base64url');
    return {
      cookie: `service_session=${session.token}; service_csrf=${csrf}`,
      'x-service-csrf': csrf,
      origin: PUBLIC_URL,
    };
  }

  beforeAll(async () => {
    harness = await ServiceHarness.start(createService, { env: { ADMIN_TOKEN, PUBLIC_URL } });
    const created = await harness.request('POST', '/admin/v1/organizations', ADMIN_TOKEN, {
      name: 'Acme Insurance',
      plan: 'professional',
    });
    const body = created.json<{ id: string; api_key: string }>();
    org = { id: body.id, apiKey: body.api_key };
  });

  afterAll(() => harness?.close());

  it('shows the organization with its SSO summary', async () => {
    const shown = await byKey('GET');
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({
      id: org.id,
      name: 'Acme Insurance',
      plan: 'professional',
      created_at: expect.any(String) as unknown,
      sso: { enabled: false, issuer: null },
    });
  });

  it('renames the organization, announces it to the other services and audits before and after', async () => {
    const renamed = await byKey('PATCH', { name: '  Acme Insurance Group ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: org.id, name: 'Acme Insurance Group', plan: 'professional' });
    expect((await byKey('GET')).json()).toMatchObject({ name: 'Acme Insurance Group' });
    const updated = await readOutbox(harness, 'tenancy', 'organization.updated');
    expect(updated.map((event) => event.record)).toEqual([
      expect.objectContaining({
        organization_id: org.id,
        details: { name: 'Acme Insurance Group', plan: 'professional' },
      }),
    ]);
    const audit = (await readOutbox(harness, 'tenancy', 'audit.recorded')).at(-1)!.record.details;
    expect(audit).toMatchObject({
      action: 'organization.renamed',
      actor_type: 'api_key',
      target_type: 'organization',
      target_id: org.id,
      before: { name: 'Acme Insurance' },
      after: { name: 'Acme Insurance Group' },
    });
  });

  it('announces nothing when the name does not change', async () => {
    const events = (await readOutbox(harness, 'tenancy')).length;
    expect((await byKey('PATCH', { name: 'Acme Insurance Group' })).statusCode).toBe(200);
    expect((await readOutbox(harness, 'tenancy')).length).toBe(events);
  });

  it('lets every member read it and its SSO, and only owners and admins change them', async () => {
    for (const role of ['owner', 'admin'] as const) {
      const renamed = await harness.request(
        'PATCH',
        '/api/service/organization',
        undefined,
        { name: `By ${role}` },
        await member(role),
      );
      expect(renamed.statusCode).toBe(200);
    }
    for (const role of ['editor', 'viewer', 'auditor'] as const) {
      const headers = await member(role);
      const read = await harness.request('GET', '/api/service/organization', undefined, undefined, headers);
      expect(read.statusCode).toBe(200);
      const before = await organizationRow();
      const refused = await harness.request(
        'PATCH',
        '/api/service/organization',
        undefined,
        { name: 'Mine' },
        headers,
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.json<ErrorBody>().error.code).toBe('forbidden');
      expect(await organizationRow()).toBe(before);
      // SSO is configured by the same permission: this role reads it (there is none yet) and changes nothing.
      expect(
        (await harness.request('GET', '/api/service/sso', undefined, undefined, headers)).statusCode,
      ).toBe(404);
      for (const method of ['PUT', 'DELETE'] as const) {
        const body = method === 'PUT' ? { issuer: 'https://login.acme.com' } : undefined;
        const call = await harness.request(method, '/api/service/sso', undefined, body, headers);
        expect([method, call.statusCode]).toEqual([method, 403]);
      }
      expect(await harness.count('tenancy.sso_configurations')).toBe(0);
    }
  });

  it.each([
    ['no name', {}],
    ['an empty name', { name: '   ' }],
    ['a name too long', { name: 'x'.repeat(201) }],
    ['a name that is no string', { name: 7 }],
    ['a name with control characters', { name: 'a\u0000b' }],
    ['an unknown field', { name: 'ok', plan: 'free' }],
    ['a body that is no object', ['name']],
  ])('refuses %s with 400, and changes nothing', async (_, body) => {
    const before = await organizationRow();
    const events = (await readOutbox(harness, 'tenancy')).length;
    const refused = await byKey('PATCH', body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorBody>().error.code).toBe('validation_failed');
    expect(await organizationRow()).toBe(before);
    expect((await readOutbox(harness, 'tenancy')).length).toBe(events);
  });

  it('refuses a caller without credentials with 401', async () => {
    const before = await organizationRow();
    expect((await harness.request('GET', '/api/service/organization')).statusCode).toBe(401);
    expect(
      (await harness.request('PATCH', '/api/service/organization', undefined, { name: 'x' })).statusCode,
    ).toBe(401);
    expect(await organizationRow()).toBe(before);
  });
});
