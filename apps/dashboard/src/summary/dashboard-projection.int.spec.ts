import { FRAMEWORK_KEYS } from '@governance/frameworks';
import { newId } from '@governance/contracts';
import { type ConsumedEvent, type OutboxMessage } from '@governance/messaging';
import {
  createTestDatabase,
  openDataSource,
  type ServiceHarness,
  type TestDatabase,
} from '@governance/testing';
import { ProjectionConsumer } from '../projection/projection.consumer';
import { rebuildDashboard } from '../rebuild/rebuild-projection';
import {
  DASHBOARD_PATH,
  DashboardHarness,
  policiesMessage,
  policySnapshot,
  probesMessage,
  publicMessage,
  systemSnapshot,
  systemsMessage,
  type TestOrganization,
  waitForProcessed,
} from '../testing/dashboard-harness';

const HOUR = 60 * 60 * 1000;
const ago = (ms: number): string => new Date(Date.now() - ms).toISOString();

/** Assessment ids are time-ordered; distinct milliseconds keep "newer" unambiguous in the test. */
const assessmentIds = (count: number): string[] => {
  const start = Date.now() - 10_000;
  return Array.from({ length: count }, (_, index) => newId('assessment', start + index * 1_000));
};

interface Scenario {
  messages: OutboxMessage[];
  supportBot: string;
  shadow: string;
  policy: string;
}

/**
 * One organization's history: four systems (one only announced publicly, one with a stale snapshot
 * arriving late), two probes (one disconnected), three policies (one updated, one disabled, one deleted), assessments
 * superseding each other, violations inside and outside the 24 h window, and one drift alert.
 */
