import { createHash } from 'node:crypto';
import { issueApiKey, issueCredential } from '@governance/auth';
import { type AuditRecordedDetails, newId, newUuidV7 } from '@governance/contracts';
import { auditEventMessage, type OutboxMessage } from '@governance/messaging';
import { eventually, readOutbox, ServiceHarness } from '@governance/testing';
import { createService } from '../service';
import { AuditRetention } from './audit-retention';
import { type AuditEntryResponse, type AuditPageResponse, type AuditVerifyResponse } from './audit.dto';

const ADMIN_TOKEN = 'audit-trail-admin-token';
const RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

interface Organization {
  id: string;
  api_key: string;
}

/** An `audit.recorded` as another service's UnitOfWork writes it to its outbox. */
function recorded(
  organizationId: string,
  details: Partial<AuditRecordedDetails> = {},
  options: { id?: string; at?: Date } = {},
): OutboxMessage {
  return auditEventMessage({
    id: options.id ?? newUuidV7(),
    organization_id: organizationId,
    event: 'audit.recorded',
    timestamp: (options.at ?? new Date()).toISOString(),
    details: {
      actor_type: 'api_key',
      actor_id: newId('apiKey'),
      service: 'systems',
      action: 'system.updated',
      target_type: 'system',
      target_id: newId('system'),
      address: '203.0.113.7',
      user_agent: 'curl/8.5.0',
      before: { risk_tier: 'unclassified' },
      after: { risk_tier: 'high' },
      ...details,
    },
  });
}

/**
 * The hash docs/audit.md describes, computed here on its own: sha256 over the previous hash's hex and the
 * entry's JSON with keys sorted at every level, no whitespace, without the two hash fields.
 */
function documentedHash(entry: AuditEntryResponse): string {
  const sorted = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sorted)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
          )
        : value;
  const hashed = Object.fromEntries(
    Object.entries(entry).filter(([key]) => key !== 'hash' && key !== 'previous_hash'),
  );
  return createHash('sha256')
    .update(entry.previous_hash + JSON.stringify(sorted(hashed)))
    .digest('hex');
}

