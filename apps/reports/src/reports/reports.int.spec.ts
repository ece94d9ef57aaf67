import { newId } from '@governance/contracts';
import { findControl } from '@governance/frameworks';
import { readAuditEntries, type ServiceHarness } from '@governance/testing';
import { linkSignature } from '../links/download-link';
import { pdfText } from '../testing/pdf-text';
import {
  awaitReport,
  completeDetails,
  downloadPath,
  findingDetails,
  publicMessage,
  type ReportRecord,
  REPORTS_PATH,
  ReportsHarness,
  systemCreated,
  systemSnapshot,
  TEST_SIGNING_KEY,
  type TestOrganization,
  waitForProcessed,
} from '../testing/reports-harness';

const ART_4 = findControl('EU_AI_ACT', 'Art.4')!;
const ART_5 = findControl('EU_AI_ACT', 'Art.5(1)(a)')!;
const GOVERN = findControl('NIST_AI_RMF', 'GOVERN-1.1')!;

interface Scenario {
  supportBot: string;
  scoring: string;
  euAssessment: string;
  nistAssessment: string;
  events: number;
}

/**
 * One organization's history: two systems, an EU AI Act assessment of one (superseding an older run)
 * and a NIST one of the other, their findings, and one of each runtime incident.
 */
async function publishScenario(harness: ServiceHarness, org: string): Promise<Scenario> {
  const supportBot = newId('system');
  const scoring = newId('system');
  const start = Date.now() - 60_000;
  const [oldRun, euAssessment, nistAssessment] = [0, 1, 2].map((index) =>
    newId('assessment', start + index * 1_000),
  ) as [string, string, string];
  const messages = [
    systemCreated(org, systemSnapshot({ system_id: supportBot, name: 'Support Bot', risk_tier: 'high' })),
    systemCreated(org, systemSnapshot({ system_id: scoring, name: 'Credit Scoring', risk_tier: 'limited' })),
    publicMessage(org, 'finding.created', findingDetails(oldRun, 'EU_AI_ACT:Art.9'), {
      severity: 'HIGH',
      systemId: supportBot,
    }),
    publicMessage(org, 'assessment.complete', completeDetails(oldRun, { score: 0.1, findings_count: 1 }), {
      severity: 'INFO',
      systemId: supportBot,
    }),
    publicMessage(org, 'finding.created', findingDetails(euAssessment, 'EU_AI_ACT:Art.4'), {
      severity: 'MEDIUM',
      systemId: supportBot,
    }),
    publicMessage(org, 'finding.created', findingDetails(euAssessment, 'EU_AI_ACT:Art.5(1)(a)'), {
      severity: 'CRITICAL',
      systemId: supportBot,
    }),
    publicMessage(
      org,
      'assessment.complete',
      completeDetails(euAssessment, { score: 0.4, findings_count: 2 }),
      {
        severity: 'INFO',
        systemId: supportBot,
      },
    ),
    publicMessage(
      org,
      'finding.created',
      findingDetails(nistAssessment, 'NIST_AI_RMF:GOVERN-1.1', { system_name: 'Credit Scoring' }),
      { severity: 'HIGH', systemId: scoring },
    ),
    publicMessage(
      org,
      'assessment.complete',
      completeDetails(nistAssessment, {
        framework: 'NIST_AI_RMF',
        verdict: 'pass',
        score: 0.8,
        findings_count: 1,
      }),
      { severity: 'INFO', systemId: scoring },
    ),
    publicMessage(
      org,
      'policy.violated',
      {
        violation_id: newId('violation'),
        policy_id: newId('policy'),
        policy_name: 'PII egress',
        enforcement_mode: 'BLOCK',
        action_taken: 'blocked',
        probe_id: newId('probe'),
        input_hash: `sha256:${'0'.repeat(64)}`,
        context: 'c',
      },
      { severity: 'HIGH', systemId: supportBot },
    ),
    publicMessage(
      org,
      'drift.detected',
      {
        drift_id: newId('drift'),
        system_name: 'Credit Scoring',
        drift_score: 0.4,
        baseline_score: 0.1,
        delta: 0.3,
        detection_layer: 'input',
        description: 'd',
        recommended_action: 'r',
      },
      { severity: 'MEDIUM', systemId: scoring },
    ),
    publicMessage(
      org,
      'probe.disconnected',
      {
        probe_id: newId('probe'),
        probe_name: 'edge-1',
        last_seen_at: new Date().toISOString(),
        silence_duration_seconds: 360,
        environment: 'prod',
      },
      { severity: 'HIGH', systemId: null },
    ),
  ];
  await harness.publishMessages(messages);
  return { supportBot, scoring, euAssessment, nistAssessment, events: messages.length };
}

