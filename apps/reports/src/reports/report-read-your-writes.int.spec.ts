import { newId } from '@governance/contracts';
import { type ServiceHarness } from '@governance/testing';
import { type ReportContent } from '../content/report-content';
import {
  awaitReport,
  completeDetails,
  downloadPath,
  findingDetails,
  publicMessage,
  REPORTS_PATH,
  ReportsHarness,
  systemCreated,
  systemSnapshot,
  violationDetails,
} from '../testing/reports-harness';

/** Events ahead of the assessment on the bus: the read model takes a few seconds to work through them. */
const BACKLOG = 200;

describe('a report requested right after an assessment completed', () => {
  let harness: ServiceHarness;

  beforeAll(async () => {
    // Small batches make the backlog slow to apply, as a busy read model is; on a loaded machine it may
    // take longer than the default wait, which only bounds how stale a report can be.
    harness = await ReportsHarness.start({
      env: { EVENT_LOG_BATCH_SIZE: '5', REPLICA_CATCH_UP_TIMEOUT_MS: '60000' },
    });
  }, 60_000);

  afterAll(async () => {
    await harness.close();
  });

  it('includes that assessment and its findings: the worker waits for the read model to catch up', async () => {
    const org = await harness.createOrganization();
    const system = newId('system');
    const assessment = newId('assessment');
    await harness.publishMessages([
      systemCreated(org.id, systemSnapshot({ system_id: system, name: 'Claims Triage' })),
      ...Array.from({ length: BACKLOG }, () =>
        publicMessage(org.id, 'policy.violated', violationDetails(), { severity: 'HIGH', systemId: system }),
      ),
      publicMessage(org.id, 'finding.created', findingDetails(assessment, 'EU_AI_ACT:Art.4'), {
        severity: 'MEDIUM',
        systemId: system,
      }),
      publicMessage(org.id, 'assessment.complete', completeDetails(assessment, { findings_count: 1 }), {
        severity: 'INFO',
        systemId: system,
      }),
    ]);

    // At once: what assess answered `complete` for is on the bus, not yet in the read model.
    const posted = await harness.request('POST', REPORTS_PATH, org.apiKey, {
      type: 'compliance',
      format: 'json',
    });
    expect(posted.statusCode).toBe(202);
    const report = await awaitReport(harness, org.apiKey, posted.json<{ id: string }>().id);
    expect(report.status).toBe('complete');
    const content = (await harness.request('GET', downloadPath(report.download_url!))).json<ReportContent>();
    expect(content.assessments.map((row) => row.assessment_id)).toEqual([assessment]);
    expect(content.summary.findings).toBe(1);
    expect(content.summary.policy_violations).toBe(BACKLOG);
  }, 60_000);
});
