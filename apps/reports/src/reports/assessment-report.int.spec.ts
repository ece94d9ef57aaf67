import { newId } from '@governance/contracts';
import { type OutboxMessage } from '@governance/messaging';
import { type ServiceHarness } from '@governance/testing';
import { pdfText } from '../testing/pdf-text';
import {
  completeDetails,
  eventually,
  findingDetails,
  publicMessage,
  type ReportRecord,
  REPORTS_PATH,
  ReportsHarness,
  systemCreated,
  systemSnapshot,
  type TestOrganization,
  waitForProcessed,
} from '../testing/reports-harness';

/** `assessment.complete` queues a PDF report that its `report_url` leads to. */
describe('automatic assessment reports', () => {
  let harness: ServiceHarness;
  let org: TestOrganization;
  let processed = 0;

  const publish = async (messages: OutboxMessage[]): Promise<void> => {
    await harness.publishMessages(messages);
    processed += messages.length;
    await waitForProcessed(harness, processed);
  };
  const reportLink = (assessmentId: string, apiKey = org.apiKey) =>
    harness.request('GET', `${REPORTS_PATH}/assessments/${assessmentId}`, apiKey);
  const awaitRedirect = async (assessmentId: string): Promise<string> =>
    await eventually(
      async () => {
        const response = await reportLink(assessmentId);
        return response.statusCode === 303 && String(response.headers['location']);
      },
      30_000,
      `the report of ${assessmentId}`,
    );

  beforeAll(async () => {
    harness = await ReportsHarness.start();
    org = await harness.createOrganization();
  }, 120_000);

  afterAll(async () => {
    await harness.close();
  });

  it('waits for the findings announced by findings_count, then redirects to the signed PDF', async () => {
    const system = newId('system');
    const assessment = newId('assessment');
    await publish([
      systemCreated(org.id, systemSnapshot({ system_id: system, name: 'Support Bot' })),
      publicMessage(org.id, 'assessment.complete', completeDetails(assessment, { findings_count: 2 }), {
        severity: 'INFO',
        systemId: system,
      }),
    ]);
    const queued = await reportLink(assessment);
    expect(queued.statusCode).toBe(202);
    expect(queued.json<ReportRecord>()).toMatchObject({
      id: expect.stringMatching(/^rpt_/),
      type: 'assessment',
      format: 'pdf',
      status: 'queued',
      download_url: null,
    });
    // The findings are still on their way (default grace 30 s): the worker leaves the report alone.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await reportLink(assessment)).json<ReportRecord>().status).toBe('queued');

    await publish([
      publicMessage(org.id, 'finding.created', findingDetails(assessment, 'EU_AI_ACT:Art.4'), {
        severity: 'MEDIUM',
        systemId: system,
      }),
      publicMessage(org.id, 'finding.created', findingDetails(assessment, 'EU_AI_ACT:Art.5(1)(a)'), {
        severity: 'CRITICAL',
        systemId: system,
      }),
    ]);
    const location = await awaitRedirect(assessment);
    expect(location).toMatch(
      /^https:\/\/governance\.example\/api\/service\/reports\/rpt_[0-9A-Z]{26}\/download\?expires=\d+&signature=[0-9a-f]{64}$/,
    );
    const url = new URL(location);
    const file = await harness.request('GET', `${url.pathname}${url.search}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const flat = (await pdfText(file.rawPayload)).text.replace(/\s+/g, ' ');
    expect(flat).toContain('Assessment report: EU Artificial Intelligence Act');
    expect(flat).toContain(assessment);
    expect(flat).toContain('EU_AI_ACT:Art.4');
    expect(flat).toContain('EU_AI_ACT:Art.5(1)(a)');
    expect(flat).toContain('Page 1 of');
  });

  it('generates at once when the findings arrived first, and a redelivery changes nothing', async () => {
    const system = newId('system');
    const assessment = newId('assessment');
    const finding = publicMessage(org.id, 'finding.created', findingDetails(assessment, 'EU_AI_ACT:Art.4'), {
      severity: 'HIGH',
      systemId: system,
    });
    const complete = publicMessage(
      org.id,
      'assessment.complete',
      completeDetails(assessment, { findings_count: 1 }),
      {
        severity: 'INFO',
        systemId: system,
      },
    );
    await publish([finding, complete]);
    await awaitRedirect(assessment);
    const snapshot = async (): Promise<unknown> =>
      await harness.sql.query(
        `SELECT (SELECT count(*)::int FROM reports.reports WHERE assessment_id = $1) AS reports,
           (SELECT count(*)::int FROM reports.findings WHERE assessment_id = $1) AS findings,
           (SELECT count(*)::int FROM reports.assessments WHERE assessment_id = $1) AS assessments,
           (SELECT count(*)::int FROM reports.processed_events WHERE consumer_group = 'reports.read-model') AS processed,
           (SELECT max(completed_at) FROM reports.reports WHERE assessment_id = $1) AS completed_at`,
        [assessment],
      );
    const before = await snapshot();
    // The same records again (same event ids), then a fresh one that shows the redeliveries were consumed.
    await harness.publishMessages([finding, complete]);
    await publish([
      publicMessage(org.id, 'finding.created', findingDetails(newId('assessment'), 'EU_AI_ACT:Art.4'), {
        severity: 'MEDIUM',
        systemId: system,
      }),
    ]);
    const after = (await snapshot()) as Array<{ processed: number }>;
    expect(after).toEqual([
      { ...(before as Array<{ processed: number }>)[0], processed: after[0]!.processed },
    ]);
    expect(after[0]!.processed).toBe((before as Array<{ processed: number }>)[0]!.processed + 1);
  });

  it('builds an assessment report on request from the assessment id', async () => {
    const system = newId('system');
    const assessment = newId('assessment');
    await publish([
      publicMessage(org.id, 'finding.created', findingDetails(assessment, 'EU_AI_ACT:Art.4'), {
        severity: 'MEDIUM',
        systemId: system,
      }),
      publicMessage(
        org.id,
        'assessment.complete',
        completeDetails(assessment, { score: 0.55, findings_count: 1 }),
        {
          severity: 'INFO',
          systemId: system,
        },
      ),
    ]);
    const posted = await harness.request('POST', REPORTS_PATH, org.apiKey, {
      type: 'assessment',
      format: 'json',
      assessment_id: assessment,
    });
    expect(posted.statusCode).toBe(202);
    const id = posted.json<{ id: string }>().id;
    const record = await eventually(
      async () => {
        const body = (await harness.request('GET', `${REPORTS_PATH}/${id}`, org.apiKey)).json<ReportRecord>();
        return body.status === 'complete' && body;
      },
      30_000,
      'the requested assessment report',
    );
    const url = new URL(record.download_url!);
    const content = (await harness.request('GET', `${url.pathname}${url.search}`)).json<{
      scope: { assessment_id: string; framework: string };
      summary: { assessments: number; average_score: number; findings: number };
      incidents: unknown[];
    }>();
    expect(content.scope).toMatchObject({ assessment_id: assessment, framework: 'EU_AI_ACT' });
    expect(content.summary).toMatchObject({ assessments: 1, average_score: 0.55, findings: 1 });
    expect(content.incidents).toEqual([]);
    // The automatic report of the same assessment stays a record of its own.
    const origins = await harness.sql.query<Array<{ origin: string }>>(
      'SELECT origin FROM reports.reports WHERE assessment_id = $1 ORDER BY origin',
      [assessment],
    );
    expect(origins.map((row) => row.origin)).toEqual(['assessment_complete', 'request']);
  });

  it('answers 404 for an assessment this organization has no report of, and 401 without a key', async () => {
    const other = await harness.createOrganization();
    const assessment = newId('assessment');
    await publish([
      publicMessage(org.id, 'assessment.complete', completeDetails(assessment), {
        severity: 'INFO',
        systemId: null,
      }),
    ]);
    await awaitRedirect(assessment);
    expect((await reportLink(assessment, other.apiKey)).statusCode).toBe(404);
    expect((await reportLink(newId('assessment'))).statusCode).toBe(404);
    expect((await reportLink('asmnt_bogus')).statusCode).toBe(404);
    expect((await harness.request('GET', `${REPORTS_PATH}/assessments/${assessment}`)).statusCode).toBe(401);
  });
});
