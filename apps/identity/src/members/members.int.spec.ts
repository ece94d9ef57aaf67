import { newId } from '@governance/contracts';
import { type ServiceHarness } from '@governance/testing';
import {
  addPerson,
  asPerson,
  createOrganization,
  errorBody,
  readOutbox,
  snapshot,
  startIdentity,
  type TestPerson,
} from './testing/people-kit';

const MEMBERS = '/api/service/members';

interface Member {
  id: string;
  email: string;
  name: string;
  role: string;
  joined_at: string;
}

describe('members API', () => {
  let harness: ServiceHarness;

  beforeAll(async () => {
    harness = await startIdentity();
  });

  afterAll(() => harness.close());

  /** A fresh organization with one owner, so each test starts from its own members. */
  async function organization() {
    const org = await createOrganization(harness);
    const owner = await addPerson(harness, org.id, 'owner', 'Olive Owner');
    return { ...org, owner };
  }

  const roleOf = async (organizationId: string, userId: string) =>
    (
      await harness.sql.query<Array<{ role: string }>>(
        'SELECT role FROM tenancy.memberships WHERE organization_id = $1 AND user_id = $2',
        [organizationId, userId],
      )
    )[0]?.role;

  async function expectRefused(
    call: () => Promise<{ statusCode: number; json: () => unknown }>,
    status: number,
    code: string,
  ) {
    const before = await snapshot(harness);
    const response = await call();
    expect([response.statusCode, response.json()]).toEqual([status, errorBody(code)]);
    expect(await snapshot(harness)).toEqual(before);
  }

  it('lists the members with their roles, newest first, a page at a time', async () => {
    const org = await organization();
    const admin = await addPerson(harness, org.id, 'admin', 'Ada Admin');
    const viewer = await addPerson(harness, org.id, 'viewer', 'Vic Viewer');
    const all = await asPerson(harness, viewer, 'GET', MEMBERS);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({
      data: [viewer, admin, org.owner].map((person) => ({
        id: person.userId,
        email: person.email,
        name: expect.any(String),
        role: person === viewer ? 'viewer' : person === admin ? 'admin' : 'owner',
        joined_at: expect.stringMatching(/Z$/),
      })),
      next_cursor: null,
    });
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await asPerson(
        harness,
        viewer,
        'GET',
        `${MEMBERS}?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      const body = page.json<{ data: Member[]; next_cursor: string | null }>();
      ids.push(...body.data.map((member) => member.id));
      cursor = body.next_cursor;
    } while (cursor);
    expect(ids).toEqual([viewer.userId, admin.userId, org.owner.userId]);
    // The organization's key reads them too; another organization's members stay out of sight.
    const other = await organization();
    const byKey = await harness.request('GET', MEMBERS, other.apiKey);
    expect(byKey.json<{ data: Member[] }>().data.map((member) => member.id)).toEqual([other.owner.userId]);
  });

  it('lets an admin change and remove everyone but owners, and only an owner touch owners', async () => {
    const org = await organization();
    const admin = await addPerson(harness, org.id, 'admin');
    const editor = await addPerson(harness, org.id, 'editor');
    const viewer = await addPerson(harness, org.id, 'viewer');

    const promoted = await asPerson(harness, admin, 'PATCH', `${MEMBERS}/${editor.userId}`, {
      role: 'admin',
    });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toEqual({
      id: editor.userId,
      email: editor.email,
      name: expect.any(String),
      role: 'admin',
      joined_at: expect.stringMatching(/Z$/),
    });
    expect(await roleOf(org.id, editor.userId)).toBe('admin');

    await expectRefused(
      () => asPerson(harness, admin, 'PATCH', `${MEMBERS}/${viewer.userId}`, { role: 'owner' }),
      403,
      'forbidden',
    );
    await expectRefused(
      () => asPerson(harness, admin, 'PATCH', `${MEMBERS}/${org.owner.userId}`, { role: 'viewer' }),
      403,
      'forbidden',
    );
    await expectRefused(
      () => asPerson(harness, admin, 'DELETE', `${MEMBERS}/${org.owner.userId}`),
      403,
      'forbidden',
    );

    // A `full` key acts as an admin: everyone but owners.
    const byKey = await harness.request('PATCH', `${MEMBERS}/${viewer.userId}`, org.apiKey, {
      role: 'auditor',
    });
    expect([byKey.statusCode, byKey.json<Member>().role]).toEqual([200, 'auditor']);
    await expectRefused(
      () => harness.request('PATCH', `${MEMBERS}/${org.owner.userId}`, org.apiKey, { role: 'admin' }),
      403,
      'forbidden',
    );

    const owned = await asPerson(harness, org.owner, 'PATCH', `${MEMBERS}/${viewer.userId}`, {
      role: 'owner',
      reason: 'Takes over while I am away',
    });
    expect([owned.statusCode, owned.json<Member>().role]).toEqual([200, 'owner']);
    const roleAudit = (await readOutbox(harness, 'tenancy', 'audit.recorded'))
      .map((entry) => entry.record.details)
      .filter((details) => details['target_id'] === viewer.userId);
    expect(roleAudit.at(-1)).toMatchObject({
      action: 'member.role_changed',
      after: { role: 'owner', reason: 'Takes over while I am away' },
    });
    const removed = await asPerson(harness, admin, 'DELETE', `${MEMBERS}/${editor.userId}`);
    expect(removed.statusCode).toBe(204);
    expect(await roleOf(org.id, editor.userId)).toBeUndefined();

    const events = (await readOutbox(harness, 'tenancy'))
      .filter((entry) => entry.record.organization_id === org.id && entry.eventType.startsWith('member.'))
      .map((entry) => [entry.eventType, entry.record.details]);
    expect(events.slice(-3)).toEqual([
      ['member.role_changed', { user_id: viewer.userId, role: 'auditor' }],
      ['member.role_changed', { user_id: viewer.userId, role: 'owner' }],
      ['member.removed', { user_id: editor.userId }],
    ]);
    const audit = (await readOutbox(harness, 'tenancy', 'audit.recorded'))
      .map((entry) => entry.record.details)
      .filter((details) => details['target_id'] === editor.userId);
    expect(audit.map((details) => [details['action'], details['actor_type'], details['actor_id']])).toEqual([
      ['member.added', 'service', 'identity'],
      ['member.role_changed', 'user', admin.userId],
      ['member.removed', 'user', admin.userId],
    ]);
  });

  it('keeps the last owner: neither demoted nor removed, by others or by themselves (409)', async () => {
    const org = await organization();
    await expectRefused(
      () => asPerson(harness, org.owner, 'PATCH', `${MEMBERS}/${org.owner.userId}`, { role: 'admin' }),
      409,
      'conflict',
    );
    await expectRefused(
      () => asPerson(harness, org.owner, 'DELETE', `${MEMBERS}/${org.owner.userId}`),
      409,
      'conflict',
    );
    await expectRefused(() => asPerson(harness, org.owner, 'DELETE', `${MEMBERS}/me`), 409, 'conflict');

    // With a second owner, either may step down; then the other is the last again.
    const second = await addPerson(harness, org.id, 'owner');
    const demoted = await asPerson(harness, org.owner, 'PATCH', `${MEMBERS}/${org.owner.userId}`, {
      role: 'admin',
    });
    expect([demoted.statusCode, demoted.json<Member>().role]).toEqual([200, 'admin']);
    await expectRefused(
      () => asPerson(harness, second, 'DELETE', `${MEMBERS}/${second.userId}`),
      409,
      'conflict',
    );
  });

  it('refuses two owners demoting each other at once: one stays owner', async () => {
    const org = await organization();
    const second = await addPerson(harness, org.id, 'owner');
    const answers = await Promise.all([
      asPerson(harness, org.owner, 'PATCH', `${MEMBERS}/${second.userId}`, { role: 'admin' }),
      asPerson(harness, second, 'PATCH', `${MEMBERS}/${org.owner.userId}`, { role: 'admin' }),
    ]);
    // The loser meets the winner's change either in the owner check (409) or, when the winner committed
    // before its guard looked, as a caller who is no longer an owner (403).
    const [winner, loser] = answers.map((answer) => answer.statusCode).sort();
    expect(winner).toBe(200);
    expect([403, 409]).toContain(loser);
    const owners = await harness.sql.query<unknown[]>(
      "SELECT user_id FROM tenancy.memberships WHERE organization_id = $1 AND role = 'owner'",
      [org.id],
    );
    expect(owners).toHaveLength(1);
  });

  it('refuses roles without members:write with 403 and the uniform body, changing nothing', async () => {
    const org = await organization();
    const victim = await addPerson(harness, org.id, 'viewer');
    for (const role of ['editor', 'viewer', 'auditor'] as const) {
      const person = await addPerson(harness, org.id, role);
      await expectRefused(
        () => asPerson(harness, person, 'PATCH', `${MEMBERS}/${victim.userId}`, { role: 'admin' }),
        403,
        'forbidden',
      );
      await expectRefused(
        () => asPerson(harness, person, 'DELETE', `${MEMBERS}/${victim.userId}`),
        403,
        'forbidden',
      );
      await expectRefused(
        () => asPerson(harness, person, 'PATCH', `${MEMBERS}/${person.userId}`, { role: 'admin' }),
        403,
        'forbidden',
      );
    }
  });

  it('lets anyone leave, and the person removed is refused in that organization at once', async () => {
    const org = await organization();
    const editor = await addPerson(harness, org.id, 'editor');
    const left = await asPerson(harness, editor, 'DELETE', `${MEMBERS}/me`);
    expect(left.statusCode).toBe(204);
    expect(await roleOf(org.id, editor.userId)).toBeUndefined();
    const after = await asPerson(harness, editor, 'GET', MEMBERS);
    expect([after.statusCode, after.json()]).toEqual([403, errorBody('forbidden')]);
    // A key is nobody's membership: it cannot leave.
    await expectRefused(() => harness.request('DELETE', `${MEMBERS}/me`, org.apiKey), 403, 'forbidden');
  });

  it('gives a new role effect in the very next request', async () => {
    const org = await organization();
    const viewer = await addPerson(harness, org.id, 'viewer');
    const other = await addPerson(harness, org.id, 'viewer');
    const refused = await asPerson(harness, viewer, 'PATCH', `${MEMBERS}/${other.userId}`, {
      role: 'editor',
    });
    expect(refused.statusCode).toBe(403);
    await asPerson(harness, org.owner, 'PATCH', `${MEMBERS}/${viewer.userId}`, { role: 'admin' });
    const allowed = await asPerson(harness, viewer, 'PATCH', `${MEMBERS}/${other.userId}`, {
      role: 'editor',
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('answers bad input with a 4xx and writes nothing', async () => {
    const org = await organization();
    const member = await addPerson(harness, org.id, 'viewer');
    const stranger = await addPerson(harness, (await createOrganization(harness)).id, 'viewer');
    const owner: TestPerson = org.owner;
    const cases: Array<[() => ReturnType<typeof asPerson>, number, string]> = [
      [
        () => asPerson(harness, owner, 'PATCH', `${MEMBERS}/${member.userId}`, { role: 'god' }),
        400,
        'validation_failed',
      ],
      [() => asPerson(harness, owner, 'PATCH', `${MEMBERS}/${member.userId}`, {}), 400, 'validation_failed'],
      [
        () => asPerson(harness, owner, 'PATCH', `${MEMBERS}/${member.userId}`, { role: 'admin', x: 1 }),
        400,
        'validation_failed',
      ],
      [
        () => asPerson(harness, owner, 'PATCH', `${MEMBERS}/${member.userId}`, ['admin']),
        400,
        'validation_failed',
      ],
      [
        () => asPerson(harness, owner, 'PATCH', `${MEMBERS}/${newId('user')}`, { role: 'admin' }),
        404,
        'not_found',
      ],
      [() => asPerson(harness, owner, 'PATCH', `${MEMBERS}/nope`, { role: 'admin' }), 404, 'not_found'],
      [
        () => asPerson(harness, owner, 'PATCH', `${MEMBERS}/${stranger.userId}`, { role: 'admin' }),
        404,
        'not_found',
      ],
      [() => asPerson(harness, owner, 'DELETE', `${MEMBERS}/${stranger.userId}`), 404, 'not_found'],
      [() => asPerson(harness, owner, 'DELETE', `${MEMBERS}/usr_x`), 404, 'not_found'],
      [() => asPerson(harness, owner, 'GET', `${MEMBERS}?cursor=garbage`), 400, 'validation_failed'],
      [() => asPerson(harness, owner, 'GET', `${MEMBERS}?limit=0`), 400, 'validation_failed'],
      [() => asPerson(harness, owner, 'GET', `${MEMBERS}?limit=101`), 400, 'validation_failed'],
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
    expect(await roleOf(org.id, member.userId)).toBe('viewer');
  });
});
