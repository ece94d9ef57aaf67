import { SYSTEMS_PATH, SystemsHarness, type TestOrganization } from '../testing/systems-harness';

/** Bad input of every kind gets a clear 4xx with the uniform body, and writes nothing. */
describe('systems input validation', () => {
  let harness: SystemsHarness;
  let org: TestOrganization;
  let systemId: string;

  beforeAll(async () => {
    harness = await SystemsHarness.start();
    org = await harness.createOrganization('professional');
    const created = await harness.request('POST', SYSTEMS_PATH, org.apiKey, {
      name: 'Existing',
      tags: ['a'],
    });
    expect(created.statusCode).toBe(201);
    systemId = created.json<{ id: string }>().id;
  });

  afterAll(() => harness.close());

  const expectUniformError = (label: string, response: { statusCode: number; json: <T>() => T }) => {
    expect([label, response.statusCode >= 400 && response.statusCode < 500]).toEqual([label, true]);
    const { error } = response.json<{ error: Record<string, unknown> }>();
    expect([label, Object.keys(error).sort()]).toEqual([label, ['code', 'details', 'message']]);
    expect(typeof error['code'] === 'string' && typeof error['message'] === 'string').toBe(true);
  };

  it('lists every bad field at once, and names unknown fields', async () => {
    const response = await harness.request('POST', SYSTEMS_PATH, org.apiKey, {
      name: '',
      risk_tier: 'extreme',
      tags: 'pii',
      colour: 'blue',
      declared: false,
    });
    expect(response.statusCode).toBe(400);
    const fields = response
      .json<{ error: { details: Array<{ field: string }> } }>()
      .error.details.map((problem) => problem.field);
    expect(new Set(fields)).toEqual(new Set(['name', 'risk_tier', 'tags', 'colour', 'declared']));
  });

  it('answers every malformed body with a 4xx and the uniform body, and writes nothing', async () => {
    const systemsBefore = await harness.count('systems.systems');
    const outboxBefore = await harness.count('systems.outbox');
    const long = (length: number) => 'x'.repeat(length);
    const bodies: unknown[] = [
      '{',
      '',
      'null',
      '[]',
      '"text"',
      '42',
      'true',
      '{"name": "a",}',
      {},
      { name: null },
      { name: 42 },
      { name: ['Bot'] },
      { name: { first: 'Bot' } },
      { name: '' },
      { name: '   ' },
      { name: long(201) },
      { name: 'nul \u0000 inside' },
      { name: 'bell \u0007' },
      { name: 'Bot', description: long(2001) },
      { name: 'Bot', description: 7 },
      ...['owner', 'vendor', 'model', 'environment', 'host', 'runtime'].flatMap((field) => [
        { name: 'Bot', [field]: long(201) },
        { name: 'Bot', [field]: 1 },
        { name: 'Bot', [field]: true },
        { name: 'Bot', [field]: 'esc \u001b' },
      ]),
      { name: 'Bot', risk_tier: 'extreme' },
      { name: 'Bot', risk_tier: 'HIGH' },
      { name: 'Bot', risk_tier: null },
      { name: 'Bot', risk_tier: ['high'] },
      { name: 'Bot', tags: 'pii' },
      { name: 'Bot', tags: null },
      { name: 'Bot', tags: [1] },
      { name: 'Bot', tags: [''] },
      { name: 'Bot', tags: [long(65)] },
      { name: 'Bot', tags: ['a', 'a'] },
      { name: 'Bot', tags: Array.from({ length: 51 }, (_, index) => `t${index}`) },
      { name: 'Bot', tags: [['nested']] },
      { name: 'Bot', tags: ['tab\u0000'] },
      { name: 'Bot', id: 'sys_01M80KHQCDX80D35NJCG19CZQR' },
      { name: 'Bot', organization_id: 'org_01M80KHQCDX80D35NJCG19CZQR' },
      { name: 'Bot', registration_source: 'probe' },
      { name: 'Bot', discovery_method: 'observed_endpoint' },
      { name: 'Bot', created_at: '2020-01-01T00:00:00Z' },
      { name: 'Bot', probes: [] },
      { name: 'Bot', status: 'gone' },
      { name: 'Bot', declared: 'true' },
      { name: 'Bot', declared: null },
      { name: 'Bot', status: null },
      { name: 'Bot', declared: false },
      {
        __proto__: { admin: true },
        name: 'Bot',
        constructor: { prototype: {} },
      },
    ];
    // Partial updates that are valid on PATCH, though not a valid create.
    const validPatches = new Set<unknown>([bodies[8]]);
    // Fields only PATCH knows; on POST they are unknown fields.
    const postOnlyErrors = new Set<unknown>(
      bodies.filter(
        (body) => typeof body === 'object' && body !== null && ('status' in body || 'declared' in body),
      ),
    );
    for (const [method, url] of [
      ['POST', SYSTEMS_PATH],
      ['PATCH', `${SYSTEMS_PATH}/${systemId}`],
    ] as const) {
      for (const body of bodies) {
        const response = await harness.request(method, url, org.apiKey, body);
        const label = `${method} ${typeof body === 'string' ? body : JSON.stringify(body)}`;
        if (method === 'PATCH' && validPatches.has(body)) {
          expect([label, response.statusCode]).toEqual([label, 200]);
          continue;
        }
        if (method === 'POST' && postOnlyErrors.has(body)) {
          expect([label, response.statusCode]).toEqual([label, 400]);
        }
        expectUniformError(label, response);
      }
    }
    const auth = { authorization: `Bearer ${org.apiKey}` };
    const odd = await Promise.all([
      harness.fastify.inject({
        method: 'POST',
        url: SYSTEMS_PATH,
        headers: { ...auth, 'content-type': 'text/plain' },
        payload: 'name=Bot',
      }),
      harness.fastify.inject({
        method: 'POST',
        url: SYSTEMS_PATH,
        headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'name=Bot',
      }),
      harness.fastify.inject({
        method: 'PATCH',
        url: `${SYSTEMS_PATH}/${systemId}`,
        headers: { ...auth, 'content-type': 'application/xml' },
        payload: '<name>Bot</name>',
      }),
      harness.fastify.inject({
        method: 'POST',
        url: SYSTEMS_PATH,
        headers: { ...auth, 'content-type': 'application/json' },
        payload: `{"name":"${long(2 * 1024 * 1024)}"}`,
      }),
      harness.fastify.inject({ method: 'POST', url: SYSTEMS_PATH, headers: auth }),
      harness.fastify.inject({ method: 'GET', url: `${SYSTEMS_PATH}/%E0%A4%A`, headers: auth }),
      harness.fastify.inject({ method: 'GET', url: `${SYSTEMS_PATH}/${long(5000)}`, headers: auth }),
      harness.fastify.inject({ method: 'GET', url: `${SYSTEMS_PATH}/sys_' OR 1=1 --`, headers: auth }),
      harness.fastify.inject({
        method: 'PATCH',
        url: `${SYSTEMS_PATH}/sys_nope`,
        headers: { ...auth, 'content-type': 'application/json' },
        payload: '{"owner":"x"}',
      }),
      harness.fastify.inject({
        method: 'PATCH',
        url: `${SYSTEMS_PATH}/sys_01M80KHQCDX80D35NJCG19CZQR`,
        headers: { ...auth, 'content-type': 'application/json' },
        payload: '{"owner":"x"}',
      }),
      harness.fastify.inject({ method: 'PUT', url: `${SYSTEMS_PATH}/${systemId}`, headers: auth }),
      harness.fastify.inject({ method: 'DELETE', url: `${SYSTEMS_PATH}/${systemId}`, headers: auth }),
      harness.fastify.inject({ method: 'GET', url: `${SYSTEMS_PATH}?limit=${long(5000)}`, headers: auth }),
      harness.fastify.inject({ method: 'GET', url: `${SYSTEMS_PATH}?q[0]=a&q[1]=b`, headers: auth }),
      harness.fastify.inject({ method: 'GET', url: `${SYSTEMS_PATH}?q=a&q=b`, headers: auth }),
      harness.fastify.inject({
        method: 'GET',
        url: `${SYSTEMS_PATH}?declared=true&declared=false`,
        headers: auth,
      }),
      harness.fastify.inject({ method: 'GET', url: `${SYSTEMS_PATH}?cursor=${long(300)}`, headers: auth }),
      harness.fastify.inject({ method: 'GET', url: `${SYSTEMS_PATH}?q=%00`, headers: auth }),
      harness.fastify.inject({
        method: 'GET',
        url: SYSTEMS_PATH,
        headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
      }),
      harness.fastify.inject({
        method: 'POST',
        url: SYSTEMS_PATH,
        headers: { 'content-type': 'application/json' },
        payload: '{"name":"No Key"}',
      }),
    ]);
    for (const response of odd)
      expectUniformError(`${response.statusCode} ${response.body.slice(0, 80)}`, response);
    expect(await harness.count('systems.systems')).toBe(systemsBefore);
    expect(await harness.count('systems.outbox')).toBe(outboxBefore);
    const unchanged = await harness.request('GET', `${SYSTEMS_PATH}/${systemId}`, org.apiKey);
    expect(unchanged.json()).toMatchObject({ name: 'Existing', tags: ['a'], description: null });
  });
});
