import { parseCredential } from '@governance/auth';
import { newId } from '@governance/contracts';
import { readAuditEntries } from '@governance/testing';
import {
  publicRecordProblems,
  readOutbox,
  SYSTEMS_PATH,
  SystemsHarness,
  type TestOrganization,
} from '../testing/systems-harness';

type Json = Record<string, unknown>;

describe('systems API', () => {
  let harness: SystemsHarness;
  let acme: TestOrganization;
  let globex: TestOrganization;

  beforeAll(async () => {
    harness = await SystemsHarness.start();
    [acme, globex] = await Promise.all([
      harness.createOrganization('professional'),
      harness.createOrganization('free'),
    ]);
  });

  afterAll(() => harness.close());

  async function register(org: TestOrganization, body: Json): Promise<Json & { id: string }> {
    const response = await harness.request('POST', SYSTEMS_PATH, org.apiKey, body);
    expect([response.statusCode, response.json()]).toEqual([201, expect.anything()]);
    return response.json<Json & { id: string }>();
  }

  const eventsOf = async (systemId: string, eventType?: string) =>
    (await readOutbox(harness, eventType)).filter(
      (entry) =>
        entry.record['system_id'] === systemId ||
        (entry.record.details as { system_id?: string }).system_id === systemId,
    );

  it('refuses calls without a valid API key, with the uniform error body', async () => {
    for (const key of [undefined, 'nope', `${acme.apiKey}x`]) {
      const response = await harness.request('GET', SYSTEMS_PATH, key);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'unauthorized', message: expect.any(String), details: null },
      });
    }
  });

  it('registers a system with defaults, and announces system.registered and system.created in one go', async () => {
    const created = await register(acme, { name: '  Support Bot  ' });
    expect(created).toEqual({
      id: expect.stringMatching(/^sys_[0-9A-HJKMNP-TV-Z]{26}$/),
      name: 'Support Bot',
      description: null,
      owner: null,
      vendor: null,
      model: null,
      risk_tier: 'unclassified',
      environment: null,
      host: null,
      runtime: null,
      tags: [],
      declared: true,
      registration_source: 'api',
      discovery_method: 'manual',
      status: 'active',
      created_at: expect.stringMatching(/Z$/),
      updated_at: created.created_at,
    });
    const events = await eventsOf(created.id);
    expect(events.map((entry) => [entry.topic, entry.eventType])).toEqual([
      ['governance.system.registered', 'system.registered'],
      ['governance.internal.systems', 'system.created'],
    ]);
    const [registered, snapshot] = events;
    expect(registered!.record).toEqual({
      id: registered!.eventId,
      organization_id: acme.id,
      event: 'system.registered',
      timestamp: created.created_at,
      severity: 'INFO',
      system_id: created.id,
      details: {
        system_name: 'Support Bot',
        registration_source: 'api',
        discovery_method: 'manual',
        host: '',
        runtime: '',
        declared: true,
      },
    });
    expect(publicRecordProblems(registered!.record)).toEqual([]);
    const { id, ...rest } = created;
    expect(snapshot!.record).toMatchObject({
      organization_id: acme.id,
      event: 'system.created',
      details: { system_id: id, ...rest },
    });
  });

  it('registers every field, on any plan, and the public event carries host and runtime', async () => {
    const body = {
      name: 'Claims Triage',
      description: 'Routes insurance claims',
      owner: 'claims-platform',
      vendor: 'Anthropic',
      model: 'claude-sonnet',
      risk_tier: 'high',
      environment: 'production',
      host: 'triage-1.internal',
      runtime: 'node22',
      tags: ['pii', 'eu'],
    };
    const created = await register(globex, body);
    expect(created).toMatchObject({ ...body, declared: true, status: 'active' });
    const [registered] = await eventsOf(created.id, 'system.registered');
    expect(registered!.record.details).toMatchObject({ host: 'triage-1.internal', runtime: 'node22' });
    expect(publicRecordProblems(registered!.record)).toEqual([]);
  });

  it('refuses a second system of the same name in one organization, whatever the case, with 409', async () => {
    await register(acme, { name: 'Fraud Scorer' });
    const systemsBefore = await harness.count('systems.systems');
    const outboxBefore = await harness.count('systems.outbox');
    for (const name of ['Fraud Scorer', 'FRAUD scorer', ' fraud scorer ']) {
      const response = await harness.request('POST', SYSTEMS_PATH, acme.apiKey, { name });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: { code: 'conflict', message: expect.any(String), details: { field: 'name' } },
      });
    }
    expect(await harness.count('systems.systems')).toBe(systemsBefore);
    expect(await harness.count('systems.outbox')).toBe(outboxBefore);
    // Another organization may use the name.
    await register(globex, { name: 'Fraud Scorer' });
  });

  it('lets only one of two concurrent registrations of one name through', async () => {
    const responses = await Promise.all(
      Array.from({ length: 4 }, () =>
        harness.request('POST', SYSTEMS_PATH, acme.apiKey, { name: 'Race Bot' }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409]);
  });

  it('shows a system with its (empty) probe list, and hides it from other organizations', async () => {
    const created = await register(acme, { name: 'Detail Bot', tags: ['a'] });
    const response = await harness.request('GET', `${SYSTEMS_PATH}/${created.id}`, acme.apiKey);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...created, probes: [] });
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { owner: 'thief' }],
    ] as const) {
      const foreign = await harness.request(method, `${SYSTEMS_PATH}/${created.id}`, globex.apiKey, body);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({
        error: { code: 'not_found', message: 'System not found', details: null },
      });
    }
    for (const id of [
      newId('system'),
      'sys_nope',
      newId('probe'),
      'x'.repeat(90),
      'SYS_01M80KHQCDX80D35NJCG19CZQR',
    ]) {
      const missing = await harness.request('GET', `${SYSTEMS_PATH}/${id}`, acme.apiKey);
      expect(missing.statusCode).toBe(404);
    }
  });

  describe('listing', () => {
    let org: TestOrganization;
    const ids: string[] = [];

    beforeAll(async () => {
      org = await harness.createOrganization('embedded');
      const bodies = [
        { name: 'Alpha Chat', vendor: 'OpenAI', risk_tier: 'high' },
        { name: 'Beta Vision', description: 'Reads 100%_of invoices', risk_tier: 'minimal' },
        { name: 'Gamma Search', owner: 'search-team' },
        { name: 'Delta Coder', model: 'codestral', risk_tier: 'high' },
        { name: 'Epsilon', vendor: 'Mistral' },
      ];
      for (const body of bodies) ids.push((await register(org, body)).id);
      const retired = await harness.request('PATCH', `${SYSTEMS_PATH}/${ids[2]}`, org.apiKey, {
        status: 'retired',
      });
      expect(retired.statusCode).toBe(200);
    });

    const list = async (query = '') => {
      const response = await harness.request('GET', `${SYSTEMS_PATH}${query}`, org.apiKey);
      expect([query, response.statusCode]).toEqual([query, 200]);
      return response.json<{ data: Array<{ id: string; name: string }>; next_cursor: string | null }>();
    };

    it('lists newest first, in pages that follow each other without gaps or repeats', async () => {
      const all = await list();
      expect(all.data.map((system) => system.id)).toEqual([...ids].reverse());
      expect(all.next_cursor).toBeNull();
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.data.length).toBeLessThanOrEqual(2);
        seen.push(...page.data.map((system) => system.id));
        cursor = page.next_cursor;
        pages += 1;
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen).toEqual([...ids].reverse());
    });

    it('sorts by name either way, or oldest first, and pages each order without gaps or repeats', async () => {
      const walk = async (sort: string) => {
        const names: string[] = [];
        let cursor: string | null = null;
        do {
          const page = await list(`?sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
          names.push(...page.data.map((system) => system.name));
          cursor = page.next_cursor;
        } while (cursor);
        return names;
      };
      const alphabetical = ['Alpha Chat', 'Beta Vision', 'Delta Coder', 'Epsilon', 'Gamma Search'];
      expect(await walk('name')).toEqual(alphabetical);
      expect(await walk('-name')).toEqual([...alphabetical].reverse());
      expect((await list('?sort=created_at')).data.map((system) => system.id)).toEqual(ids);
      expect(await walk('-created_at')).toEqual((await list()).data.map((system) => system.name));
      expect((await list('?sort=name&risk_tier=high')).data.map((system) => system.name)).toEqual([
        'Alpha Chat',
        'Delta Coder',
      ]);
    });

    it('filters by risk tier, status, declared and a case-insensitive substring', async () => {
      const names = async (query: string) => (await list(query)).data.map((system) => system.name);
      expect(await names('?risk_tier=high')).toEqual(['Delta Coder', 'Alpha Chat']);
      expect(await names('?status=retired')).toEqual(['Gamma Search']);
      expect(await names('?status=active&risk_tier=minimal')).toEqual(['Beta Vision']);
      expect(await names('?declared=true&limit=1')).toEqual(['Epsilon']);
      expect(await names('?declared=false')).toEqual([]);
      expect(await names('?q=OPENAI')).toEqual(['Alpha Chat']);
      expect(await names('?q=search-')).toEqual(['Gamma Search']);
      expect(await names('?q=CODESTRAL')).toEqual(['Delta Coder']);
      expect(await names('?q=mistral')).toEqual(['Epsilon']);
      expect(await names('?q=%25_of')).toEqual(['Beta Vision']);
      expect(await names('?q=%25')).toEqual(['Beta Vision']);
      expect(await names('?q=a_c')).toEqual([]);
    });

    it('never lists another organization’s systems', async () => {
      const names = (await list('?limit=100')).data.map((system) => system.name);
      expect(names).not.toContain('Support Bot');
    });

    it.each([
      '?limit=0',
      '?limit=101',
      '?limit=abc',
      '?limit=1.5',
      '?limit=1&limit=2',
      '?declared=yes',
      '?risk_tier=extreme',
      '?status=deleted',
      '?cursor=garbage',
      '?sort=size',
      '?sort=name&cursor=WyIyMDI2IiwieCJd',
      `?q=${'x'.repeat(201)}`,
    ])('answers 400 to %s', async (query) => {
      const response = await harness.request('GET', `${SYSTEMS_PATH}${query}`, org.apiKey);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'validation_failed' } });
    });
  });

  describe('updates', () => {
    it('changes the given fields, clears with null, and announces the whole record once', async () => {
      const created = await register(acme, {
        name: 'Patch Bot',
        owner: 'a',
        description: 'old',
        tags: ['x'],
      });
      const response = await harness.request('PATCH', `${SYSTEMS_PATH}/${created.id}`, acme.apiKey, {
        owner: 'b',
        description: null,
        risk_tier: 'limited',
        tags: ['x', 'y'],
      });
      expect(response.statusCode).toBe(200);
      const updated = response.json<Json>();
      expect(updated).toEqual({
        ...created,
        owner: 'b',
        description: null,
        risk_tier: 'limited',
        tags: ['x', 'y'],
        updated_at: expect.any(String),
      });
      expect(Date.parse(String(updated['updated_at']))).toBeGreaterThanOrEqual(
        Date.parse(String(created.created_at)),
      );
      const events = await eventsOf(created.id, 'system.updated');
      expect(events).toHaveLength(1);
      const { id, ...rest } = updated;
      expect(events[0]!.record).toMatchObject({
        event: 'system.updated',
        details: { system_id: id, ...rest },
      });
      const fetched = await harness.request('GET', `${SYSTEMS_PATH}/${created.id}`, acme.apiKey);
      expect(fetched.json()).toEqual({ ...updated, probes: [] });
    });

    it('writes and announces nothing for a no-op patch', async () => {
      const created = await register(acme, { name: 'Steady Bot', owner: 'ops', tags: ['t'] });
      const outboxBefore = await harness.count('systems.outbox');
      for (const body of [
        {},
        { owner: 'ops' },
        { name: 'Steady Bot', tags: ['t'], status: 'active', declared: true },
      ]) {
        const response = await harness.request('PATCH', `${SYSTEMS_PATH}/${created.id}`, acme.apiKey, body);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual(created);
      }
      expect(await harness.count('systems.outbox')).toBe(outboxBefore);
    });

    it('renames, including a change of case, but never onto another system’s name', async () => {
      const created = await register(acme, { name: 'Rename Me' });
      await register(acme, { name: 'Taken Name' });
      const taken = await harness.request('PATCH', `${SYSTEMS_PATH}/${created.id}`, acme.apiKey, {
        name: 'taken NAME',
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ error: { code: 'conflict' } });
      const recased = await harness.request('PATCH', `${SYSTEMS_PATH}/${created.id}`, acme.apiKey, {
        name: 'rename me',
      });
      expect([recased.statusCode, recased.json<Json>()['name']]).toEqual([200, 'rename me']);
    });

    it('retires and reactivates a system', async () => {
      const created = await register(acme, { name: 'Retiring Bot' });
      const path = `${SYSTEMS_PATH}/${created.id}`;
      const retired = await harness.request('PATCH', path, acme.apiKey, { status: 'retired' });
      expect(retired.json()).toMatchObject({ status: 'retired' });
      const active = await harness.request('PATCH', path, acme.apiKey, { status: 'active' });
      expect(active.json()).toMatchObject({ status: 'active' });
      const statuses = (await eventsOf(created.id, 'system.updated')).map(
        (entry) => (entry.record.details as { status: string }).status,
      );
      expect(statuses).toEqual(['retired', 'active']);
    });

    it('records each change for the audit trail, with its actor and only the changed fields', async () => {
      const created = await register(acme, { name: 'Audited Bot', owner: 'ops' });
      const path = `${SYSTEMS_PATH}/${created.id}`;
      await harness.request('PATCH', path, acme.apiKey, { owner: 'ml-platform', risk_tier: 'high' });
      const tooLong = await harness.request('PATCH', path, acme.apiKey, {
        status: 'retired',
        reason: 'x'.repeat(501),
      });
      expect(tooLong.statusCode).toBe(400);
      await harness.request('PATCH', path, acme.apiKey, { status: 'retired', reason: ' Replaced by v2 ' });
      await harness.request('PATCH', path, acme.apiKey, { status: 'retired' });
      const entries = await readAuditEntries(harness, 'systems', created.id);
      expect(entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
        [
          'system.registered',
          null,
          expect.objectContaining({ name: 'Audited Bot', owner: 'ops', declared: true }),
        ],
        [
          'system.updated',
          { owner: 'ops', risk_tier: 'unclassified' },
          { owner: 'ml-platform', risk_tier: 'high' },
        ],
        // The reason the person gave rides along in the entry's after.
        ['system.retired', { status: 'active' }, { status: 'retired', reason: 'Replaced by v2' }],
      ]);
      expect(entries[0]).toMatchObject({
        actor_type: 'api_key',
        actor_id: parseCredential('apiKey', acme.apiKey)!.id,
        service: 'systems',
        target_type: 'system',
        address: '127.0.0.1',
        user_agent: 'lightMyRequest',
      });
    });

    it('refuses to un-declare a system, writing nothing', async () => {
      const created = await register(acme, { name: 'Declared Bot' });
      const outboxBefore = await harness.count('systems.outbox');
      const response = await harness.request('PATCH', `${SYSTEMS_PATH}/${created.id}`, acme.apiKey, {
        declared: false,
        owner: 'someone',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'validation_failed', details: [{ field: 'declared' }] },
      });
      const fetched = await harness.request('GET', `${SYSTEMS_PATH}/${created.id}`, acme.apiKey);
      expect(fetched.json()).toMatchObject({ declared: true, owner: null });
      expect(await harness.count('systems.outbox')).toBe(outboxBefore);
    });
  });
});