describe('reports', () => {
  let harness: ServiceHarness;
  let org: TestOrganization;
  let other: TestOrganization;
  let scenario: Scenario;

  const post = (body: unknown, apiKey = org.apiKey) => harness.request('POST', REPORTS_PATH, apiKey, body);
  const generate = async (body: Record<string, unknown>, apiKey = org.apiKey): Promise<ReportRecord> => {
    const response = await post(body, apiKey);
    expect(response.statusCode).toBe(202);
    const queued = response.json<{ id: string; status: string }>();
    expect(queued).toEqual({ id: expect.stringMatching(/^rpt_[0-9A-Z]{26}$/), status: 'queued' });
    const record = await awaitReport(harness, apiKey, queued.id);
    expect([record.status, record.error]).toEqual(['complete', undefined]);
    return record;
  };
  const download = (record: ReportRecord) => harness.request('GET', downloadPath(record.download_url!));

  beforeAll(async () => {
    harness = await ReportsHarness.start();
    org = await harness.createOrganization();
    other = await harness.createOrganization();
    scenario = await publishScenario(harness, org.id);
    await waitForProcessed(harness, scenario.events);
  }, 120_000);

  afterAll(async () => {
    await harness.close();
  });

  it('builds a JSON compliance report from the events it consumed', async () => {
    const record = await generate({ type: 'compliance', format: 'json', period: '30d' });
    expect(record).toMatchObject({ type: 'compliance', format: 'json', completed_at: expect.any(String) });
    const response = await download(record);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="compliance-report-${record.id}.json"`,
    );
    expect(Number(response.headers['content-length'])).toBe(record.size_bytes);
    const content = response.json<{
      organization_id: string;
      organization_name: string;
      summary: Record<string, unknown>;
      assessments: Array<{ assessment_id: string; system_name: string; score: number }>;
      controls: Array<{ control: string; severity: string; remediation: string; findings: unknown[] }>;
      incidents: Array<{ event: string; summary: string }>;
    }>();
    expect(content.organization_id).toBe(org.id);
    expect(content.organization_name).toBe(`Org ${org.id}`);
    // The superseded EU run (and its Art.9 finding) is not in the report: only each pair's newest.
    expect(content.summary).toEqual({
      systems: 2,
      systems_by_risk_tier: { unacceptable: 0, high: 1, limited: 1, minimal: 0, unclassified: 0 },
      assessments: 2,
      average_score: 0.6,
      verdicts: { fail: 1, pass: 1 },
      findings: 3,
      findings_by_severity: { INFO: 0, MEDIUM: 1, HIGH: 1, CRITICAL: 1 },
      policy_violations: 1,
      drift_alerts: 1,
      probe_disconnects: 1,
    });
    expect(content.assessments.map((row) => [row.assessment_id, row.system_name, row.score]).sort()).toEqual(
      [
        [scenario.euAssessment, 'Support Bot', 0.4],
        [scenario.nistAssessment, 'Credit Scoring', 0.8],
      ].sort(),
    );
    expect(
      content.controls.map((control) => [control.control, control.severity, control.remediation]),
    ).toEqual([
      ['EU_AI_ACT:Art.5(1)(a)', 'CRITICAL', ART_5.remediation],
      ['NIST_AI_RMF:GOVERN-1.1', 'HIGH', GOVERN.remediation],
      ['EU_AI_ACT:Art.4', 'MEDIUM', ART_4.remediation],
    ]);
    expect(content.incidents.map((incident) => incident.event).sort()).toEqual([
      'drift.detected',
      'policy.violated',
      'probe.disconnected',
    ]);

    const audited = await readAuditEntries(harness, 'reports', record.id);
    expect(audited.map((entry) => [entry.action, entry.actor_type])).toEqual([
      ['report.requested', 'api_key'],
      ['report.generated', 'service'],
    ]);
    expect(audited[0]!.after).toMatchObject({ origin: 'request', type: 'compliance', format: 'json' });
    expect(audited[1]!.after).toEqual({
      status: 'complete',
      size_bytes: record.size_bytes,
      file_name: `compliance-report-${record.id}.json`,
    });
  });

  it('renders a system report as a PDF with its controls, severities, remediation and page numbers', async () => {
    const record = await generate({ type: 'system', format: 'pdf', system_id: scenario.supportBot });
    const response = await download(record);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="system-report-${record.id}.pdf"`,
    );
    const { text, pages } = await pdfText(response.rawPayload);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('System report: Support Bot');
    expect(flat).toContain('EU_AI_ACT:Art.4');
    expect(flat).toContain('EU_AI_ACT:Art.5(1)(a)');
    expect(flat).not.toContain('NIST_AI_RMF:GOVERN-1.1');
    expect(flat).toContain('CRITICAL');
    expect(flat).toContain('MEDIUM');
    expect(flat).toContain(ART_4.remediation.slice(0, 50));
    expect(flat).toContain('PII egress');
    expect(flat).toContain('Page 1 of');
    expect(flat).toContain(`Page ${pages} of ${pages}`);
  });

  it('writes the findings of a framework as CSV', async () => {
    const record = await generate({ type: 'compliance', format: 'csv', framework: 'EU_AI_ACT' });
    const response = await download(record);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="compliance-report-${record.id}.csv"`,
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      'framework,control,control_title,severity,finding_id,finding_title,system_id,system_name,assessment_id,remediation',
    );
    expect(lines.slice(1, -1).map((line) => line.split(',').slice(0, 4).join(','))).toEqual([
      `EU_AI_ACT,EU_AI_ACT:Art.5(1)(a),${ART_5.title},CRITICAL`,
      `EU_AI_ACT,EU_AI_ACT:Art.4,${ART_4.title},MEDIUM`,
    ]);
  });

  it('refuses forged, altered and expired links with 403 and the uniform body', async () => {
    const record = await generate({ type: 'executive', format: 'json' });
    const url = new URL(record.download_url!);
    expect(url.origin + url.pathname).toBe(
      `https://governance.example/api/service/reports/${record.id}/download`,
    );
    const expires = url.searchParams.get('expires')!;
    const signature = url.searchParams.get('signature')!;
    const path = `${REPORTS_PATH}/${record.id}/download`;
    const expectForbidden = async (target: string, message: RegExp): Promise<void> => {
      const response = await harness.request('GET', target);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: { code: 'forbidden', message: expect.stringMatching(message), details: null },
      });
    };
    const otherReport = await generate({ type: 'executive', format: 'csv' });
    await expectForbidden(`${path}?expires=${Number(expires) + 60}&signature=${signature}`, /not valid/);
    await expectForbidden(`${path}?expires=${expires}&signature=${'0'.repeat(64)}`, /not valid/);
    await expectForbidden(
      `${REPORTS_PATH}/${otherReport.id}/download?expires=${expires}&signature=${signature}`,
      /not valid/,
    );
    await expectForbidden(
      `${REPORTS_PATH}/${newId('report')}/download?expires=${expires}&signature=${signature}`,
      /not valid/,
    );
    await expectForbidden(`${path}?expires=${expires}`, /not valid/);
    await expectForbidden(`${path}`, /not valid/);
    // Correctly signed with the service's key, but its time is up.
    const past = Math.floor(Date.now() / 1000) - 1;
    const expired = linkSignature(
      Buffer.from(TEST_SIGNING_KEY),
      { reportId: record.id, organizationId: org.id },
      past,
    );
    await expectForbidden(`${path}?expires=${past}&signature=${expired}`, /expired/);
    expect((await download(record)).statusCode).toBe(200);
  });

  it("never shows or serves another organization's report", async () => {
    const record = await generate({ type: 'executive', format: 'pdf' });
    const missing = await harness.request('GET', `${REPORTS_PATH}/${record.id}`, other.apiKey);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'not_found' } });
    const listed = (await harness.request('GET', REPORTS_PATH, other.apiKey)).json<{ data: unknown[] }>();
    expect(listed.data).toEqual([]);
    // A link signed for the other organization does not open this one's report.
    const expires = Math.floor(Date.now() / 1000) + 600;
    const forOther = linkSignature(
      Buffer.from(TEST_SIGNING_KEY),
      { reportId: record.id, organizationId: other.id },
      expires,
    );
    const response = await harness.request(
      'GET',
      `${REPORTS_PATH}/${record.id}/download?expires=${expires}&signature=${forOther}`,
    );
    expect(response.statusCode).toBe(403);
    // Its systems are unknown to the other organization.
    const foreign = await post(
      { type: 'system', format: 'pdf', system_id: scenario.supportBot },
      other.apiKey,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({
      error: { code: 'not_found', details: [{ field: 'system_id', message: expect.any(String) }] },
    });
  });

  it('answers bad input with 4xx naming the fields, and writes no row', async () => {
    const before = await harness.count('reports.reports');
    const cases: Array<[unknown, number, string[]]> = [
      [{ type: 'weekly', format: 'pdf' }, 400, ['type']],
      [{ type: 'compliance', format: 'docx' }, 400, ['format']],
      [{ type: 'compliance' }, 400, ['format']],
      [{ type: 'compliance', format: 'pdf', framework: 'GDPR' }, 400, ['framework']],
      [{ type: 'compliance', format: 'pdf', colour: 'red' }, 400, ['colour']],
      [{ type: 'system', format: 'pdf' }, 400, ['system_id']],
      [{ type: 'system', format: 'pdf', system_id: 'not-an-id' }, 400, ['system_id']],
      [{ type: 'assessment', format: 'pdf' }, 400, ['assessment_id']],
      [
        { type: 'assessment', format: 'pdf', assessment_id: scenario.euAssessment, period: '7d' },
        400,
        ['period'],
      ],
      [{ type: 'compliance', format: 'pdf', assessment_id: scenario.euAssessment }, 400, ['assessment_id']],
      [{ type: 'compliance', format: 'pdf', period: 'last month' }, 400, ['period']],
      [{ type: 'compliance', format: 'pdf', period: { from: '2026-13-01' } }, 400, ['period.from']],
      [
        { type: 'compliance', format: 'pdf', period: { from: '2026-11-10', to: '2026-11-01' } },
        400,
        ['period.from'],
      ],
      [{ type: 'system', format: 'pdf', system_id: newId('system') }, 404, ['system_id']],
      [{ type: 'assessment', format: 'pdf', assessment_id: newId('assessment') }, 404, ['assessment_id']],
      [[1, 2], 400, ['body']],
    ];
    for (const [body, status, fields] of cases) {
      const response = await post(body);
      expect([JSON.stringify(body), response.statusCode]).toEqual([JSON.stringify(body), status]);
      const error = response.json<{ error: { code: string; details: Array<{ field: string }> } }>().error;
      expect(error.details.map((problem) => problem.field)).toEqual(expect.arrayContaining(fields));
    }
    const malformed = await harness.request('POST', REPORTS_PATH, org.apiKey, '{"type":', {});
    expect(malformed.statusCode).toBe(400);
    expect((await harness.request('GET', `${REPORTS_PATH}?status=done`, org.apiKey)).statusCode).toBe(400);
    expect((await harness.request('GET', `${REPORTS_PATH}?cursor=bogus`, org.apiKey)).statusCode).toBe(400);
    expect((await harness.request('GET', `${REPORTS_PATH}/rpt_nope`, org.apiKey)).statusCode).toBe(404);
    expect(
      (await harness.request('POST', REPORTS_PATH, undefined, { type: 'compliance', format: 'pdf' }))
        .statusCode,
    ).toBe(401);
    expect(await harness.count('reports.reports')).toBe(before);
  });

  it('names each listed report by its subject: system, framework and period, or the assessment it covers', async () => {
    await generate({ type: 'system', format: 'json', system_id: scenario.supportBot });
    await generate({ type: 'compliance', format: 'csv', framework: 'NIST_AI_RMF', period: '30d' });
    const list = async (type: string) =>
      (await harness.request('GET', `${REPORTS_PATH}?type=${type}`, org.apiKey)).json<{
        data: ReportRecord[];
      }>().data;
    expect((await list('system'))[0]!.subject).toBe('Support Bot · all time');
    expect((await list('compliance'))[0]!.subject).toMatch(
      /^NIST AI Risk Management Framework · \d{1,2} [A-Z][a-z]{2} \d{4} to \d{1,2} [A-Z][a-z]{2} \d{4}$/,
    );
    // The automatic report of each assessment: its system, framework and completion day.
    const automatic = (await list('assessment')).map((record) => record.subject);
    expect(automatic).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Support Bot · EU Artificial Intelligence Act · \d{1,2} [A-Z][a-z]{2} \d{4}$/),
        expect.stringMatching(/^Credit Scoring · NIST AI Risk Management Framework · /),
      ]),
    );
    for (const subject of automatic) expect(subject).not.toMatch(/(rpt|asmnt|sys)_/);
  });

  it('lists reports newest first, filtered by type and status, page by page', async () => {
    const own = await harness.createOrganization();
    await harness.publishMessages([systemCreated(own.id, systemSnapshot({ name: 'Listed Bot' }))]);
    const ids: string[] = [];
    for (const type of ['compliance', 'executive', 'compliance']) {
      ids.push((await generate({ type, format: 'json' }, own.apiKey)).id);
    }
    const list = async (query: string) =>
      (await harness.request('GET', `${REPORTS_PATH}${query}`, own.apiKey)).json<{
        data: ReportRecord[];
        next_cursor: string | null;
      }>();
    const all = await list('');
    expect(all.data.map((record) => record.id)).toEqual([...ids].reverse());
    expect(all.data[0]).toEqual({
      id: ids[2],
      type: 'compliance',
      subject: 'All frameworks · all time',
      format: 'json',
      status: 'complete',
      created_at: expect.any(String),
      completed_at: expect.any(String),
      size_bytes: expect.any(Number),
      download_url: expect.stringContaining(`/${ids[2]}/download?expires=`),
    });
    expect(all.next_cursor).toBeNull();
    expect((await list('?type=compliance')).data.map((record) => record.id)).toEqual([ids[2], ids[0]]);
    expect((await list('?status=queued')).data).toEqual([]);
    const first = await list('?limit=2');
    expect(first.data.map((record) => record.id)).toEqual([ids[2], ids[1]]);
    const second = await list(`?limit=2&cursor=${first.next_cursor}`);
    expect(second.data.map((record) => record.id)).toEqual([ids[0]]);
    expect(second.next_cursor).toBeNull();
  });
});
