import { newId, type PolicySnapshot } from '@governance/contracts';
import { readAuditEntries } from '@governance/testing';
import {
  POLICIES_PATH,
  PoliciesHarness,
  policyBody,
  readOutbox,
  type TestOrganization,
} from '../testing/policies-harness';
import { type FrameworkImportResponse, type PolicyPageResponse, type PolicyResponse } from './policy.dto';

type Response = Awaited<ReturnType<PoliciesHarness['request']>>;

interface ErrorBody {
  error: { code: string; message: string; details: unknown };
}

/** Edits, disabling and deletion: each validated as creation is, audited, and announced to the replicas. */
describe('policy lifecycle', () => {
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
  const patch = (id: string, body: unknown, as: TestOrganization = org) =>
    harness.request('PATCH', `${POLICIES_PATH}/${id}`, as.apiKey, body);
  const remove = (id: string, query = '', as: TestOrganization = org) =>
    harness.request('DELETE', `${POLICIES_PATH}/${id}${query}`, as.apiKey);
  const get = (id: string, as: TestOrganization = org) =>
    harness.request('GET', `${POLICIES_PATH}/${id}`, as.apiKey);
  const eventsOf = async (policyId: string) =>
    (await readOutbox(harness)).filter((entry) => entry.record.details['policy_id'] === policyId);
  const listIds = async (as: TestOrganization, query = '') =>
    (await harness.request('GET', `${POLICIES_PATH}?limit=100${query}`, as.apiKey))
      .json<PolicyPageResponse>()
      .data.map((policy) => policy.id);
  const writes = async () => ({
    policies: await harness.count('policies.policies'),
    outbox: await harness.count('policies.outbox'),
  });
  const errorOf = (response: Response) => response.json<ErrorBody>().error;

  it('lets a severity left to the mode follow a switch of mode made by an edit', async () => {
    const policy = await create(org, { enforcement_mode: 'WARN' });
    expect(policy).toMatchObject({ severity: 'HIGH', severity_by_mode: true });
    const response = await patch(policy.id, { enforcement_mode: 'BLOCK' });
    expect(response.json<PolicyResponse>()).toMatchObject({
      enforcement_mode: 'BLOCK',
      severity: 'CRITICAL',
      severity_by_mode: true,
      version: 2,
    });
  });

  it('edits every field creation takes, with a new version, a snapshot event and an audit entry', async () => {
    const policy = await create(org, { enforcement_mode: 'WARN', description: 'Old words' });
    const systemId = newId('system');
    const response = await patch(policy.id, {
      name: '  Accuracy floor  ',
      description: null,
      enforcement_mode: 'block',
      severity: 'CRITICAL',
      rules: { any: [{ field: 'metrics.accuracy', op: 'lt', value: 0.7 }] },
      scope: { system_ids: [systemId] },
      version: 1,
      reason: 'Tightened after the March review',
    });
    expect(response.statusCode).toBe(200);
    const edited = response.json<PolicyResponse>();
    expect(edited).toEqual({
      ...policy,
      name: 'Accuracy floor',
      description: null,
      enforcement_mode: 'BLOCK',
      // Chosen here, the severity is the policy's own from now on: a later switch of mode keeps it.
      severity: 'CRITICAL',
      severity_by_mode: false,
      rules: { any: [{ field: 'metrics.accuracy', op: 'lt', value: 0.7 }] },
      scope: { system_ids: [systemId] },
      version: 2,
      updated_at: edited.updated_at,
    });
    expect(edited.updated_at > policy.updated_at).toBe(true);
    expect((await get(policy.id)).json()).toEqual(edited);

    const events = await eventsOf(policy.id);
    expect(events.map((entry) => entry.eventType)).toEqual(['policy.created', 'policy.updated']);
    // The announced snapshot leaves out severity_by_mode, the policies service's own (toEqual: absent).
    const { id, ...snapshot } = edited;
    expect(events[1]!.record.details).toEqual({ policy_id: id, ...snapshot, severity_by_mode: undefined });

    const audited = await readAuditEntries(harness, 'policies', policy.id);
    expect(audited.map((entry) => entry.action)).toEqual(['policy.created', 'policy.updated']);
    expect(audited[1]).toMatchObject({
      actor_type: 'api_key',
      target_type: 'policy',
      before: {
        name: policy.name,
        description: 'Old words',
        enforcement_mode: 'WARN',
        severity: 'HIGH',
        rules: policy.rules,
        scope: { all_systems: true },
        version: 1,
      },
      after: {
        name: 'Accuracy floor',
        description: null,
        enforcement_mode: 'BLOCK',
        severity: 'CRITICAL',
        rules: edited.rules,
        scope: edited.scope,
        version: 2,
        reason: 'Tightened after the March review',
      },
    });
  });

  it('changes nothing, at the same version, when the body repeats the policy or is empty', async () => {
    const policy = await create(org);
    const before = await writes();
    for (const body of [{}, { name: policy.name, rules: policy.rules, status: 'active', version: 1 }]) {
      const response = await patch(policy.id, body);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(policy);
    }
    expect(await writes()).toEqual(before);
  });

  it('refuses in an update exactly what it refuses at creation, naming the same fields, and writes nothing', async () => {
    const policy = await create(org, { name: 'Validated alike' });
    const leaf = { field: 'model', op: 'exists' };
    let deep: unknown = leaf;
    for (let level = 0; level < 50; level++) deep = { not: deep };
    const bad: Array<Record<string, unknown>> = [
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(201) },
      { name: 'nul \u0000 inside' },
      { description: 'x'.repeat(2001) },
      { enforcement_mode: 'AUDIT' },
      { status: 'paused' },
      { severity: 'MEDIUM' },
      { rules: null },
      { rules: 'metrics.accuracy < 0.8' },
      { rules: { all: [] } },
      { rules: { field: 'cost', op: 'gt', value: 1 } },
      { rules: { field: 'model', op: 'matches', value: '(a|a)*' } },
      { rules: { field: 'model', op: 'matches', value: '(a+)+$' } },
      { rules: { all: [leaf, { field: 'labels.env', op: 'approx', value: 'prod' }] } },
      { rules: deep },
      { rules: { any: Array.from({ length: 101 }, () => leaf) } },
      { scope: { all_systems: false } },
      { scope: { system_ids: ['sys_nope'] } },
      { framework: 'EU_AI_ACT' },
      { id: newId('policy') },
    ];
    const before = await writes();
    for (const fragment of bad) {
      const created = await harness.request('POST', POLICIES_PATH, org.apiKey, policyBody(fragment));
      const updated = await patch(policy.id, fragment);
      const label = JSON.stringify(fragment).slice(0, 80);
      expect([label, created.statusCode, updated.statusCode]).toEqual([label, 400, 400]);
      expect([label, errorOf(updated).details]).toEqual([label, errorOf(created).details]);
    }
    for (const body of ['{', 'null', '[]', { version: 0 }, { version: 'one' }, { reason: 'x'.repeat(501) }]) {
      const response = await patch(policy.id, body);
      expect([JSON.stringify(body), response.statusCode]).toEqual([JSON.stringify(body), 400]);
    }
    expect(await writes()).toEqual(before);
    expect((await get(policy.id)).json<PolicyResponse>().version).toBe(1);
  });

  it('refuses a name another policy holds (any case), and takes its own name in another case', async () => {
    await create(org, { name: 'Taken name' });
    const policy = await create(org, { name: 'Renamed one' });
    const before = await writes();
    const clash = await patch(policy.id, { name: 'TAKEN NAME' });
    expect(clash.statusCode).toBe(409);
    expect(errorOf(clash)).toMatchObject({ code: 'conflict', details: { field: 'name' } });
    expect(await writes()).toEqual(before);

    const recased = await patch(policy.id, { name: 'RENAMED ONE' });
    expect(recased.json<PolicyResponse>()).toMatchObject({ name: 'RENAMED ONE', version: 2 });
    // Another organization's names are no obstacle.
    const theirs = await create(other);
    expect((await patch(theirs.id, { name: 'Taken name' }, other)).statusCode).toBe(200);
  });

  it('refuses a change or a deletion based on an older version with 409, and changes nothing', async () => {
    const policy = await create(org);
    expect((await patch(policy.id, { severity: 'CRITICAL', version: 1 })).statusCode).toBe(200);
    const before = await writes();
    const stale = await patch(policy.id, { name: 'Lost update', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toMatchObject({
      code: 'conflict',
      details: { field: 'version', current_version: 2 },
    });
    const staleDelete = await remove(policy.id, '?version=1');
    expect(staleDelete.statusCode).toBe(409);
    expect(errorOf(staleDelete)).toMatchObject({ code: 'conflict', details: { current_version: 2 } });
    expect(await writes()).toEqual(before);
    expect((await get(policy.id)).json<PolicyResponse>()).toMatchObject({ severity: 'CRITICAL', version: 2 });
  });

  it('lets exactly one of two concurrent edits of the same version through', async () => {
    const policy = await create(org);
    const answers = await Promise.all(
      ['First', 'Second'].map((word) => patch(policy.id, { description: word, version: 1 })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await get(policy.id)).json<PolicyResponse>().version).toBe(2);
  });

  it('disables and enables a policy, each audited by its name with the reason given', async () => {
    const policy = await create(org);
    const disabled = await patch(policy.id, { status: 'disabled', reason: 'Too noisy on staging' });
    expect(disabled.json<PolicyResponse>()).toMatchObject({ status: 'disabled', version: 2 });
    expect(await listIds(org, '&status=active')).not.toContain(policy.id);
    expect(await listIds(org, '&status=disabled')).toContain(policy.id);
    const enabled = await patch(policy.id, { status: 'active' });
    expect(enabled.json<PolicyResponse>()).toMatchObject({ status: 'active', version: 3 });

    const events = await eventsOf(policy.id);
    expect(events.map((entry) => [entry.eventType, entry.record.details['status']])).toEqual([
      ['policy.created', 'active'],
      ['policy.updated', 'disabled'],
      ['policy.updated', 'active'],
    ]);
    const audited = await readAuditEntries(harness, 'policies', policy.id);
    expect(audited.slice(1).map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      [
        'policy.disabled',
        { status: 'active', version: 1 },
        { status: 'disabled', version: 2, reason: 'Too noisy on staging' },
      ],
      ['policy.enabled', { status: 'disabled', version: 2 }, { status: 'active', version: 3 }],
    ]);
  });

  it('deletes a policy: gone from reads and lists, announced as a tombstone, audited with its reason', async () => {
    const policy = await create(org, { name: 'Short-lived' });
    const response = await remove(policy.id, `?version=1&reason=${encodeURIComponent('Replaced by PII v2')}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    expect((await get(policy.id)).statusCode).toBe(404);
    expect(await listIds(org)).not.toContain(policy.id);
    const before = await writes();
    for (const answer of [
      await patch(policy.id, { status: 'active' }),
      await harness.request('PATCH', `${POLICIES_PATH}/${policy.id}/enforcement`, org.apiKey),
      await remove(policy.id),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(errorOf(answer).code).toBe('not_found');
    }
    expect(await writes()).toEqual(before);

    const events = await eventsOf(policy.id);
    expect(events.map((entry) => [entry.eventType, entry.record.details['version']])).toEqual([
      ['policy.created', 1],
      ['policy.deleted', 2],
    ]);
    const tombstone = events[1]!.record.details as unknown as PolicySnapshot;
    expect(tombstone).toMatchObject({ policy_id: policy.id, name: 'Short-lived', rules: policy.rules });

    const audited = await readAuditEntries(harness, 'policies', policy.id);
    expect(audited[1]).toMatchObject({
      action: 'policy.deleted',
      before: { name: 'Short-lived', enforcement_mode: 'WARN', status: 'active', version: 1 },
      after: { reason: 'Replaced by PII v2' },
    });

    // The name is free again; the new policy is another one.
    const again = await create(org, { name: 'short-lived' });
    expect(again.id).not.toBe(policy.id);
  });

  it('imports again a control whose imported policy was deleted', async () => {
    const tenant = await harness.createOrganization('free');
    const first = await harness.request(
      'POST',
      `${POLICIES_PATH}/frameworks/EU_AI_ACT/import`,
      tenant.apiKey,
    );
    const imported = first.json<FrameworkImportResponse>().created;
    const gone = imported[0]!;
    expect((await remove(gone.id, '', tenant)).statusCode).toBe(204);
    const again = await harness.request(
      'POST',
      `${POLICIES_PATH}/frameworks/EU_AI_ACT/import`,
      tenant.apiKey,
    );
    expect(again.statusCode).toBe(201);
    const result = again.json<FrameworkImportResponse>();
    expect(result.created.map((policy) => [policy.control, policy.name])).toEqual([
      [gone.control, gone.name],
    ]);
    expect(result.already_imported_count).toBe(imported.length - 1);
  });

  it('answers 404 to edits and deletions of unknown, malformed and other organizations’ policies', async () => {
    const theirs = await create(other);
    const before = await writes();
    for (const id of [theirs.id, newId('policy'), 'pol_nope', newId('system'), '%20']) {
      for (const answer of [await patch(id, { status: 'disabled' }), await remove(id)]) {
        expect([id, answer.statusCode]).toEqual([id, 404]);
        expect(errorOf(answer).code).toBe('not_found');
      }
    }
    expect(await writes()).toEqual(before);
    expect((await get(theirs.id, other)).json<PolicyResponse>()).toMatchObject({
      status: 'active',
      version: 1,
    });
  });

  it('answers 400 to a malformed deletion query and deletes nothing', async () => {
    const policy = await create(org);
    const before = await writes();
    for (const query of [
      '?version=0',
      '?version=abc',
      '?version=1.5',
      `?reason=${'x'.repeat(501)}`,
      '?colour=red',
    ]) {
      const answer = await remove(policy.id, query);
      expect([query, answer.statusCode]).toEqual([query, 400]);
      expect(errorOf(answer).code).toBe('validation_failed');
    }
    expect(await writes()).toEqual(before);
    expect((await get(policy.id)).statusCode).toBe(200);
  });
});
