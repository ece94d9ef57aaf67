import { type TestOrganization, WebhooksHarness } from '../testing/webhooks-harness';

/** The production URL policy: https only, public destinations only. */
describe('webhooks input validation', () => {
  let harness: WebhooksHarness;
  let org: TestOrganization;
  let webhookId: string;

  beforeAll(async () => {
    harness = await WebhooksHarness.start({
      env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false', WEBHOOK_ALLOW_HTTP: 'false' },
    });
    org = await harness.createOrganization('professional');
    // A public literal address passes the save-time check without DNS, which this sandbox lacks.
    const created = await harness.request('POST', '/v1/webhooks', org.apiKey, {
      url: 'https://93.184.215.14/hook',
      events: ['finding.created'],
    });
    expect(created.statusCode).toBe(201);
    webhookId = created.json<{ id: string }>().id;
  });

  afterAll(() => harness.close());

  it.each([
    ['loopback', 'https://127.0.0.1/hook'],
    ['loopback by name', 'https://localhost/hook'],
    ['IPv6 loopback', 'https://[::1]/hook'],
    ['decimal loopback', 'https://2130706433/hook'],
    ['private 10/8', 'https://10.1.2.3/hook'],
    ['private 192.168/16', 'https://192.168.1.10/hook'],
    ['private 172.16/12', 'https://172.20.0.5/hook'],
    ['metadata endpoint', 'https://169.254.169.254/latest/meta-data'],
    ['unspecified', 'https://0.0.0.0/hook'],
    ['carrier-grade NAT', 'https://100.64.0.1/hook'],
    ['IPv4-mapped IPv6 loopback', 'https://[::ffff:127.0.0.1]/hook'],
    ['unique local IPv6', 'https://[fd00::1]/hook'],
  ])('refuses a %s destination with 422', async (_, url) => {
    const response = await harness.request('POST', '/v1/webhooks', org.apiKey, {
      url,
      events: ['finding.created'],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: { code: 'url_not_allowed', details: { field: 'url' } } });
    const patched = await harness.request('PATCH', `/v1/webhooks/${webhookId}`, org.apiKey, { url });
    expect(patched.statusCode).toBe(422);
  });

  it.each([
    ['plain http', 'http://93.184.215.14/hook'],
    ['another scheme', 'ftp://93.184.215.14/hook'],
    ['a relative url', '/hook'],
    ['credentials', 'https://user:pass@93.184.215.14/hook'],
    ['too long', `https://93.184.215.14/${'a'.repeat(2048)}`],
    ['not a url', 'not a url'],
  ])('refuses %s with 400 on the url field', async (_, url) => {
    const response = await harness.request('POST', '/v1/webhooks', org.apiKey, {
      url,
      events: ['finding.created'],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'validation_failed', details: [expect.objectContaining({ field: 'url' })] },
    });
  });

  it('answers every malformed request with a 4xx and the uniform body, and writes nothing', async () => {
    const webhooksBefore = await harness.count('webhooks.webhooks');
    const deliveriesBefore = await harness.count('webhooks.deliveries');
    const bodies: unknown[] = [
      '{',
      '',
      'null',
      '[]',
      '"text"',
      '42',
      'true',
      {},
      { url: 'https://93.184.215.14/x' },
      { events: ['finding.created'] },
      { url: 42, events: ['finding.created'] },
      { url: 'https://93.184.215.14/x', events: 'finding.created' },
      { url: 'https://93.184.215.14/x', events: [] },
      { url: 'https://93.184.215.14/x', events: [42] },
      { url: 'https://93.184.215.14/x', events: ['finding.created', 'made.up'] },
      { url: 'https://93.184.215.14/x', events: Array.from({ length: 101 }, () => 'finding.created') },
      { url: 'https://93.184.215.14/x', events: ['finding.created'], description: 'x'.repeat(1001) },
      { url: 'https://93.184.215.14/x', events: ['finding.created'], description: 7 },
      { url: 'https://93.184.215.14/x', events: ['finding.created'], active: 'true' },
      { url: 'https://93.184.215.14/x', events: ['finding.created'], active: null },
      { url: 'https://93.184.215.14/x', events: ['finding.created'], signing_secret: 'whsec_mine' },
      { url: 'https://93.184.215.14/x', events: ['finding.created'], id: 'wh_01M80KHQCDX80D35NJCG19CZQR' },
      { url: { href: 'https://93.184.215.14/x' }, events: ['finding.created'] },
      { url: ['https://93.184.215.14/x'], events: ['finding.created'] },
      { url: 'https://93.184.215.14/x', events: [{ event: 'finding.created' }] },
      {
        __proto__: { admin: true },
        url: 'https://93.184.215.14/x',
        events: ['finding.created'],
        constructor: { prototype: {} },
      },
      { url: 'https://93.184.215.14/\u0000', events: ['finding.created'] },
      { url: 'https://93.184.215.14/x', events: ['finding.created'], description: 'nul \u0000 inside' },
      { url: 'https://93.184.215.14/x y', events: ['finding.created'] },
    ];
    // Partial updates that are valid on PATCH, though incomplete for a create.
    const validPatches = new Set<unknown>([bodies[7], bodies[8], bodies[9]]);
    const targets: Array<[string, string]> = [
      ['POST', '/v1/webhooks'],
      ['PATCH', `/v1/webhooks/${webhookId}`],
      ['POST', `/v1/webhooks/${webhookId}/test`],
    ];
    for (const [method, url] of targets) {
      for (const body of bodies) {
        const response = await harness.request(method as 'POST', url, org.apiKey, body);
        const label = `${method} ${url} ${typeof body === 'string' ? body : JSON.stringify(body)}`;
        if (method === 'PATCH' && validPatches.has(body)) {
          expect([label, response.statusCode]).toEqual([label, 200]);
          continue;
        }
        expect([label, response.statusCode >= 400 && response.statusCode < 500]).toEqual([label, true]);
        const { error } = response.json<{ error: Record<string, unknown> }>();
        expect(Object.keys(error).sort()).toEqual(['code', 'details', 'message']);
        expect(typeof error.code === 'string' && typeof error.message === 'string').toBe(true);
      }
    }
    const oddRequests = [
      harness.fastify.inject({
        method: 'POST',
        url: '/v1/webhooks',
        headers: { authorization: `Bearer ${org.apiKey}`, 'content-type': 'text/plain' },
        payload: 'x',
      }),
      harness.fastify.inject({
        method: 'POST',
        url: '/v1/webhooks',
        headers: { authorization: `Bearer ${org.apiKey}`, 'content-type': 'application/xml' },
        payload: '<a/>',
      }),
      harness.fastify.inject({
        method: 'POST',
        url: '/v1/webhooks',
        headers: {
          authorization: `Bearer ${org.apiKey}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: 'url=https%3A%2F%2Fexample.com&events=finding.created',
      }),
      harness.fastify.inject({
        method: 'POST',
        url: '/v1/webhooks',
        headers: { authorization: `Bearer ${org.apiKey}`, 'content-type': 'application/json' },
        payload: `{"url":"${'a'.repeat(2 * 1024 * 1024)}"}`,
      }),
      harness.fastify.inject({
        method: 'GET',
        url: '/v1/webhooks/%E0%A4%A',
        headers: { authorization: `Bearer ${org.apiKey}` },
      }),
      harness.fastify.inject({
        method: 'GET',
        url: `/v1/webhooks/${'x'.repeat(5000)}`,
        headers: { authorization: `Bearer ${org.apiKey}` },
      }),
      harness.fastify.inject({
        method: 'GET',
        url: "/v1/webhooks/wh_' OR 1=1 --",
        headers: { authorization: `Bearer ${org.apiKey}` },
      }),
      harness.fastify.inject({
        method: 'GET',
        url: `/v1/webhooks/${webhookId}/deliveries?limit=1&limit=2`,
        headers: { authorization: `Bearer ${org.apiKey}` },
      }),
      harness.fastify.inject({
        method: 'PUT',
        url: `/v1/webhooks/${webhookId}`,
        headers: { authorization: `Bearer ${org.apiKey}` },
      }),
      harness.fastify.inject({
        method: 'GET',
        url: '/v1/webhooks',
        headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
      }),
    ];
    for (const response of await Promise.all(oddRequests)) {
      expect([response.statusCode, response.statusCode >= 400 && response.statusCode < 500]).toEqual([
        response.statusCode,
        true,
      ]);
      expect(response.json()).toHaveProperty('error.code');
    }
    expect(await harness.count('webhooks.webhooks')).toBe(webhooksBefore);
    expect(await harness.count('webhooks.deliveries')).toBe(deliveriesBefore);
  });
});