function scenario(org: string): Scenario {
  const supportBot = newId('system');
  const shadow = newId('system');
  const retired = newId('system');
  const documented = newId('system');
  const [a1, a2, a3, a4] = assessmentIds(4) as [string, string, string, string];
  const policy = newId('policy');
  const deletedPolicy = newId('policy');
  const [prb1, prb2, prb3] = [newId('probe'), newId('probe'), newId('probe')];
  const fresh = ago(1_000);
  const finding = (id: string, assessment: string, framework: string) => ({
    finding_id: newId('finding'),
    title: `Finding ${id}`,
    description: 'd',
    control: `${framework}:1`,
    framework,
    system_name: 'Support Bot',
    assessment_id: assessment,
    remediation_id: newId('remediation'),
  });
  const complete = (assessment: string, framework: string, verdict: string, score: number) => ({
    assessment_id: assessment,
    verdict,
    score,
    findings_count: 0,
    high_findings: 0,
    medium_findings: 0,
    framework,
    report_url: 'https://reports.example/x',
  });
  const messages: OutboxMessage[] = [
    systemsMessage(
      org,
      'system.created',
      systemSnapshot({ system_id: supportBot, name: 'Support Bot', risk_tier: 'high', updated_at: fresh }),
    ),
    systemsMessage(
      org,
      'system.created',
      systemSnapshot({
        system_id: shadow,
        name: 'gpt-caller',
        declared: false,
        registration_source: 'shadow_ai_discovery',
        discovery_method: 'observed_endpoint',
      }),
    ),
    systemsMessage(
      org,
      'system.created',
      systemSnapshot({ system_id: retired, name: 'Old Bot', risk_tier: 'minimal', status: 'retired' }),
    ),
    // A stale snapshot delivered late must not win over the newer one.
    systemsMessage(
      org,
      'system.updated',
      systemSnapshot({
        system_id: supportBot,
        name: 'Stale name',
        risk_tier: 'minimal',
        updated_at: ago(HOUR),
      }),
    ),
    publicMessage(
      org,
      'system.registered',
      {
        system_name: 'Doc Bot',
        registration_source: 'api',
        discovery_method: 'manual',
        host: 'h',
        runtime: 'r',
        declared: true,
      },
      { severity: 'INFO', systemId: documented },
    ),
    probesMessage(org, 'probe.registered', {
      probe_id: prb1,
      probe_name: 'edge-0',
      system_id: supportBot,
      host: 'h',
      runtime: null,
      environment: null,
      version: null,
      registered_at: ago(HOUR),
    }),
    probesMessage(org, 'probe.registered', {
      probe_id: prb2,
      probe_name: 'edge-1',
      system_id: supportBot,
      host: 'h',
      runtime: null,
      environment: null,
      version: null,
      registered_at: ago(HOUR),
    }),
    // The retired system's probe fell silent: expected, so neither counted nor held against the score.
    probesMessage(org, 'probe.registered', {
      probe_id: prb3,
      probe_name: 'old-edge',
      system_id: retired,
      host: 'h',
      runtime: null,
      environment: null,
      version: null,
      registered_at: ago(2 * HOUR),
    }),
    probesMessage(org, 'probe.connection_changed', {
      probe_id: prb3,
      system_id: retired,
      connection: 'disconnected',
      last_seen_at: ago(HOUR),
    }),
    probesMessage(org, 'probe.heartbeat', {
      probe_id: prb1,
      system_id: supportBot,
      status: 'healthy',
      version: null,
      uptime_seconds: 5,
      queue_depth: 0,
      received_at: fresh,
    }),
    probesMessage(org, 'probe.connection_changed', {
      probe_id: prb2,
      system_id: supportBot,
      connection: 'disconnected',
      last_seen_at: ago(HOUR / 2),
    }),
    publicMessage(
      org,
      'probe.disconnected',
      {
        probe_id: prb2,
        probe_name: 'edge-1',
        last_seen_at: ago(HOUR / 2),
        silence_duration_seconds: 360,
        environment: 'prod',
      },
      { severity: 'HIGH', systemId: supportBot },
    ),
    policiesMessage(org, 'policy.created', policySnapshot({ policy_id: policy, version: 1 })),
    policiesMessage(
      org,
      'policy.updated',
      policySnapshot({ policy_id: policy, version: 2, enforcement_mode: 'WARN' }),
    ),
    policiesMessage(org, 'policy.updated', policySnapshot({ policy_id: policy, version: 1 })),
    policiesMessage(org, 'policy.created', policySnapshot({ status: 'disabled' })),
    policiesMessage(org, 'policy.created', policySnapshot({ policy_id: deletedPolicy, version: 1 })),
    policiesMessage(org, 'policy.deleted', policySnapshot({ policy_id: deletedPolicy, version: 2 })),
    publicMessage(org, 'finding.created', finding('f1', a1, 'EU_AI_ACT'), {
      severity: 'HIGH',
      systemId: supportBot,
    }),
    publicMessage(org, 'finding.created', finding('f2', a1, 'EU_AI_ACT'), {
      severity: 'CRITICAL',
      systemId: supportBot,
    }),
    publicMessage(org, 'assessment.complete', complete(a1, 'EU_AI_ACT', 'fail', 0.3), {
      severity: 'INFO',
      systemId: supportBot,
    }),
    // a2 supersedes a1: only its finding is open, and its verdict counts. Its completion comes first.
    publicMessage(org, 'assessment.complete', complete(a2, 'EU_AI_ACT', 'pass', 0.9), {
      severity: 'INFO',
      systemId: supportBot,
    }),
    publicMessage(org, 'finding.created', finding('f3', a2, 'EU_AI_ACT'), {
      severity: 'MEDIUM',
      systemId: supportBot,
    }),
    publicMessage(org, 'finding.created', finding('f4', a3, 'EU_AI_ACT'), {
      severity: 'HIGH',
      systemId: shadow,
    }),
    publicMessage(org, 'assessment.complete', complete(a3, 'EU_AI_ACT', 'conditional', 0.6), {
      severity: 'INFO',
      systemId: shadow,
    }),
    publicMessage(org, 'assessment.complete', complete(a4, 'NIST_AI_RMF', 'fail', 0.37), {
      severity: 'INFO',
      systemId: supportBot,
    }),
    ...[1, 2].map((n) =>
      publicMessage(
        org,
        'policy.violated',
        {
          violation_id: newId('violation'),
          policy_id: policy,
          policy_name: 'PII egress',
          enforcement_mode: 'BLOCK',
          action_taken: 'blocked',
          probe_id: prb1,
          input_hash: `sha256:${'0'.repeat(64)}`,
          context: `c${n}`,
        },
        { severity: 'HIGH', systemId: supportBot },
      ),
    ),
    publicMessage(
      org,
      'policy.violated',
      {
        violation_id: newId('violation'),
        policy_id: policy,
        policy_name: 'PII egress',
        enforcement_mode: 'BLOCK',
        action_taken: 'blocked',
        probe_id: prb1,
        input_hash: `sha256:${'0'.repeat(64)}`,
        context: 'old',
      },
      { severity: 'HIGH', systemId: supportBot, timestamp: ago(3 * 24 * HOUR) },
    ),
    publicMessage(
      org,
      'drift.detected',
      {
        drift_id: newId('drift'),
        system_name: 'Support Bot',
        drift_score: 0.31,
        baseline_score: 0.05,
        delta: 0.26,
        detection_layer: 'output',
        description: 'd',
        recommended_action: 'r',
      },
      { severity: 'HIGH', systemId: supportBot },
    ),
  ];
  return { messages, supportBot, shadow, policy };
}