describe('the audit trail', () => {
  let harness: ServiceHarness;

  beforeAll(async () => {
    harness = await ServiceHarness.start(createService, {
      env: {
        ADMIN_TOKEN,
        AUDIT_RETENTION_DAYS: String(RETENTION_DAYS),
        AUDIT_RETENTION_SWEEP_INTERVAL_MS: String(DAY_MS),
      },
    });
  });

  afterAll(() => harness.close());

  const entriesOf = async (organizationId: string): Promise<number> =>
    (
      await harness.sql.query<Array<{ count: number }>>(
        'SELECT count(*)::int AS count FROM tenancy.audit_entries WHERE organization_id = $1',
        [organizationId],
      )
    )[0]!.count;

  /** Waits until the organization's chain holds `count` entries: the bus delivers asynchronously. */
  const chained = (organizationId: string, count: number) =>
    eventually(async () => (await entriesOf(organizationId)) >= count, 15_000, `${count} entries`);

  /** Everything in `messages` appended: they follow each other on the organization's partition. */
  async function publishAndWait(organizationId: string, messages: OutboxMessage[]): Promise<void> {
    const before = await entriesOf(organizationId);
    const sentinel = recorded(organizationId, { action: 'test.sentinel' });
    await harness.publishMessages([...messages, sentinel]);
    await eventually(
      async () =>
        (
          await harness.sql.query<unknown[]>('SELECT 1 FROM tenancy.audit_entries WHERE id = $1', [
            sentinel.eventId,
          ])
        ).length > 0,
      15_000,
      'the sentinel entry',
    );
    expect(await entriesOf(organizationId)).toBeGreaterThan(before);
  }

  /** A new organization through the admin API, with its two entries (organization, key) chained. */
  async function organization(): Promise<Organization> {
    const reply = await harness.request('POST', '/admin/v1/organizations', ADMIN_TOKEN, {
      name: `Audit ${newUuidV7()}`,
      plan: 'professional',
    });
    expect(reply.statusCode).toBe(201);
    const created = reply.json<Organization>();
    await chained(created.id, 2);
    return created;
  }

  const get = (org: Organization, path: string) => harness.request('GET', path, org.api_key);
  const page = async (org: Organization, query = ''): Promise<AuditPageResponse> => {
    const reply = await get(org, `/api/service/audit${query}`);
    expect(reply.statusCode).toBe(200);
    return reply.json<AuditPageResponse>();
  };
  const verify = async (org: Organization): Promise<AuditVerifyResponse> => {
    const reply = await get(org, '/api/service/audit/verify');
    expect(reply.statusCode).toBe(200);
    return reply.json<AuditVerifyResponse>();
  };

  /** Every entry through the listing's pages of `limit`, newest first. */
  async function allPages(org: Organization, query: string, limit: number): Promise<AuditEntryResponse[]> {
    const entries: AuditEntryResponse[] = [];
    let cursor: string | null = null;
    do {
      const next: AuditPageResponse = await page(
        org,
        `?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(next.data.length).toBeLessThanOrEqual(limit);
      entries.push(...next.data);
      cursor = next.next_cursor;
    } while (cursor);
    return entries;
  }

  /** The organization's entries in chain order. */
  const chainOf = async (org: Organization): Promise<AuditEntryResponse[]> =>
    (await allPages(org, '', 100)).sort((a, b) => a.seq - b.seq);

  /** Runs `change` as someone who can bypass the append-only trigger would. */
  async function tamper(change: string, params: unknown[]): Promise<void> {
    await harness.sql.query('ALTER TABLE tenancy.audit_entries DISABLE TRIGGER audit_entries_append_only');
    try {
      await harness.sql.query(change, params);
    } finally {
      await harness.sql.query('ALTER TABLE tenancy.audit_entries ENABLE TRIGGER audit_entries_append_only');
    }
  }

  it("chains identity's own changes and other services' entries, each linked to the one before", async () => {
    const org = await organization();
    const other = await organization();
    const first = await page(org);
    expect(first.data.map((entry) => [entry.seq, entry.action, entry.service, entry.actor_type])).toEqual([
      [2, 'api_key.created', 'identity', 'service'],
      [1, 'organization.created', 'identity', 'service'],
    ]);
    // The admin API's request: its address and user agent, and no secret in the summary.
    expect(first.data[0]).toMatchObject({
      actor_id: 'identity',
      target_type: 'api_key',
      address: '127.0.0.1',
      user_agent: 'lightMyRequest',
      before: null,
      after: { scope: 'full' },
    });
    expect(JSON.stringify(first.data)).not.toContain(org.api_key.slice(30));

    // A change of identity itself, through the admin API.
    const issued = await harness.request('POST', `/admin/v1/organizations/${org.id}/api-keys`, ADMIN_TOKEN);
    expect(issued.statusCode).toBe(201);
    await chained(org.id, 3);
    // Changes in other services, as their relays publish them.
    const userId = newId('user');
    await publishAndWait(org.id, [
      recorded(org.id, { actor_type: 'user', actor_id: userId, action: 'system.registered', before: null }),
      recorded(org.id, { service: 'policies', action: 'policy.created', target_type: 'policy' }),
    ]);

    const entries = await allPages(org, '', 100);
    expect(entries.map((entry) => entry.seq)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(entries.map((entry) => entry.action)).toEqual([
      'test.sentinel',
      'policy.created',
      'system.registered',
      'api_key.created',
      'api_key.created',
      'organization.created',
    ]);
    const chain = [...entries].reverse();
    expect(chain[0]!.previous_hash).toBe('0'.repeat(64));
    chain.forEach((entry, index) => {
      if (index > 0) expect(entry.previous_hash).toBe(chain[index - 1]!.hash);
      expect(documentedHash(entry)).toBe(entry.hash);
    });
    expect(chain[3]).toMatchObject({ actor_type: 'user', actor_id: userId, before: null });
    expect(await verify(org)).toEqual({
      ok: true,
      entries: 6,
      head: { seq: 6, hash: chain[5]!.hash },
      checkpoint: null,
    });

    // Each organization has its own chain, and sees only its own entries.
    expect((await page(other)).data.map((entry) => entry.seq)).toEqual([2, 1]);
    expect((await verify(other)).ok).toBe(true);
  });

  it('chains an event delivered twice only once', async () => {
    const org = await organization();
    const twice = recorded(org.id, { action: 'webhook.created' });
    await publishAndWait(org.id, [twice, twice]);
    await publishAndWait(org.id, [twice]);
    const entries = await allPages(org, '', 100);
    expect(entries.filter((entry) => entry.id === twice.eventId)).toHaveLength(1);
    expect(entries.map((entry) => entry.seq)).toEqual([5, 4, 3, 2, 1]);
    expect((await verify(org)).ok).toBe(true);
  });

  it("keeps each key's latest use, whatever order the reports arrive in", async () => {
    const org = await organization();
    const [key] = await harness.sql.query<Array<{ id: string }>>(
      'SELECT id FROM tenancy.api_keys WHERE organization_id = $1',
      [org.id],
    );
    const used = (at: string): OutboxMessage =>
      auditEventMessage({
        id: newUuidV7(),
        organization_id: org.id,
        event: 'api_key.used',
        timestamp: at,
        details: { key_id: key!.id, used_at: at },
      });
    await publishAndWait(org.id, [used('2026-05-01T10:00:00.000Z'), used('2026-04-01T10:00:00.000Z')]);
    const [row] = await harness.sql.query<Array<{ last_used_at: Date }>>(
      'SELECT last_used_at FROM tenancy.api_keys WHERE id = $1',
      [key!.id],
    );
    expect(row!.last_used_at.toISOString()).toBe('2026-05-01T10:00:00.000Z');
    // Key uses are not changes: the trail holds only the sentinel besides the organization's two.
    expect(await entriesOf(org.id)).toBe(3);
  });

  describe('verification', () => {
    it('refuses edits through the table, which is append-only', async () => {
      const org = await organization();
      await expect(
        harness.sql.query(
          `UPDATE tenancy.audit_entries SET actor_id = 'someone' WHERE organization_id = $1`,
          [org.id],
        ),
      ).rejects.toThrow(/append-only/);
      await expect(
        harness.sql.query('DELETE FROM tenancy.audit_entries WHERE organization_id = $1', [org.id]),
      ).rejects.toThrow(/append-only/);
      expect(await entriesOf(org.id)).toBe(2);
      expect((await verify(org)).ok).toBe(true);
    });

    it("detects a row's field changed behind the trigger's back, and names that entry", async () => {
      const org = await organization();
      await publishAndWait(org.id, [recorded(org.id), recorded(org.id), recorded(org.id)]);
      const [target] = await harness.sql.query<Array<{ id: string }>>(
        'SELECT id FROM tenancy.audit_entries WHERE organization_id = $1 AND seq = 4',
        [org.id],
      );
      await tamper(
        `UPDATE tenancy.audit_entries SET after = '{"risk_tier": "minimal"}' WHERE organization_id = $1 AND seq = 4`,
        [org.id],
      );
      expect(await verify(org)).toEqual({
        ok: false,
        first_broken: { seq: 4, id: target!.id, reason: 'hash_mismatch' },
      });
    });

    it('detects an edit whose hash was recomputed, at the next link', async () => {
      const org = await organization();
      await publishAndWait(org.id, [recorded(org.id), recorded(org.id)]);
      const entries = await allPages(org, '', 100);
      const forged = { ...entries.find((entry) => entry.seq === 3)!, actor_id: 'nobody' };
      await tamper(
        'UPDATE tenancy.audit_entries SET actor_id = $2, hash = $3 WHERE organization_id = $1 AND seq = 3',
        [org.id, forged.actor_id, documentedHash(forged)],
      );
      expect(await verify(org)).toEqual({
        ok: false,
        first_broken: {
          seq: 4,
          id: entries.find((entry) => entry.seq === 4)!.id,
          reason: 'previous_hash_mismatch',
        },
      });
    });

    it('detects a row deleted in the middle as the first missing entry', async () => {
      const org = await organization();
      await publishAndWait(org.id, [recorded(org.id), recorded(org.id), recorded(org.id)]);
      await tamper('DELETE FROM tenancy.audit_entries WHERE organization_id = $1 AND seq IN (3, 5)', [
        org.id,
      ]);
      expect(await verify(org)).toEqual({
        ok: false,
        first_broken: { seq: 3, id: null, reason: 'missing_entry' },
      });
    });

    it('detects the newest rows deleted, from the head the chain recorded', async () => {
      const org = await organization();
      await publishAndWait(org.id, [recorded(org.id)]);
      await tamper('DELETE FROM tenancy.audit_entries WHERE organization_id = $1 AND seq = 4', [org.id]);
      expect(await verify(org)).toEqual({
        ok: false,
        first_broken: { seq: 4, id: null, reason: 'missing_entry' },
      });
    });
  });

  describe('listing and export', () => {
    let org: Organization;
    const alice = newId('user');
    const key = newId('apiKey');
    const system = newId('system');
    const at = (iso: string) => ({ at: new Date(iso) });

    beforeAll(async () => {
      org = await organization();
      await publishAndWait(org.id, [
        recorded(
          org.id,
          { actor_type: 'user', actor_id: alice, action: 'system.registered', target_id: system },
          at('2026-01-01T10:00:00.000Z'),
        ),
        recorded(
          org.id,
          { actor_type: 'user', actor_id: alice, target_id: system, user_agent: 'Agent, "quoted"\r\nline' },
          at('2026-01-02T10:00:00.000Z'),
        ),
        recorded(
          org.id,
          { actor_id: key, action: 'policy.created', target_type: 'policy' },
          at('2026-01-03T10:00:00.000Z'),
        ),
        recorded(org.id, { actor_id: key, target_id: system }, at('2026-01-04T10:00:00.000Z')),
        recorded(
          org.id,
          { actor_type: 'service', actor_id: 'reports', action: 'report.generated', target_type: 'report' },
          at('2026-01-05T10:00:00.000Z'),
        ),
      ]);
    });

    const actions = (entries: AuditEntryResponse[]) => entries.map((entry) => entry.action);

    it('filters by actor, action, target and time, newest first', async () => {
      expect(actions((await page(org, `?actor=${alice}`)).data)).toEqual([
        'system.updated',
        'system.registered',
      ]);
      expect((await page(org, '?actor_type=service&actor=reports')).data).toHaveLength(1);
      expect(actions((await page(org, '?action=system.updated')).data)).toHaveLength(2);
      expect(
        (await page(org, `?target_type=system&target_id=${system}`)).data.map((entry) => entry.occurred_at),
      ).toEqual(['2026-01-04T10:00:00.000Z', '2026-01-02T10:00:00.000Z', '2026-01-01T10:00:00.000Z']);
      expect(
        actions((await page(org, '?from=2026-01-02T10:00:00.000Z&to=2026-01-04T10:00:00.000Z')).data),
      ).toEqual(['policy.created', 'system.updated']);
      expect((await page(org, `?actor=${alice}&action=policy.created`)).data).toEqual([]);
    });

    it('pages with a cursor through every entry once, in order', async () => {
      const whole = (await page(org, '?limit=100')).data;
      expect(whole.length).toBe(8);
      const paged = await allPages(org, '', 3);
      expect(paged.map((entry) => entry.id)).toEqual(whole.map((entry) => entry.id));
      const filtered = await allPages(org, `&target_id=${system}`, 2);
      expect(filtered.map((entry) => entry.occurred_at)).toEqual([
        '2026-01-04T10:00:00.000Z',
        '2026-01-02T10:00:00.000Z',
        '2026-01-01T10:00:00.000Z',
      ]);
    });

    it('answers bad filters with 400 and the uniform error body', async () => {
      for (const query of [
        '?limit=0',
        '?limit=101',
        '?actor_type=robot',
        '?from=yesterday',
        '?to=2026-13-01T00:00:00Z',
        '?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z',
        '?cursor=not-a-cursor',
        '?unknown=1',
        `?actor=${'x'.repeat(201)}`,
        '?action=a%00b',
      ]) {
        const reply = await get(org, `/api/service/audit${query}`);
        expect([query, reply.statusCode]).toEqual([query, 400]);
        expect(reply.json()).toEqual({
          error: { code: 'validation_failed', message: expect.any(String), details: expect.any(Array) },
        });
      }
      const noFormat = await get(org, '/api/service/audit/export');
      expect(noFormat.statusCode).toBe(400);
      expect(noFormat.json()).toMatchObject({ error: { details: [{ field: 'format' }] } });
      expect((await get(org, '/api/service/audit/export?format=xml')).statusCode).toBe(400);
      expect((await get(org, '/api/service/audit/export?format=csv&from=nope')).statusCode).toBe(400);
    });

    it('exports every matching entry as CSV with a header row, quoted as RFC 4180 says', async () => {
      const reply = await get(org, `/api/service/audit/export?format=csv&target_id=${system}`);
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(reply.headers['content-disposition']).toBe('attachment; filename="audit-trail.csv"');
      const lines = reply.body.split('\r\n');
      expect(lines[0]).toBe(
        'id,organization_id,seq,occurred_at,actor_type,actor_id,service,action,target_type,target_id,' +
          'address,user_agent,before,after,previous_hash,hash',
      );
      // Three records (one spans two lines inside its quotes), then the final CRLF.
      expect(reply.body).toContain(`,"Agent, ""quoted""\r\nline",`);
      expect(reply.body).toContain(',"{""risk_tier"":""unclassified""}","{""risk_tier"":""high""}",');
      expect(lines.filter((line) => line.includes(system))).toHaveLength(3);
      expect(lines[lines.length - 1]).toBe('');
    });

    it('exports every entry as one JSON array, exactly as listed, hashes included', async () => {
      const reply = await get(org, '/api/service/audit/export?format=json');
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(reply.headers['content-disposition']).toBe('attachment; filename="audit-trail.json"');
      const exported = reply.json<AuditEntryResponse[]>();
      expect(exported).toEqual((await page(org, '?limit=100')).data);
      for (const entry of exported) expect(documentedHash(entry)).toBe(entry.hash);
      const none = await get(org, '/api/service/audit/export?format=json&actor=nobody');
      expect(none.json()).toEqual([]);
    });
  });

  it('is read by owners, admins, auditors and full keys only', async () => {
    const org = await organization();
    const readOnly = issueApiKey();
    await harness.sql.query(
      `INSERT INTO tenancy.api_keys (id, organization_id, secret_sha256, scope) VALUES ($1, $2, $3, 'read_only')`,
      [readOnly.keyId, org.id, readOnly.secretSha256],
    );
    const member = async (role: string): Promise<Record<string, string>> => {
      const userId = newId('user');
      const session = issueCredential('session');
      await harness.sql.query(`INSERT INTO tenancy.users (id, email, name) VALUES ($1, $2, 'Person')`, [
        userId,
        `${userId}@example.com`,
      ]);
      await harness.sql.query(
        'INSERT INTO tenancy.memberships (organization_id, user_id, role) VALUES ($1, $2, $3)',
        [org.id, userId, role],
      );
      await harness.sql.query(
        'INSERT INTO tenancy.sessions (id, user_id, secret_sha256) VALUES ($1, $2, $3)',
        [session.id, userId, session.secretSha256],
      );
      return { cookie: `service_session=${session.token}` };
    };
    for (const path of [
      '/api/service/audit',
      '/api/service/audit/verify',
      '/api/service/audit/export?format=csv',
    ]) {
      expect([path, (await harness.request('GET', path)).statusCode]).toEqual([path, 401]);
      expect([path, (await harness.request('GET', path, readOnly.apiKey)).statusCode]).toEqual([path, 403]);
      expect([path, (await harness.request('GET', path, org.api_key)).statusCode]).toEqual([path, 200]);
      for (const [role, status] of [
        ['auditor', 200],
        ['owner', 200],
        ['admin', 200],
        ['editor', 403],
        ['viewer', 403],
      ] as const) {
        const reply = await harness.request('GET', path, undefined, undefined, await member(role));
        expect([path, role, reply.statusCode]).toEqual([path, role, status]);
      }
    }
    const refused = await harness.request('GET', '/api/service/audit', readOnly.apiKey);
    expect(refused.json()).toMatchObject({ error: { code: 'forbidden' } });
  });

  it('keeps its dead letters, served by the admin API at /admin/v1/identity', async () => {
    const reply = await harness.request('GET', '/admin/v1/identity/dead-letters', ADMIN_TOKEN);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ data: [] });
    expect((await harness.request('GET', '/admin/v1/identity/dead-letters')).statusCode).toBe(401);
  });

  it('writes its own changes to the outbox with the audit event, in the same transaction', async () => {
    const org = await organization();
    const entries = (await readOutbox(harness, 'tenancy', 'audit.recorded')).filter(
      (entry) => entry.key === org.id,
    );
    expect(entries.map((entry) => entry.record.details['action'])).toEqual([
      'organization.created',
      'api_key.created',
    ]);
  });

  // Last: a sweep at a time to come deletes the entries of every organization so far.
  it('deletes entries past retention from the start of each chain; verification starts at the checkpoint', async () => {
    const retention = harness.service.app.get(AuditRetention);
    const now = Date.now();
    const org = await organization();
    // seq 3 now; seq 4 in 40 days (a clock ahead); the sentinel, seq 5, now again.
    await publishAndWait(org.id, [
      recorded(org.id, {}, { at: new Date(now) }),
      recorded(org.id, {}, { at: new Date(now + 40 * DAY_MS) }),
    ]);
    const entries = await chainOf(org);
    expect(entries.map((entry) => entry.seq)).toEqual([1, 2, 3, 4, 5]);
    const tampered = await organization();
    await tamper(
      `UPDATE tenancy.audit_entries SET actor_id = 'someone' WHERE organization_id = $1 AND seq = 1`,
      [tampered.id],
    );

    expect(await retention.run()).toBe(0);
    expect(await entriesOf(org.id)).toBe(5);

    // Past the retention of today's entries, the chain's prefix up to seq 3 goes; seq 5 is as old as
    // seq 3, but stays behind seq 4, which is not due yet.
    await retention.deleteExpiredAsOf(new Date(now + (RETENTION_DAYS + 1) * DAY_MS));
    expect((await chainOf(org)).map((entry) => entry.seq)).toEqual([4, 5]);
    expect(await verify(org)).toEqual({
      ok: true,
      entries: 2,
      head: { seq: 5, hash: entries[4]!.hash },
      checkpoint: { seq: 3, hash: entries[2]!.hash },
    });
    // A chain that does not verify keeps its entries: retention never deletes the evidence.
    expect(await entriesOf(tampered.id)).toBe(2);
    expect(await verify(tampered)).toMatchObject({
      ok: false,
      first_broken: { seq: 1, reason: 'hash_mismatch' },
    });

    // New entries link on from the head, and the chain still verifies.
    await publishAndWait(org.id, [recorded(org.id)]);
    const after = await chainOf(org);
    expect(after.map((entry) => entry.seq)).toEqual([4, 5, 6, 7]);
    expect(after[0]!.previous_hash).toBe(entries[2]!.hash);
    expect(await verify(org)).toMatchObject({ ok: true, entries: 4, checkpoint: { seq: 3 } });
  });
});
