import { newId } from '@governance/contracts';
import { measureProcessLoad, type ServiceHarness } from '@governance/testing';
import { type ReportContent } from '../content/report-content';
import { pdfText } from '../testing/pdf-text';
import {
  awaitReport,
  downloadPath,
  REPORTS_PATH,
  ReportsHarness,
  systemCreated,
  systemSnapshot,
  waitForProcessed,
} from '../testing/reports-harness';

const SYSTEMS = 200;
const FINDINGS_PER_ASSESSMENT = 60;
/** 400 assessments (two frameworks per system) of 60 findings: 24,000 findings. */
const FINDINGS = SYSTEMS * 2 * FINDINGS_PER_ASSESSMENT;
const INCIDENTS = 2_000;
const LONG = 'x'.repeat(5_000);

/**
 * A large organization as a hostile or merely busy tenant leaves it: long names and titles everywhere.
 * Findings and incidents are written straight into the read model (publishing 26,000 events would only
 * test the consumer); systems come over the bus.
 */
async function seedLargeOrganization(harness: ServiceHarness, org: string): Promise<void> {
  const systems = Array.from({ length: SYSTEMS }, () => newId('system'));
  await harness.publishMessages(
    systems.map((id, index) =>
      systemCreated(org, systemSnapshot({ system_id: id, name: `System ${index} ${'n'.repeat(2_000)}` })),
    ),
  );
  await waitForProcessed(harness, SYSTEMS);
  await harness.sql.query(
    `INSERT INTO reports.assessments (organization_id, assessment_id, system_id, framework, verdict, score,
       findings_count, high_findings, medium_findings, completed_at)
     SELECT $1, 'asmnt_' || lpad(s::text, 12, '0') || '_' || f, ($2::text[])[s], f, 'fail', 0.3, $3, 10, 20,
       now() - make_interval(mins => s)
     FROM generate_series(1, $4) s, unnest(ARRAY['EU_AI_ACT', 'NIST_AI_RMF']) f`,
    [org, systems, FINDINGS_PER_ASSESSMENT, SYSTEMS],
  );
  await harness.sql.query(
    `INSERT INTO reports.findings (organization_id, finding_id, assessment_id, system_id, system_name,
       framework, control, title, description, severity, remediation_id, created_at)
     SELECT $1, 'fnd_' || a.assessment_id || '_' || n, a.assessment_id, a.system_id, 'Bot ' || $2,
       a.framework, a.framework || ':control-' || (n % 40), 'Finding ' || n || ' ' || $2, $2,
       (ARRAY['CRITICAL', 'HIGH', 'MEDIUM', 'INFO'])[1 + n % 4], 'rem_1', now()
     FROM reports.assessments a, generate_series(1, $3) n WHERE a.organization_id = $1`,
    [org, LONG, FINDINGS_PER_ASSESSMENT],
  );
  await harness.sql.query(
    `INSERT INTO reports.incidents (organization_id, event_id, event, severity, system_id, occurred_at, details)
     SELECT $1, 'evt_' || n, 'policy.violated', 'HIGH', $2, now() - make_interval(secs => n),
       jsonb_build_object('policy_name', 'Policy ' || $3, 'enforcement_mode', 'BLOCK',
         'action_taken', 'blocked', 'context', repeat($3, 4))
     FROM generate_series(1, $4) n`,
    [org, systems[0], LONG, INCIDENTS],
  );
}

describe('reports over a large organization', () => {
  let harness: ServiceHarness;

  beforeAll(async () => {
    harness = await ReportsHarness.start({ env: { REPORT_MAX_PAGES: '150' } });
  }, 60_000);

  afterAll(async () => {
    await harness.close();
  });

  it('stay bounded: /health/live answers within 1 s and memory stays bounded while PDF, CSV and JSON are built', async () => {
    const org = await harness.createOrganization();
    await seedLargeOrganization(harness, org.id);

    let slowestLiveMs = 0;
    let generating = true;
    const liveness = (async () => {
      while (generating) {
        const started = performance.now();
        const live = await harness.request('GET', '/health/live');
        expect(live.statusCode).toBe(200);
        slowestLiveMs = Math.max(slowestLiveMs, performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const records: Record<string, Awaited<ReturnType<typeof awaitReport>>> = {};
    const load = await measureProcessLoad(async () => {
      const requested = await Promise.all(
        (['pdf', 'csv', 'json'] as const).map(async (format) => {
          const type = format === 'pdf' ? 'executive' : 'compliance';
          const posted = await harness.request('POST', REPORTS_PATH, org.apiKey, { type, format });
          expect(posted.statusCode).toBe(202);
          return [format, posted.json<{ id: string }>().id] as const;
        }),
      );
      for (const [format, id] of requested) records[format] = await awaitReport(harness, org.apiKey, id);
    });
    generating = false;
    await liveness;
    // The figures docs/operations.md quotes.
    process.stdout.write(
      `large organization: slowest /health/live ${Math.round(slowestLiveMs)} ms, event loop stall ` +
        `${Math.round(load.stallMs)} ms, service +${load.addedMb} MB over ${load.startMb} MB, ` +
        `process tree peak ${load.treePeakMb} MB; files ${Object.entries(records)
          .map(([format, record]) => `${format} ${record.size_bytes} B`)
          .join(', ')}\n`,
    );
    expect(slowestLiveMs).toBeLessThan(1_000);
    expect(load.stallMs).toBeLessThan(1_000);
    expect(load.addedMb).toBeLessThan(300);
    for (const record of Object.values(records)) expect(record.status).toBe('complete');

    // Each file says where it was cut.
    const json = (
      await harness.request('GET', downloadPath(records['json']!.download_url!))
    ).json<ReportContent>();
    expect(json.summary.findings).toBe(FINDINGS);
    expect(json.truncated).toEqual([
      { section: 'findings', shown: 5_000, total: FINDINGS },
      { section: 'incidents', shown: 200, total: INCIDENTS },
    ]);
    expect(json.controls.flatMap((control) => control.findings)).toHaveLength(5_000);
    expect(json.controls[0]!.findings[0]!.title.length).toBeLessThanOrEqual(500);
    const csv = (await harness.request('GET', downloadPath(records['csv']!.download_url!))).body;
    expect(csv.split('\r\n').length).toBe(1 + 5_000 + 1);
    const pdf = await pdfText(
      (await harness.request('GET', downloadPath(records['pdf']!.download_url!))).rawPayload,
    );
    const flat = pdf.text.replace(/\s+/g, ' ');
    expect(flat).toContain(`Its 400 latest assessments average 30% (400 fail) and raised 24,000 findings`);
    // An executive summary stays short however large the organization: its worst rows, no finding lists.
    expect(flat).toContain('The 15 lowest scores of 400 latest assessments');
    expect(flat).toContain('Controls to act on first');
    expect(pdf.pages).toBeLessThan(15);
  }, 300_000);
});
