import { newUuidV7 } from '@governance/contracts';
import { tenancyEventMessage } from '@governance/messaging';
import { ServiceHarness, type TestOrganization } from '@governance/testing';
import { createService } from '../service';

const REVOCATION_BOUND_MS = 2_000;

interface ErrorBody {
  error: { code: string; message: string; details: unknown };
}

/**
 * The guard on a real service: API keys by scope, people by role through their session cookie, CSRF on
 * cookie requests, the organization a person acts in, and revocation. Credentials announced by identity
 * work in the very next request.
 */
describe('who may call the systems API', () => {
  let harness: ServiceHarness;
  let org: TestOrganization;
  let other: TestOrganization;

  beforeAll(async () => {
    harness = await ServiceHarness.start(createService);
    [org, other] = await Promise.all([harness.createOrganization(), harness.createOrganization()]);
  });

  afterAll(() => harness.close());

  const register = (headers: Record<string, string>, key?: string) =>
    harness.request('POST', '/api/service/systems', key, { name: `Bot ${newUuidV7()}` }, headers);
  const systemsOf = async (organizationId: string) =>
    (
      await harness.sql.query<Array<{ count: number }>>(
        'SELECT count(*)::int AS count FROM systems.systems WHERE organization_id = $1',
        [organizationId],
      )
    )[0]!.count;

  async function refusedWithin(call: () => Promise<{ statusCode: number }>): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < REVOCATION_BOUND_MS) {
      if ((await call()).statusCode === 401) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`still accepted ${REVOCATION_BOUND_MS} ms after its revocation`);
  }

  it('lets each key scope do what it allows, at once, and refuses the rest with 403 and no write', async () => {
    const readOnly = await harness.createApiKey(org.id, 'read_only');
    expect((await harness.request('GET', '/api/service/systems', readOnly.apiKey)).statusCode).toBe(200);
    const before = await systemsOf(org.id);
    const refused = await register({}, readOnly.apiKey);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: {
        code: 'forbidden',
        message: 'A read_only API key does not allow this (systems:write)',
        details: { permission: 'systems:write', scope: 'read_only' },
      },
    });
    expect(await systemsOf(org.id)).toBe(before);

    const probe = await harness.createApiKey(org.id, 'probe');
    expect((await harness.request('GET', '/api/service/systems', probe.apiKey)).statusCode).toBe(403);

    const full = await harness.createApiKey(org.id, 'full');
    expect((await register({}, full.apiKey)).statusCode).toBe(201);
  });

  it('lets a person act by role through the session cookie, in the very next request', async () => {
    const viewer = await harness.createMember(org.id, 'viewer');
    expect(
      (await harness.request('GET', '/api/service/systems', undefined, undefined, viewer.headers)).statusCode,
    ).toBe(200);
    const before = await systemsOf(org.id);
    const refused = await register(viewer.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().error).toMatchObject({ code: 'forbidden', details: { role: 'viewer' } });
    expect(await systemsOf(org.id)).toBe(before);

    const editor = await harness.createMember(org.id, 'editor');
    const created = await register(editor.headers);
    expect(created.statusCode).toBe(201);
    expect(await systemsOf(org.id)).toBe(before + 1);
  });

  it('refuses cookie requests that change state without the Origin and CSRF token of the console', async () => {
    const editor = await harness.createMember(org.id, 'editor');
    const before = await systemsOf(org.id);
    const { origin, ['x-service-csrf']: token, ...cookieOnly } = editor.headers;
    for (const headers of [
      cookieOnly,
      { ...cookieOnly, 'x-service-csrf': token! },
      { ...cookieOnly, origin: origin! },
      { ...editor.headers, origin: 'https://evil.example' },
      { ...editor.headers, 'x-service-csrf': `${token!}x` },
    ]) {
      const refused = await register(headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<ErrorBody>().error.code).toBe('csrf_rejected');
    }
    expect(await systemsOf(org.id)).toBe(before);
    // Reads need neither.
    expect(
      (await harness.request('GET', '/api/service/systems', undefined, undefined, cookieOnly)).statusCode,
    ).toBe(200);
  });

  it('makes a person in several organizations name one, and only one of theirs', async () => {
    const person = await harness.createMember(org.id, 'editor');
    await harness.createMember(other.id, 'viewer', person.userId);
    // Naming the new organization works at once (the replica catches up for it): a viewer there.
    const inOther = await register({ ...person.headers, 'x-service-organization': other.id });
    expect(inOther.statusCode).toBe(403);
    expect(inOther.json<ErrorBody>().error.details).toMatchObject({ role: 'viewer' });
    const unnamed = await harness.request(
      'GET',
      '/api/service/systems',
      undefined,
      undefined,
      person.headers,
    );
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json<ErrorBody>().error.code).toBe('organization_required');
    const inOrg = await register({ ...person.headers, 'x-service-organization': org.id });
    expect(inOrg.statusCode).toBe(201);
    const stranger = await harness.createOrganization();
    const notMine = await harness.request('GET', '/api/service/systems', undefined, undefined, {
      ...person.headers,
      'x-service-organization': stranger.id,
    });
    expect(notMine.statusCode).toBe(403);
  });

  it('keeps a session started through one organization’s SSO in that organization', async () => {
    // Owner of `other`, admin of `org`, signed in through org's SSO: identity announces the bound session.
    const person = await harness.createMember(other.id, 'owner');
    const bound = await harness.createMember(org.id, 'admin', person.userId, { boundOrganizationId: org.id });
    const before = await systemsOf(other.id);
    const inOther = await register({ ...bound.headers, 'x-service-organization': other.id });
    expect(inOther.statusCode).toBe(403);
    expect(inOther.json()).toEqual({
      error: {
        code: 'forbidden',
        message: `This session was started through another organization's SSO and acts only there; sign in again to act in ${other.id}`,
        details: null,
      },
    });
    expect(await systemsOf(other.id)).toBe(before);
    // Where it is bound it acts, named or not (no need to choose among the person's organizations).
    expect((await register({ ...bound.headers, 'x-service-organization': org.id })).statusCode).toBe(201);
    expect(
      (await harness.request('GET', '/api/service/systems', undefined, undefined, bound.headers)).statusCode,
    ).toBe(200);
    // The person's unbound session still acts in both.
    expect((await register({ ...person.headers, 'x-service-organization': other.id })).statusCode).toBe(201);
  });

  it('refuses a bad cookie or key with the same 401', async () => {
    const answers = await Promise.all([
      harness.request('GET', '/api/service/systems'),
      harness.request('GET', '/api/service/systems', undefined, undefined, {
        cookie: 'service_session=nonsense',
      }),
      harness.request('GET', '/api/service/systems', 'sk_nonsense'),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json<ErrorBody>().error.code).toBe('unauthorized');
    }
  });

  it(`stops a revoked key, an ended session and a removed member within ${REVOCATION_BOUND_MS} ms`, async () => {
    const key = await harness.createApiKey(org.id, 'full');
    const member = await harness.createMember(org.id, 'editor');
    const leaving = await harness.createMember(org.id, 'editor');
    const list = (headers: Record<string, string>, apiKey?: string) =>
      harness.request('GET', '/api/service/systems', apiKey, undefined, headers);
    // Warm the cache: a revocation must reach a credential that was just used.
    for (const call of [list({}, key.apiKey), list(member.headers), list(leaving.headers)])
      expect((await call).statusCode).toBe(200);
    const timestamp = new Date().toISOString();
    await harness.publishMessages([
      tenancyEventMessage({
        id: newUuidV7(),
        organization_id: org.id,
        event: 'api_key.revoked',
        timestamp,
        details: { key_id: key.keyId },
      }),
      tenancyEventMessage({
        id: newUuidV7(),
        organization_id: org.id,
        event: 'session.ended',
        timestamp,
        details: { session_id: member.sessionId, user_id: member.userId },
      }),
      tenancyEventMessage({
        id: newUuidV7(),
        organization_id: org.id,
        event: 'member.removed',
        timestamp,
        details: { user_id: leaving.userId },
      }),
    ]);
    const keyMs = await refusedWithin(() => list({}, key.apiKey));
    const sessionMs = await refusedWithin(() => list(member.headers));
    const removed = list(leaving.headers);
    const started = Date.now();
    let status = (await removed).statusCode;
    while (status === 200 && Date.now() - started < REVOCATION_BOUND_MS)
      status = (await list(leaving.headers)).statusCode;
    expect(status).toBe(403);
    console.log(`revocation reached the guard: key after ${keyMs} ms, session after ${sessionMs} ms`);
  });
});
