import { type ServiceHarness } from '@governance/testing';
import { encodeKeysetCursor } from '@governance/platform';
import { DASHBOARD_PATH, DashboardHarness, type TestOrganization } from '../testing/dashboard-harness';

describe('dashboard API input', () => {
  let harness: ServiceHarness;
  let org: TestOrganization;

  beforeAll(async () => {
    harness = await DashboardHarness.start();
    org = await harness.createOrganization('free');
  });

  afterAll(async () => {
    await harness.close();
  });

  it.each(['/summary', '/compliance-status', '/activity'])('refuses %s without a valid key', async (path) => {
    for (const key of [undefined, 'not-a-key']) {
      const response = await harness.request('GET', `${DASHBOARD_PATH}${path}`, key);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'unauthorized', message: expect.any(String) as string, details: null },
      });
    }
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['event=policy.created', 'event'],
    ['event=', 'event'],
    ['severity=LOW', 'severity'],
    ['system_id=sys_short', 'system_id'],
    ['system_id=pol_01J00000000000000000000000', 'system_id'],
    ['policy_id=sys_01J0000000000000000000000A', 'policy_id'],
    ['policy_id=pol_short', 'policy_id'],
    ['since=yesterday', 'since'],
    ['since=2026-13-01T00:00:00Z', 'since'],
    ['cursor=garbage', 'cursor'],
    [`cursor=${Buffer.from('["not a time","x"]').toString('base64url')}`, 'cursor'],
    ['unknown=1', 'unknown'],
  ])('answers 400 for activity?%s', async (query, field) => {
    const response = await harness.request('GET', `${DASHBOARD_PATH}/activity?${query}`, org.apiKey);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: { code: string; details: Array<{ field: string }> } }>();
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.details.map((problem) => problem.field)).toContain(field);
  });

  it('accepts every filter together and a cursor it handed out', async () => {
    const cursor = encodeKeysetCursor({ at: new Date().toISOString(), id: '0190' });
    const response = await harness.request(
      'GET',
      `${DASHBOARD_PATH}/activity?limit=100&event=drift.detected&severity=HIGH&system_id=sys_01J0000000000000000000000A` +
        '&policy_id=pol_01J0000000000000000000000A' +
        `&since=2026-01-01T00:00:00Z&cursor=${cursor}`,
      org.apiKey,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [], next_cursor: null });
  });

  it('answers 404 in the uniform shape for unknown dashboard paths', async () => {
    const response = await harness.request('GET', `${DASHBOARD_PATH}/nothing-here`, org.apiKey);
    expect(response.statusCode).toBe(404);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('not_found');
  });
});
