import { newId } from '@governance/contracts';
import {
  POLICIES_PATH,
  PoliciesHarness,
  policyBody,
  type TestOrganization,
} from '../testing/policies-harness';
import { type PolicyResponse } from './policy.dto';

/** Bad input of every kind gets a clear 4xx with the uniform body, and writes nothing. */
describe('policies input validation', () => {
  let harness: PoliciesHarness;
  let org: TestOrganization;
  let policy: PolicyResponse;

  beforeAll(async () => {
    harness = await PoliciesHarness.start();
    org = await harness.createOrganization('free');
    const created = await harness.request(
      'POST',
      POLICIES_PATH,
      org.apiKey,
      policyBody({ name: 'Existing' }),
    );
    expect(created.statusCode).toBe(201);
    policy = created.json<PolicyResponse>();
  });

  afterAll(() => harness.close());

  type Response = Awaited<ReturnType<PoliciesHarness['request']>>;
  const expectUniformError = (label: string, response: Response, status?: number) => {
    expect([label, response.statusCode >= 400 && response.statusCode < 500]).toEqual([label, true]);
    if (status !== undefined) expect([label, response.statusCode]).toEqual([label, status]);
    const { error } = response.json<{ error: Record<string, unknown> }>();
    expect([label, Object.keys(error).sort()]).toEqual([label, ['code', 'details', 'message']]);
    expect(typeof error['code'] === 'string' && typeof error['message'] === 'string').toBe(true);
  };

  const problemFields = (response: Response) =>
    response
      .json<{ error: { details: Array<{ field: string }> } }>()
      .error.details.map((problem) => problem.field);

  it('names each bad part of the rules by its JSON path', async () => {
    const response = await harness.request(
      'POST',
      POLICIES_PATH,
      org.apiKey,
      policyBody({
        rules: {
          all: [
            { field: 'metrics.accuracy', op: 'lt', value: 0.8 },
            { field: 'labels.env', op: 'eq', value: 'prod' },
            { field: 'labels.env', op: 'approx', value: 'prod' },
            { any: [{ field: 'model', op: 'matches', value: '(a+)+$' }] },
          ],
        },
        scope: { system_ids: ['sys_nope'] },
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(problemFields(response)).toEqual([
      'rules.all[2].op',
      'rules.all[3].any[0].value',
      'scope.system_ids[0]',
    ]);
  });

  it('refuses a rule set whose worst case costs more than the budget, naming its costliest leaves, and writes nothing', async () => {
    const policiesBefore = await harness.count('policies.policies');
    const outboxBefore = await harness.count('policies.outbox');
    // Issue 27: 100 leaves (99 here beside one cheap leaf), each within every pattern limit, froze every
    // service on 8 records of 2 KB.
    const hostile = { field: 'observed_endpoint', op: 'matches', value: '[ab]{99}'.repeat(20) + '[^ab]' };
    const asked = performance.now();
    const response = await harness.request(
      'POST',
      POLICIES_PATH,
      org.apiKey,
      policyBody({
        name: 'Hostile patterns',
        rules: {
          all: [{ field: 'model', op: 'exists' }, { any: Array.from({ length: 99 }, () => hostile) }],
        },
      }),
    );
    expect(performance.now() - asked).toBeLessThan(1_000);
    expectUniformError('hostile rules', response, 400);
    const { error } = response.json<{
      error: { code: string; details: Array<{ field: string; message: string }> };
    }>();
    expect(error.code).toBe('validation_failed');
    expect(error.details[0]).toEqual({
      field: 'rules',
      message: expect.stringMatching(
        /^the rules may cost up to [\d,]+ steps per telemetry record, over the budget of 4,000,000/,
      ),
    });
    expect(error.details[1]).toEqual({
      field: 'rules.all[1].any[0]',
      message: 'may cost up to 4,161,536 steps per record (104% of the budget)',
    });
    expect(await harness.count('policies.policies')).toBe(policiesBefore);
    expect(await harness.count('policies.outbox')).toBe(outboxBefore);

    // The same patterns, fewer and smaller, fit.
    const fitting = await harness.request(
      'POST',
      POLICIES_PATH,
      org.apiKey,
      policyBody({
        name: 'Costly but within budget',
        rules: { any: Array.from({ length: 12 }, () => ({ ...hostile, value: 'a[ab]{99}[^ab]' })) },
      }),
    );
    expect(fitting.statusCode).toBe(201);
  });

  it('lists every bad top-level field at once, and names unknown fields', async () => {
    const response = await harness.request('POST', POLICIES_PATH, org.apiKey, {
      name: '',
      enforcement_mode: 'AUDIT',
      status: 'paused',
      severity: 'LOW',
      framework: 'EU_AI_ACT',
      colour: 'blue',
    });
    expect(response.statusCode).toBe(400);
    expect(new Set(problemFields(response))).toEqual(
      new Set(['name', 'enforcement_mode', 'status', 'severity', 'rules', 'framework', 'colour']),
    );
  });

  it('answers every malformed request with a 4xx and the uniform body, and writes nothing', async () => {
    const policiesBefore = await harness.count('policies.policies');
    const outboxBefore = await harness.count('policies.outbox');
    const long = (length: number) => 'x'.repeat(length);
    const leaf = { field: 'model', op: 'exists' };
    let deep: unknown = leaf;
    for (let level = 0; level < 50; level++) deep = { not: deep };
    const createBodies: unknown[] = [
      '{',
      '',
      'null',
      '[]',
      '"text"',
      '42',
      'true',
      '{"name": "a",}',
      {},
      policyBody({ name: null }),
      policyBody({ name: 42 }),
      policyBody({ name: '' }),
      policyBody({ name: '   ' }),
      policyBody({ name: long(201) }),
      policyBody({ name: 'nul \u0000 inside' }),
      policyBody({ name: 'existing' }),
      policyBody({ description: long(2001) }),
      policyBody({ description: 7 }),
      policyBody({ enforcement_mode: undefined }),
      policyBody({ enforcement_mode: null }),
      policyBody({ enforcement_mode: 'AUDIT' }),
      policyBody({ enforcement_mode: ['BLOCK'] }),
      policyBody({ enforcement_mode: 1 }),
      policyBody({ status: 'paused' }),
      policyBody({ status: null }),
      policyBody({ severity: 'MEDIUM' }),
      policyBody({ severity: 'critical' }),
      policyBody({ severity: null }),
      policyBody({ rules: undefined }),
      policyBody({ rules: null }),
      policyBody({ rules: 'metrics.accuracy < 0.8' }),
      policyBody({ rules: [] }),
      policyBody({ rules: {} }),
      policyBody({ rules: { all: [] } }),
      policyBody({ rules: { all: [leaf], any: [leaf] } }),
      policyBody({ rules: { field: 'cost', op: 'gt', value: 1 } }),
      policyBody({ rules: { field: 'metrics.cost', op: 'gt', value: '1' } }),
      policyBody({ rules: { field: 'labels.env', op: 'gt', value: 1 } }),
      policyBody({ rules: { field: 'model', op: 'matches', value: '(a|a)*' } }),
      policyBody({ rules: { field: 'model', op: 'matches', value: 'a(?=b)' } }),
      policyBody({ rules: { field: 'model', op: 'matches', value: '(a)\\1' } }),
      policyBody({ rules: { field: 'model', op: 'matches', value: long(201) } }),
      policyBody({ rules: { field: 'model', op: 'in', value: Array.from({ length: 101 }, (_, i) => i) } }),
      policyBody({ rules: { field: 'model', op: 'exists', value: true } }),
      policyBody({ rules: { field: 'model', op: 'eq', value: 'nul \u0000' } }),
      policyBody({ rules: { field: 'labels.env', op: 'in', value: ['a', 'nul \u0000'] } }),
      policyBody({ rules: { field: 'model', op: 'matches', value: 'nul\u0000' } }),
      policyBody({ rules: { field: 'labels.nul\u0000', op: 'exists' } }),
      policyBody({ rules: { field: 'model', op: 'exists', ['x\u0000']: 1 } }),
      policyBody({ rules: deep }),
      policyBody({ rules: { any: Array.from({ length: 101 }, () => leaf) } }),
      policyBody({ scope: null }),
      policyBody({ scope: { all_systems: false } }),
      policyBody({ scope: { system_ids: [] } }),
      policyBody({ scope: { system_ids: [newId('policy')] } }),
      policyBody({ scope: { all_systems: true, system_ids: [newId('system')] } }),
      policyBody({ id: newId('policy') }),
      policyBody({ version: 7 }),
      policyBody({ framework: 'EU_AI_ACT' }),
      policyBody({ control: 'EU_AI_ACT:Art.12(1)' }),
      policyBody({ created_at: '2020-01-01T00:00:00Z' }),
      { __proto__: { admin: true }, ...policyBody(), constructor: { prototype: {} } },
    ];
    for (const body of createBodies) {
      const response = await harness.request('POST', POLICIES_PATH, org.apiKey, body);
      expectUniformError(`POST ${typeof body === 'string' ? body : JSON.stringify(body)}`, response);
    }

    const enforcementPath = `${POLICIES_PATH}/${policy.id}/enforcement`;
    const modeBodies: unknown[] = [
      '{',
      'null',
      '[]',
      '"BLOCK"',
      '42',
      { enforcement_mode: 'AUDIT' },
      { enforcement_mode: null },
      { enforcement_mode: '' },
      { enforcement_mode: ['WARN'] },
      { enforcement_mode: 'WARN', version: 3 },
      { mode: 'BLOCK' },
    ];
    for (const body of modeBodies) {
      for (const url of [enforcementPath, `${POLICIES_PATH}/frameworks/EU_AI_ACT/import`]) {
        const response = await harness.request(
          url.endsWith('import') ? 'POST' : 'PATCH',
          url,
          org.apiKey,
          body,
        );
        expectUniformError(`${url} ${typeof body === 'string' ? body : JSON.stringify(body)}`, response, 400);
      }
    }

    const queries = [
      'limit=0',
      'limit=101',
      'limit=abc',
      'limit=1.5',
      'cursor=nope',
      `cursor=${'x'.repeat(201)}`,
      'status=paused',
      'enforcement_mode=AUDIT',
      'framework=SOC2',
      'colour=blue',
      'limit=1&limit=2',
    ];
    for (const query of queries) {
      expectUniformError(query, await harness.request('GET', `${POLICIES_PATH}?${query}`, org.apiKey), 400);
    }

    for (const [method, url] of [
      ['GET', POLICIES_PATH],
      ['POST', POLICIES_PATH],
      ['GET', `${POLICIES_PATH}/${policy.id}`],
      ['PATCH', enforcementPath],
      ['POST', `${POLICIES_PATH}/frameworks/EU_AI_ACT/import`],
    ] as const) {
      expectUniformError(`${method} ${url} without key`, await harness.request(method, url), 401);
      expectUniformError(
        `${method} ${url} bad key`,
        await harness.request(method, url, 'gov_live_not-a-real-key'),
        401,
      );
    }
    expectUniformError(
      'text body',
      await harness.request('POST', POLICIES_PATH, org.apiKey, undefined, { 'content-type': 'text/plain' }),
    );

    expect(await harness.count('policies.policies')).toBe(policiesBefore);
    expect(await harness.count('policies.outbox')).toBe(outboxBefore);
    const unchanged = await harness.request('GET', `${POLICIES_PATH}/${policy.id}`, org.apiKey);
    expect(unchanged.json<PolicyResponse>().version).toBe(1);
  });
});