describe('dashboard projection (Postgres event log)', () => {
  let database: TestDatabase;
  let harness: ServiceHarness;
  let org: TestOrganization;
  let other: TestOrganization;
  let seeded: Scenario;
  let processed = 0;

  const get = async (path: string, key = org.apiKey) => {
    const response = await harness.request('GET', `${DASHBOARD_PATH}${path}`, key);
    expect(response.statusCode).toBe(200);
    return response.json<Record<string, unknown>>();
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    harness = await DashboardHarness.start({ database });
    [org, other] = await Promise.all([harness.createOrganization(), harness.createOrganization('free')]);
    seeded = scenario(org.id);
    const noise = [
      systemsMessage(other.id, 'system.created', systemSnapshot({ declared: false })),
      publicMessage(
        other.id,
        'policy.violated',
        {
          violation_id: newId('violation'),
          // The same policy id as the organization's own: policy_id must still keep the tenants apart.
          policy_id: seeded.policy,
          policy_name: 'X',
          enforcement_mode: 'WARN',
          action_taken: 'warned',
          probe_id: newId('probe'),
          input_hash: `sha256:${'0'.repeat(64)}`,
          context: '',
        },
        { severity: 'CRITICAL', systemId: null },
      ),
    ];
    await harness.publishMessages([...seeded.messages, ...noise]);
    processed = seeded.messages.length + noise.length;
    await waitForProcessed(harness, processed);
  });

  afterAll(async () => {
    await harness.close();
    await database.drop();
  });

  it('answers an organization with nothing yet with the onboarding state', async () => {
    const fresh = await harness.createOrganization();
    const summary = await get('/summary', fresh.apiKey);
    expect(summary).toMatchObject({
      governance_score: 0,
      average_assessment_score: null,
      score_breakdown: { state: 'onboarding' },
      systems: { total: 0, declared: 0, shadow: 0 },
      findings: { open: 0 },
      violations_24h: 0,
      updated_at: null,
    });
  });

  it('projects the events into the summary numbers', async () => {
    const summary = await get('/summary');
    expect(summary).toMatchObject({
      // The retired Old Bot (declared, minimal) is counted as retired only.
      systems: {
        total: 3,
        declared: 2,
        shadow: 1,
        by_risk_tier: { unacceptable: 0, high: 1, limited: 0, minimal: 0, unclassified: 2 },
        by_status: { active: 3, retired: 1 },
      },
      probes: { total: 2, connected: 1, disconnected: 1 },
      findings: { open: 2, by_severity: { CRITICAL: 0, HIGH: 1, MEDIUM: 1, INFO: 0 } },
      compliance: { frameworks_assessed: 2, passing: 0, conditional: 1, failing: 1 },
      policies: { active: 1, block: 0, warn: 1 },
      violations_24h: 2,
      drift_alerts_7d: 1,
    });
    // compliance (1 + 0.5 + 0) / 3 × 40 = 20; findings (1 − 7/50) × 25 = 21.5; coverage 2/3 × 15 = 10;
    // runtime ((1 − 0.2) + (1 − 0.2) + 0.5) / 3 × 20 = 14.
    expect(summary['governance_score']).toBe(Math.round(20 + 21.5 + 10 + 14));
    // The latest assessment of each system and framework: a2 (0.9), a3 (0.6), a4 (0.37); a1 is superseded.
    expect(summary['average_assessment_score']).toBeCloseTo((0.9 + 0.6 + 0.37) / 3, 4);
    expect(summary['score_breakdown']).toMatchObject({
      state: 'scored',
      compliance: { weight: 40, points: 20 },
    });
    expect(typeof summary['updated_at']).toBe('string');
  });

  it('shows compliance per framework by its worst system', async () => {
    const { data } = (await get('/compliance-status')) as { data: Array<Record<string, unknown>> };
    // Every framework of the catalog, in its order; those without verdicts are not assessed.
    const assessed: Record<string, string> = { EU_AI_ACT: 'conditional', NIST_AI_RMF: 'fail' };
    expect(data.map((entry) => [entry['framework'], entry['status']])).toEqual(
      FRAMEWORK_KEYS.map((key) => [key, assessed[key] ?? 'not_assessed']),
    );
    expect(data[0]).toMatchObject({ score: 0.75, systems_assessed: 2 });
    expect(data.find((entry) => entry['framework'] === 'ISO_42001')).toMatchObject({
      score: null,
      systems_assessed: 0,
      last_assessed_at: null,
    });
  });

  it('lists activity newest first with human summaries, filters and pages', async () => {
    const all = (await get('/activity?limit=100')) as {
      data: Array<Record<string, string>>;
      next_cursor: unknown;
    };
    // The two findings of the first assessment are one entry.
    const publicCount = seeded.messages.filter((message) => !message.topic.includes('internal')).length;
    expect(all.data).toHaveLength(publicCount - 1);
    expect(all.next_cursor).toBeNull();
    const times = all.data.map((entry) => entry['timestamp']!);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.data.map((entry) => entry['summary'])).toEqual(
      expect.arrayContaining([
        "Policy 'PII egress' blocked a request on Support Bot",
        'Support Bot drifted on the output layer (PSI 0.31, HIGH)',
        'Probe edge-1 disconnected after 6 minutes of silence',
        'Assessment of Support Bot against NIST_AI_RMF: fail (score 0.37)',
        'Assessment of Support Bot against EU_AI_ACT: 2 findings (1 critical, 1 high)',
      ]),
    );
    const group = all.data.find((entry) => String(entry['summary']).includes('2 findings'));
    expect(group).toMatchObject({ event: 'finding.created', severity: 'CRITICAL', count: 2 });
    const counted = (await get('/activity?limit=2&with_total=true')) as { total: number };
    expect(counted.total).toBe(publicCount - 1);

    const violations = (await get('/activity?event=policy.violated')) as { data: unknown[] };
    expect(violations.data).toHaveLength(3);
    const recent = (await get(`/activity?event=policy.violated&since=${encodeURIComponent(ago(HOUR))}`)) as {
      data: unknown[];
    };
    expect(recent.data).toHaveLength(2);
    const shadow = (await get(`/activity?system_id=${seeded.shadow}`)) as {
      data: Array<Record<string, string>>;
    };
    expect(shadow.data.map((entry) => entry['event']).sort()).toEqual([
      'assessment.complete',
      'finding.created',
    ]);
    const withoutViolations = (await get(
      `/activity?system_id=${seeded.supportBot}&exclude_event=policy.violated&limit=100`,
    )) as { data: Array<Record<string, string>> };
    expect(withoutViolations.data.length).toBeGreaterThan(0);
    expect(withoutViolations.data.some((entry) => entry['event'] === 'policy.violated')).toBe(false);
    const critical = (await get('/activity?severity=CRITICAL')) as { data: Array<Record<string, string>> };
    expect(critical.data.map((entry) => entry['event'])).toEqual(['finding.created']);
    // Under a severity filter the group holds the matching findings only: one, told as itself.
    expect(critical.data[0]).toMatchObject({
      count: 1,
      summary: 'CRITICAL finding on Support Bot: Finding f2 (EU_AI_ACT:1)',
    });

    const pages: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (await get(`/activity?limit=4${cursor ? `&cursor=${cursor}` : ''}`)) as {
        data: Array<Record<string, string>>;
        next_cursor: string | null;
      };
      pages.push(...page.data.map((entry) => entry['id']!));
      cursor = page.next_cursor;
    } while (cursor);
    expect(pages).toEqual(all.data.map((entry) => entry['id']));
  });

  it('lists the violations of one policy, and nothing else, under policy_id', async () => {
    const of = async (query: string, apiKey?: string) =>
      ((await get(`/activity?${query}`, apiKey)) as { data: Array<Record<string, string>> }).data;
    const violations = await of(`policy_id=${seeded.policy}&limit=100`);
    expect(violations).toHaveLength(3);
    const firstPage = (await get(`/activity?policy_id=${seeded.policy}&limit=2&with_total=true`)) as {
      data: unknown[];
      total: number;
    };
    expect(firstPage).toMatchObject({ total: 3 });
    expect(firstPage.data).toHaveLength(2);
    expect(violations.every((entry) => entry['event'] === 'policy.violated')).toBe(true);
    expect(violations.map((entry) => entry['summary'])).toContain(
      "Policy 'PII egress' blocked a request on Support Bot",
    );
    expect(await of(`policy_id=${seeded.policy}&since=${encodeURIComponent(ago(HOUR))}`)).toHaveLength(2);
    expect(await of(`policy_id=${seeded.policy}&system_id=${seeded.supportBot}`)).toHaveLength(3);
    expect(await of(`policy_id=${seeded.policy}&system_id=${seeded.shadow}`)).toEqual([]);
    expect(await of(`policy_id=${seeded.policy}&event=drift.detected`)).toEqual([]);
    expect(await of(`policy_id=${newId('policy')}`)).toEqual([]);
    // Each organization sees its own violations only, even under the same policy id.
    const others = await of(`policy_id=${seeded.policy}`, other.apiKey);
    expect(others.map((entry) => entry['summary'])).toEqual([
      "Policy 'X' warned on a request on the organization",
    ]);

    const pages: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (await get(
        `/activity?policy_id=${seeded.policy}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      )) as { data: Array<Record<string, string>>; next_cursor: string | null };
      pages.push(...page.data.map((entry) => entry['id']!));
      cursor = page.next_cursor;
    } while (cursor);
    expect(pages).toEqual(violations.map((entry) => entry['id']));
  });

  it("never shows another organization's data", async () => {
    const summary = await get('/summary', other.apiKey);
    expect(summary).toMatchObject({
      systems: { total: 1, shadow: 1 },
      probes: { total: 0 },
      findings: { open: 0 },
      violations_24h: 1,
    });
    const activity = (await get('/activity', other.apiKey)) as { data: Array<Record<string, string>> };
    expect(activity.data).toHaveLength(1);
    const filtered = (await get(`/activity?system_id=${seeded.supportBot}`, other.apiKey)) as {
      data: unknown[];
    };
    expect(filtered.data).toEqual([]);
  });

  it('changes nothing when an event is delivered again', async () => {
    const before = await get('/summary');
    const consumer = harness.service.app.get(ProjectionConsumer);
    const again = (message: OutboxMessage): ConsumedEvent => ({
      ...message,
      consumerGroup: 'dashboard.projection',
    });
    // Once one at a time and once all together: batch boundaries differ from the first delivery's.
    for (const message of seeded.messages) await consumer.onEvents([again(message)]);
    await consumer.onEvents(seeded.messages.map(again));
    expect(await get('/summary')).toEqual(before);
    const activity = (await get('/activity?limit=100')) as { data: unknown[] };
    // The first assessment's two findings are one entry.
    expect(activity.data).toHaveLength(
      seeded.messages.filter((m) => !m.topic.includes('internal')).length - 1,
    );
  });

  it('skips malformed records without blocking the ones behind them', async () => {
    const system = newId('system');
    const broken = { ...systemsMessage(org.id, 'system.created', systemSnapshot()), payload: '{not json' };
    const incomplete = publicMessage(org.id, 'finding.created', { title: 'no ids' } as never, {
      severity: 'HIGH',
      systemId: system,
    });
    await harness.publishMessages([
      broken,
      incomplete,
      systemsMessage(org.id, 'system.created', systemSnapshot({ system_id: system })),
    ]);
    processed += 1;
    await waitForProcessed(harness, processed);
    const summary = (await get('/summary')) as { systems: { total: number }; findings: { open: number } };
    expect(summary.systems.total).toBe(4);
    expect(summary.findings.open).toBe(2);
  });

  it('rebuilds from the start of the log into exactly the state live consumption reached', async () => {
    const paths = [
      '/summary',
      '/compliance-status',
      '/activity?limit=100',
      `/activity?system_id=${seeded.supportBot}`,
    ];
    const keys = [org.apiKey, other.apiKey];
    const answers = async () => Promise.all(keys.flatMap((key) => paths.map((path) => get(path, key))));
    const live = await answers();
    await harness.close();

    const outcome = await rebuildDashboard({ DATABASE_URL: database.url, LOG_LEVEL: 'error' });
    expect(outcome).toEqual({ bus: 'event-log', checkpointsReset: expect.any(Number) as number });
    expect(outcome.checkpointsReset).toBeGreaterThan(0);
    const sql = await openDataSource(database, 1);
    try {
      const [row] = await sql.query<Array<{ count: number }>>(
        'SELECT (SELECT count(*) FROM dashboard.activity) + (SELECT count(*) FROM dashboard.systems) AS count',
      );
      expect(Number(row?.count)).toBe(0);
    } finally {
      await sql.destroy();
    }

    harness = await DashboardHarness.start({ database });
    await waitForProcessed(harness, processed);
    expect(await answers()).toEqual(live);
  });
});
