import { newId } from '@governance/contracts';
import { type ServiceHarness } from '@governance/testing';
import { type LightMyRequestResponse } from 'fastify';
import {
  addPerson,
  ADMIN_TOKEN,
  asPerson,
  createOrganization,
  errorBody,
  readOutbox,
  snapshot,
  startIdentity,
} from '../members/testing/people-kit';

const KEYS = '/api/service/api-keys';

interface Key {
  id: string;
  name: string;
  scope: string;
  created_by: { type: string; id: string } | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  api_key?: string;
}

describe('self-serve API keys', () => {
  let harness: ServiceHarness;

  beforeAll(async () => {
    harness = await startIdentity();
  });

  afterAll(() => harness.close());

  async function organization() {
    const org = await createOrganization(harness);
    const owner = await addPerson(harness, org.id, 'owner');
    return { ...org, owner };
  }

  async function create(person: { headers: Record<string, string> }, body: { name: string; scope: string }) {
    const response = await asPerson(harness, person, 'POST', KEYS, body);
    expect([response.statusCode, response.json()]).toEqual([201, expect.anything()]);
    return response.json<Key & { api_key: string }>();
  }

  const list = async (credential: string, query = '') =>
    (await harness.request('GET', `${KEYS}${query}`, credential)).json<{
      data: Key[];
      next_cursor: string | null;
    }>();

  async function expectRefused(call: () => Promise<LightMyRequestResponse>, status: number, code: string) {
    const before = await snapshot(harness);
    const response = await call();
    expect([response.statusCode, response.json()]).toEqual([status, errorBody(code)]);
    expect(await snapshot(harness)).toEqual(before);
  }

  it('creates a key shown once, which works in the very next request and lists without its secret', async () => {
    const org = await organization();
    const key = await create(org.owner, { name: '  CI pipeline ', scope: 'read_only' });
    expect(key).toEqual({
      id: expect.stringMatching(/^key_[0-9A-HJKMNP-TV-Z]{26}$/),
      name: 'CI pipeline',
      scope: 'read_only',
      created_by: { type: 'user', id: org.owner.userId },
      created_at: expect.stringMatching(/Z$/),
      last_used_at: null,
      revoked_at: null,
      api_key: expect.stringMatching(/^sk_[0-9A-HJKMNP-TV-Z]{26}_[A-Za-z0-9_-]{43}$/),
    });
    expect(key.api_key.slice(3, 29)).toBe(key.id.slice(4));

    const listed = await list(key.api_key);
    const { api_key: secret, ...shown } = key;
    expect(listed.data[0]).toEqual(shown);
    // The admin API's first key is listed too: named alike, full, made by nobody in the organization.
    expect(listed.data[1]).toEqual({
      id: expect.stringMatching(/^key_/),
      name: 'Admin API key',
      scope: 'full',
      created_by: null,
      created_at: expect.any(String),
      last_used_at: null,
      revoked_at: null,
    });
    expect(JSON.stringify(listed)).not.toContain(secret.slice(30));

    const created = (await readOutbox(harness, 'tenancy', 'api_key.created')).find(
      (entry) => entry.record.details['key_id'] === key.id,
    );
    expect(created!.record.details).toEqual({
      key_id: key.id,
      secret_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      scope: 'read_only',
    });
    const audit = (await readOutbox(harness, 'tenancy', 'audit.recorded')).find(
      (entry) => entry.record.details['target_id'] === key.id,
    );
    expect(audit!.record.details).toMatchObject({
      action: 'api_key.created',
      actor_type: 'user',
      actor_id: org.owner.userId,
      after: { name: 'CI pipeline', scope: 'read_only' },
    });
    expect(JSON.stringify(audit)).not.toContain(secret.slice(30));
    expect(JSON.stringify(audit)).not.toContain(created!.record.details['secret_sha256'] as string);
  });

  it('lets a full key issue keys in its own name, and keeps admin-issued keys working', async () => {
    const org = await organization();
    const byKey = await harness.request('POST', KEYS, org.apiKey, { name: 'Probe fleet', scope: 'probe' });
    expect(byKey.statusCode).toBe(201);
    expect(byKey.json<Key>().created_by).toEqual({ type: 'api_key', id: expect.stringMatching(/^key_/) });

    const issued = await harness.request('POST', `/admin/v1/organizations/${org.id}/api-keys`, ADMIN_TOKEN);
    expect(issued.statusCode).toBe(201);
    const adminKey = issued.json<{ id: string; api_key: string }>();
    const listed = await list(adminKey.api_key);
    expect(listed.data.find((key) => key.id === adminKey.id)).toMatchObject({
      name: 'Admin API key',
      scope: 'full',
      created_by: null,
    });
  });

  it('refuses keys and roles without api_keys:write (403, nothing written), and narrower scopes all of it', async () => {
    const org = await organization();
    const readOnly = await create(org.owner, { name: 'Reader', scope: 'read_only' });
    const probe = await create(org.owner, { name: 'Probe', scope: 'probe' });
    await expectRefused(
      () => harness.request('POST', KEYS, readOnly.api_key, { name: 'Escalate', scope: 'full' }),
      403,
      'forbidden',
    );
    await expectRefused(
      () => harness.request('DELETE', `${KEYS}/${probe.id}`, readOnly.api_key),
      403,
      'forbidden',
    );
    await expectRefused(() => harness.request('GET', KEYS, probe.api_key), 403, 'forbidden');
    await expectRefused(
      () => harness.request('POST', KEYS, probe.api_key, { name: 'Escalate', scope: 'full' }),
      403,
      'forbidden',
    );
    for (const role of ['editor', 'viewer', 'auditor'] as const) {
      const person = await addPerson(harness, org.id, role);
      await expectRefused(
        () => asPerson(harness, person, 'POST', KEYS, { name: 'Mine', scope: 'read_only' }),
        403,
        'forbidden',
      );
      await expectRefused(
        () => asPerson(harness, person, 'DELETE', `${KEYS}/${readOnly.id}`),
        403,
        'forbidden',
      );
      expect((await asPerson(harness, person, 'GET', KEYS)).statusCode).toBe(200);
    }
    const admin = await addPerson(harness, org.id, 'admin');
    expect((await create(admin, { name: 'Admin made', scope: 'full' })).scope).toBe('full');
  });

  it('revokes a key: refused in the very next request, listed only with include=revoked, and 404 a second time', async () => {
    const org = await organization();
    const key = await create(org.owner, { name: 'Short-lived', scope: 'full' });
    expect((await harness.request('GET', KEYS, key.api_key)).statusCode).toBe(200);

    const revoked = await asPerson(harness, org.owner, 'DELETE', `${KEYS}/${key.id}`);
    expect(revoked.statusCode).toBe(204);
    const refused = await harness.request('GET', KEYS, key.api_key);
    expect([refused.statusCode, refused.json()]).toEqual([401, errorBody('unauthorized')]);

    expect((await list(org.apiKey)).data.map((listed) => listed.id)).not.toContain(key.id);
    const all = await list(org.apiKey, '?include=revoked');
    expect(all.data.find((listed) => listed.id === key.id)).toMatchObject({
      revoked_at: expect.stringMatching(/Z$/),
    });

    await expectRefused(() => asPerson(harness, org.owner, 'DELETE', `${KEYS}/${key.id}`), 404, 'not_found');
    const events = (await readOutbox(harness, 'tenancy', 'api_key.revoked')).filter(
      (entry) => entry.record.details['key_id'] === key.id,
    );
    expect(events).toHaveLength(1);
    const audit = (await readOutbox(harness, 'tenancy', 'audit.recorded'))
      .map((entry) => entry.record.details)
      .filter((details) => details['target_id'] === key.id && details['action'] === 'api_key.revoked');
    expect(audit).toEqual([
      expect.objectContaining({
        actor_id: org.owner.userId,
        before: { name: 'Short-lived', scope: 'full' },
        after: null,
      }),
    ]);
  });

  it('lets a key revoke itself, refusing it from the next request on', async () => {
    const org = await organization();
    const key = await create(org.owner, { name: 'Self', scope: 'full' });
    expect((await harness.request('DELETE', `${KEYS}/${key.id}`, key.api_key)).statusCode).toBe(204);
    expect((await harness.request('GET', KEYS, key.api_key)).statusCode).toBe(401);
  });

  it('keeps each organization’s keys to itself', async () => {
    const [acme, globex] = [await organization(), await organization()];
    const key = await create(acme.owner, { name: 'Acme only', scope: 'full' });
    expect((await list(globex.apiKey)).data.map((listed) => listed.id)).not.toContain(key.id);
    await expectRefused(
      () => harness.request('DELETE', `${KEYS}/${key.id}`, globex.apiKey),
      404,
      'not_found',
    );
  });

  it('answers bad input with a 4xx and writes nothing', async () => {
    const org = await organization();
    const post = (body: unknown) => () => asPerson(harness, org.owner, 'POST', KEYS, body);
    const cases: Array<[() => Promise<LightMyRequestResponse>, number, string]> = [
      [post({ name: 'x', scope: 'admin' }), 400, 'validation_failed'],
      [post({ name: 'x' }), 400, 'validation_failed'],
      [post({ scope: 'full' }), 400, 'validation_failed'],
      [post({ name: '   ', scope: 'full' }), 400, 'validation_failed'],
      [post({ name: 'x'.repeat(201), scope: 'full' }), 400, 'validation_failed'],
      [post({ name: 'bell\u0007', scope: 'full' }), 400, 'validation_failed'],
      [post({ name: 42, scope: 'full' }), 400, 'validation_failed'],
      [post({ name: 'x', scope: 'full', created_by: 'someone' }), 400, 'validation_failed'],
      [post([]), 400, 'validation_failed'],
      [() => asPerson(harness, org.owner, 'GET', `${KEYS}?include=everything`), 400, 'validation_failed'],
      [() => asPerson(harness, org.owner, 'GET', `${KEYS}?cursor=garbage`), 400, 'validation_failed'],
      [() => asPerson(harness, org.owner, 'DELETE', `${KEYS}/${newId('apiKey')}`), 404, 'not_found'],
      [() => asPerson(harness, org.owner, 'DELETE', `${KEYS}/key_nope`), 404, 'not_found'],
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
  });
});
