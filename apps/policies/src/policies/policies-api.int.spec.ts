import { INTERNAL_TOPICS, newId, type PolicySnapshot } from '@governance/contracts';
import { FRAMEWORKS } from '@governance/frameworks';
import { readAuditEntries } from '@governance/testing';
import {
  POLICIES_PATH,
  PoliciesHarness,
  policyBody,
  readOutbox,
  type TestOrganization,
} from '../testing/policies-harness';
import { type FrameworkImportResponse, type PolicyPageResponse, type PolicyResponse } from './policy.dto';

const templatesOf = (key: string) =>
  FRAMEWORKS.find((framework) => framework.key === key)!.controls.filter((control) => control.runtime_policy);

describe('policies API', () => {
  let harness: PoliciesHarness;
  let org: TestOrganization;
  let other: TestOrganization;

  beforeAll(async () => {
    harness = await PoliciesHarness.start();
    [org, other] = await Promise.all([
      harness.createOrganization('free'),
      harness.createOrganization('professional'),
    ]);
  });

  afterAll(() => harness.close());

  const create = async (as: TestOrganization, overrides: Record<string, unknown> = {}) => {
    const response = await harness.request('POST', POLICIES_PATH, as.apiKey, policyBody(overrides));
    expect(response.statusCode).toBe(201);
    return response.json<PolicyResponse>();
  };

  const eventsOf = async (policyId: string) =>
    (await readOutbox(harness)).filter((entry) => entry.record.details['policy_id'] === policyId);

  it('creates a policy with defaults, announces it, and shows it', async () => {
    const response = await harness.request('POST', POLICIES_PATH, org.apiKey, {
      name: '  PII leak  ',
      enforcement_mode: 'Block',
      rules: { field: 'labels.pii_detected', op: 'eq', value: true },
    });
    expect(response.statusCode).toBe(201);
    const policy = response.json<PolicyResponse>();
    expect(policy).toEqual({
      id: expect.stringMatching(/^pol_[0-9A-Z]{26}$/) as unknown,
      name: 'PII leak',
      description: null,
      enforcement_mode: 'BLOCK',
      status: 'active',
      severity: 'CRITICAL',
      severity_by_mode: true,
      rules: { field: 'labels.pii_detected', op: 'eq', value: true },
      scope: { all_systems: true },
      framework: null,
      control: null,
      version: 1,
      created_at: policy.created_at,
      updated_at: policy.created_at,
    });
    const fetched = await harness.request('GET', `${POLICIES_PATH}/${policy.id}`, org.apiKey);
    expect(fetched.json()).toEqual(policy);

    const events = await eventsOf(policy.id);
    expect(events).toHaveLength(1);
    const { id, severity_by_mode: byMode, ...snapshot } = policy;
    expect(byMode).toBe(true);
    expect(events[0]).toMatchObject({
      topic: INTERNAL_TOPICS.policies,
      eventType: 'policy.created',
      key: org.id,
      record: { organization_id: org.id, event: 'policy.created', details: { policy_id: id, ...snapshot } },
    });

    const warn = await create(org, { enforcement_mode: 'warn', severity: 'CRITICAL', status: 'disabled' });
    expect([warn.enforcement_mode, warn.severity, warn.status]).toEqual(['WARN', 'CRITICAL', 'disabled']);
    const scoped = await create(org, { scope: { system_ids: [newId('system'), newId('system')] } });
    expect(scoped.severity).toBe('HIGH');
    expect('system_ids' in scoped.scope && scoped.scope.system_ids).toHaveLength(2);
  });

  it('refuses a second policy of the same name, ignoring case, without writing', async () => {
    await create(org, { name: 'Toxicity gate' });
    const before = await harness.count('policies.outbox');
    const response = await harness.request(
      'POST',
      POLICIES_PATH,
      org.apiKey,
      policyBody({ name: 'TOXICITY GATE' }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('conflict');
    expect(await harness.count('policies.outbox')).toBe(before);
    // Another organization may use the name.
    await create(other, { name: 'Toxicity gate' });
  });

  it('moves a severity left to the mode with the mode, keeps a chosen one, and audits the reason', async () => {
    const byMode = await create(org, { enforcement_mode: 'BLOCK' });
    const chosen = await create(org, { enforcement_mode: 'BLOCK', severity: 'CRITICAL' });
    expect([byMode.severity_by_mode, chosen.severity_by_mode]).toEqual([true, false]);
    const toWarn = (id: string, body: object) =>
      harness.request('PATCH', `${POLICIES_PATH}/${id}/enforcement`, org.apiKey, body);
    const followed = await toWarn(byMode.id, { enforcement_mode: 'WARN', reason: 'Too many false alarms' });
    expect(followed.json<PolicyResponse>()).toMatchObject({ enforcement_mode: 'WARN', severity: 'HIGH' });
    const kept = await toWarn(chosen.id, { enforcement_mode: 'WARN' });
    expect(kept.json<PolicyResponse>()).toMatchObject({ enforcement_mode: 'WARN', severity: 'CRITICAL' });
    const events = await eventsOf(byMode.id);
    expect(events.at(-1)?.record.details).toMatchObject({ enforcement_mode: 'WARN', severity: 'HIGH' });
    const audited = await readAuditEntries(harness, 'policies', byMode.id);
    expect(audited.at(-1)).toMatchObject({
      action: 'policy.enforcement_changed',
      before: { enforcement_mode: 'BLOCK', severity: 'CRITICAL', version: 1 },
      after: { enforcement_mode: 'WARN', severity: 'HIGH', version: 2, reason: 'Too many false alarms' },
    });
    const refused = await toWarn(byMode.id, { reason: 'x'.repeat(501) });
    expect(refused.statusCode).toBe(400);
    expect((await harness.request('GET', `${POLICIES_PATH}/${byMode.id}`, org.apiKey)).json()).toMatchObject({
      version: 2,
    });
  });

  it('sets, flips and keeps the enforcement mode, with a new version and event per change', async () => {
    const policy = await create(org, { enforcement_mode: 'WARN', severity: 'HIGH' });
    const path = `${POLICIES_PATH}/${policy.id}/enforcement`;
    const flip = await harness.request('PATCH', path, org.apiKey);
    expect(flip.statusCode).toBe(200);
    expect(flip.json<PolicyResponse>()).toMatchObject({ enforcement_mode: 'BLOCK', version: 2 });
    const flipBack = await harness.request('PATCH', path, org.apiKey, {});
    expect(flipBack.json<PolicyResponse>()).toMatchObject({ enforcement_mode: 'WARN', version: 3 });
    const set = await harness.request('PATCH', path, org.apiKey, { enforcement_mode: 'Block' });
    expect(set.json<PolicyResponse>()).toMatchObject({ enforcement_mode: 'BLOCK', version: 4 });
    const same = await harness.request('PATCH', path, org.apiKey, { enforcement_mode: 'block' });
    expect(same.statusCode).toBe(200);
    expect(same.json<PolicyResponse>()).toMatchObject({ enforcement_mode: 'BLOCK', version: 4 });
    // The severity chosen at creation stays: the mode and the severity are separate decisions.
    expect(same.json<PolicyResponse>().severity).toBe('HIGH');

    const events = await eventsOf(policy.id);
    expect(events.map((entry) => [entry.eventType, entry.record.details['version']])).toEqual([
      ['policy.created', 1],
      ['policy.updated', 2],
      ['policy.updated', 3],
      ['policy.updated', 4],
    ]);
    expect(events.map((entry) => entry.record.details['enforcement_mode'])).toEqual([
      'WARN',
      'BLOCK',
      'WARN',
      'BLOCK',
    ]);
    const last = events[3]!.record.details as unknown as PolicySnapshot;
    expect(last.updated_at).toBe(same.json<PolicyResponse>().updated_at);

    for (const body of [
      { enforcement_mode: 'AUDIT' },
      { enforcement_mode: null },
      { mode: 'WARN' },
      [],
      'null',
    ]) {
      const bad = await harness.request('PATCH', path, org.apiKey, body);
      expect([JSON.stringify(body), bad.statusCode]).toEqual([JSON.stringify(body), 400]);
    }
    expect(await eventsOf(policy.id)).toHaveLength(4);

    // The audit trail: the creation, then each switch of mode with its version.
    const audited = await readAuditEntries(harness, 'policies', policy.id);
    expect(audited.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['policy.created', null, expect.objectContaining({ enforcement_mode: 'WARN', version: 1 })],
      [
        'policy.enforcement_changed',
        { enforcement_mode: 'WARN', version: 1 },
        { enforcement_mode: 'BLOCK', version: 2 },
      ],
      [
        'policy.enforcement_changed',
        { enforcement_mode: 'BLOCK', version: 2 },
        { enforcement_mode: 'WARN', version: 3 },
      ],
      [
        'policy.enforcement_changed',
        { enforcement_mode: 'WARN', version: 3 },
        { enforcement_mode: 'BLOCK', version: 4 },
      ],
    ]);
    expect(audited[0]).toMatchObject({ actor_type: 'api_key', service: 'policies', target_type: 'policy' });
  });

  it('answers 404 for unknown, malformed and other organizations’ policies', async () => {
    const theirs = await create(other);
    for (const id of [theirs.id, newId('policy'), 'pol_nope', newId('system'), '%20']) {
      for (const [method, url] of [
        ['GET', `${POLICIES_PATH}/${id}`],
        ['PATCH', `${POLICIES_PATH}/${id}/enforcement`],
      ] as const) {
        const response = await harness.request(method, url, org.apiKey);
        expect([method, id, response.statusCode]).toEqual([method, id, 404]);
        expect(response.json<{ error: { code: string } }>().error.code).toBe('not_found');
      }
    }
    const unchanged = await harness.request('GET', `${POLICIES_PATH}/${theirs.id}`, other.apiKey);
    expect(unchanged.json<PolicyResponse>().version).toBe(1);
  });

  it('imports NIST AI RMF and EU AI Act once, and says so when imported again', async () => {
    const tenant = await harness.createOrganization('professional');
    const first = await harness.request(
      'POST',
      `${POLICIES_PATH}/frameworks/nist_ai_rmf/import`,
      tenant.apiKey,
    );
    expect(first.statusCode).toBe(201);
    const nist = first.json<FrameworkImportResponse>();
    const templates = templatesOf('NIST_AI_RMF');
    expect(nist).toMatchObject({
      framework: 'NIST_AI_RMF',
      already_imported: [],
      created_count: templates.length,
      already_imported_count: 0,
    });
    expect(nist.created.map((policy) => policy.control).sort()).toEqual(
      templates.map((control) => `NIST_AI_RMF:${control.id}`).sort(),
    );
    for (const policy of nist.created) {
      const control = templates.find((candidate) => `NIST_AI_RMF:${candidate.id}` === policy.control)!;
      expect(policy).toMatchObject({
        name: control.runtime_policy!.name,
        description: control.runtime_policy!.description,
        enforcement_mode: 'WARN',
        status: 'active',
        rules: control.runtime_policy!.rules,
        scope: { all_systems: true },
        framework: 'NIST_AI_RMF',
        version: 1,
      });
    }

    const before = await harness.count('policies.outbox');
    const again = await harness.request(
      'POST',
      `${POLICIES_PATH}/frameworks/NIST_AI_RMF/import`,
      tenant.apiKey,
      {
        enforcement_mode: 'BLOCK',
      },
    );
    expect(again.statusCode).toBe(200);
    expect(again.json<FrameworkImportResponse>()).toEqual({
      framework: 'NIST_AI_RMF',
      created: [],
      already_imported: expect.arrayContaining(nist.created.map((policy) => policy.id)) as unknown,
      created_count: 0,
      already_imported_count: templates.length,
    });
    expect(await harness.count('policies.outbox')).toBe(before);

    // A custom policy already holds one template's name: the import keeps both, naming its own apart.
    const euTemplates = templatesOf('EU_AI_ACT');
    const clash = euTemplates[0]!;
    await create(tenant, { name: clash.runtime_policy!.name.toLowerCase() });
    const eu = await harness.request('POST', `${POLICIES_PATH}/frameworks/Eu_Ai_Act/import`, tenant.apiKey, {
      enforcement_mode: 'block',
    });
    expect(eu.statusCode).toBe(201);
    const euResult = eu.json<FrameworkImportResponse>();
    expect(euResult.created_count).toBe(euTemplates.length);
    expect(euResult.created.every((policy) => policy.enforcement_mode === 'BLOCK')).toBe(true);
    expect(euResult.created.find((policy) => policy.control === `EU_AI_ACT:${clash.id}`)!.name).toBe(
      `${clash.runtime_policy!.name} (EU_AI_ACT:${clash.id})`,
    );

    const outbox = await readOutbox(harness, 'policy.created');
    const importedIds = new Set([...nist.created, ...euResult.created].map((policy) => policy.id));
    expect(outbox.filter((entry) => importedIds.has(String(entry.record.details['policy_id'])))).toHaveLength(
      importedIds.size,
    );
    // Each imported policy has its own entry, and each import one more; the repeat added none.
    expect(await readAuditEntries(harness, 'policies', 'NIST_AI_RMF')).toEqual([
      expect.objectContaining({
        action: 'framework.imported',
        target_type: 'framework',
        after: { enforcement_mode: 'WARN', created_count: templates.length },
      }),
    ]);
    const [imported] = await readAuditEntries(harness, 'policies', euResult.created[0]!.id);
    expect(imported).toMatchObject({
      action: 'policy.created',
      after: { framework: 'EU_AI_ACT', control: euResult.created[0]!.control, enforcement_mode: 'BLOCK' },
    });

    const filtered = await harness.request(
      'GET',
      `${POLICIES_PATH}?framework=eu_ai_act&limit=100`,
      tenant.apiKey,
    );
    expect(
      filtered
        .json<PolicyPageResponse>()
        .data.map((policy) => policy.id)
        .sort(),
    ).toEqual(euResult.created.map((policy) => policy.id).sort());
  });

  it('imports ISO 42001 templates of MEDIUM severity as HIGH policies', async () => {
    const tenant = await harness.createOrganization('free');
    const response = await harness.request(
      'POST',
      `${POLICIES_PATH}/frameworks/ISO_42001/import`,
      tenant.apiKey,
    );
    expect(response.statusCode).toBe(201);
    const result = response.json<FrameworkImportResponse>();
    expect(result.created_count).toBeGreaterThan(0);
    expect(new Set(result.created.map((policy) => policy.severity))).toEqual(new Set(['HIGH']));
  });

  it('imports once when the same framework is imported concurrently', async () => {
    const tenant = await harness.createOrganization('professional');
    const responses = await Promise.all(
      Array.from({ length: 4 }, () =>
        harness.request('POST', `${POLICIES_PATH}/frameworks/EU_AI_ACT/import`, tenant.apiKey),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 201]);
    const rows = await harness.sql.query<Array<{ count: number }>>(
      'SELECT count(*)::int AS count FROM policies.policies WHERE organization_id = $1',
      [tenant.id],
    );
    expect(rows[0]!.count).toBe(templatesOf('EU_AI_ACT').length);
  });

  it('answers 404 for an unknown framework', async () => {
    for (const key of ['SOC2', 'EU-AI-ACT', '%00']) {
      const response = await harness.request('POST', `${POLICIES_PATH}/frameworks/${key}/import`, org.apiKey);
      expect([key, response.statusCode]).toEqual([key, 404]);
    }
  });

  it('lists newest first with filters and cursor pages', async () => {
    const tenant = await harness.createOrganization('free');
    const made: PolicyResponse[] = [];
    for (let index = 0; index < 5; index++) {
      made.push(
        await create(tenant, {
          enforcement_mode: index % 2 === 0 ? 'BLOCK' : 'WARN',
          status: index === 4 ? 'disabled' : 'active',
        }),
      );
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
      const page = (
        await harness.request('GET', `${POLICIES_PATH}${query}`, tenant.apiKey)
      ).json<PolicyPageResponse>();
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((policy) => policy.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(made.map((policy) => policy.id).reverse());

    const ids = async (query: string) =>
      (await harness.request('GET', `${POLICIES_PATH}?${query}`, tenant.apiKey))
        .json<PolicyPageResponse>()
        .data.map((policy) => policy.id);
    expect(await ids('enforcement_mode=Block')).toEqual([made[4]!.id, made[2]!.id, made[0]!.id]);
    expect(await ids('enforcement_mode=warn&status=active')).toEqual([made[3]!.id, made[1]!.id]);
    expect(await ids('status=disabled')).toEqual([made[4]!.id]);
    expect(await ids('framework=NIST_AI_RMF')).toEqual([]);
    const defaults = (await harness.request('GET', POLICIES_PATH, tenant.apiKey)).json<PolicyPageResponse>();
    expect(defaults).toEqual({ data: expect.any(Array) as unknown, next_cursor: null });
    expect(defaults.data).toHaveLength(5);
  });
});
