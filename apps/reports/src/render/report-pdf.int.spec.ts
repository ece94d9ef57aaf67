import { findControl } from '@governance/frameworks';
import { readReportsConfig } from '../config';
import { buildReportContent, type FindingRow, type ReportContent } from '../content/report-content';
import { pdfText } from '../testing/pdf-text';
import { TEST_SIGNING_KEY } from '../testing/reports-harness';
import { PdfRenderer } from './report-pdf';

const finding = (index: number, control: string, severity: string): FindingRow => ({
  finding_id: `fnd_${index}`,
  assessment_id: 'asmnt_1',
  system_id: 'sys_1',
  system_name: 'Support Bot',
  framework: 'EU_AI_ACT',
  control,
  title: `Finding number ${index}`,
  severity,
});

/** A renderer with the shipped defaults, but for the variables given. */
const renderer = (env: Record<string, string> = {}): PdfRenderer =>
  new PdfRenderer(
    readReportsConfig({ DATABASE_URL: 'postgres://unused', REPORT_SIGNING_KEY: TEST_SIGNING_KEY, ...env }),
  );

function assessmentReport(findings: FindingRow[]): ReportContent {
  return buildReportContent(
    {
      id: 'rpt_1',
      organizationId: 'org_1',
      type: 'assessment',
      systemId: null,
      framework: null,
      assessmentId: 'asmnt_1',
      period: null,
    },
    {
      systems: [
        { system_id: 'sys_1', name: 'Support Bot', risk_tier: 'high', status: 'active', declared: true },
      ],
      assessments: [
        {
          assessment_id: 'asmnt_1',
          system_id: 'sys_1',
          framework: 'EU_AI_ACT',
          verdict: 'fail',
          score: 0.42,
          findings_count: findings.length,
          high_findings: 0,
          medium_findings: 40,
          completed_at: new Date('2026-11-20T10:00:00Z'),
        },
      ],
      findings,
      incidents: [],
      incidentCounts: {},
      organizationName: 'Acme Health',
    },
    new Date('2026-11-22T12:05:00Z'),
  );
}

describe('PdfRenderer', () => {
  it('draws a title page by names and dates, an executive summary with charts, the findings per control, and numbers every page', async () => {
    // Enough findings to spill the tables over several pages.
    const content = assessmentReport([
      ...Array.from({ length: 40 }, (_, index) => finding(index, 'EU_AI_ACT:Art.4', 'MEDIUM')),
      finding(99, 'EU_AI_ACT:Art.5(1)(a)', 'CRITICAL'),
    ]);
    const pdf = await renderer().render(content);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text, pages } = await pdfText(pdf);
    const flat = text.replace(/\s+/g, ' ');
    expect(pages).toBeGreaterThanOrEqual(4);
    expect(flat).toContain('Assessment report: Support Bot · EU Artificial Intelligence Act · 20 Nov 2026');
    expect(flat).toContain('Organization: Acme Health');
    expect(flat).toContain('Generated: 22 Nov 2026, 12:05 UTC');
    expect(flat).toContain('Assessment: Support Bot, completed 20 Nov 2026, 10:00 UTC');
    // Ids are for machines: none is printed.
    for (const id of ['org_1', 'rpt_1', 'asmnt_1', 'sys_1', 'fnd_']) expect(flat).not.toContain(id);
    expect(flat).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(flat).toContain('Executive summary');
    expect(flat).toContain('Acme Health has 1 AI system in the scope of this report (risk tiers: 1 high).');
    expect(flat).toContain(
      'Its 1 latest assessment average 42% (1 fail) and raised 41 findings, 1 of them critical or high.',
    );
    expect(flat).toContain("It is not the dashboard's governance score (0 to 100)");
    expect(flat).toContain('42% average over 1 latest assessment');
    expect(flat).toContain('Assessment verdicts');
    expect(flat).toContain('Findings by severity');
    expect(flat).toContain('AI systems by risk tier');
    expect(flat).toContain(
      `Art.5(1)(a) ${findControl('EU_AI_ACT', 'Art.5(1)(a)')!.title} (EU Artificial Intelligence Act)`,
    );
    expect(flat).toContain('CRITICAL');
    expect(flat).toContain(findControl('EU_AI_ACT', 'Art.4')!.title);
    expect(flat).toContain(findControl('EU_AI_ACT', 'Art.4')!.remediation.slice(0, 40));
    expect(flat).toContain('Finding number 39');
    for (let page = 1; page <= pages; page++) expect(flat).toContain(`Page ${page} of ${pages}`);
  });

  it('stops at REPORT_MAX_PAGES and says so', async () => {
    const content = assessmentReport(
      Array.from({ length: 2_000 }, (_, index) => finding(index, 'EU_AI_ACT:Art.4', 'MEDIUM')),
    );
    const { text, pages } = await pdfText(await renderer({ REPORT_MAX_PAGES: '6' }).render(content));
    expect(pages).toBe(6);
    expect(text.replace(/\s+/g, ' ')).toContain('This PDF stops here, at its limit of 6 pages.');
  });

  it('kills a drawing past its deadline, and the report fails saying why', async () => {
    const content = assessmentReport(
      Array.from({ length: 2_000 }, (_, index) => finding(index, 'EU_AI_ACT:Art.4', 'MEDIUM')),
    );
    await expect(renderer({ REPORT_RENDER_TIMEOUT_MS: '100' }).render(content)).rejects.toThrow(
      'drawing the PDF took longer than REPORT_RENDER_TIMEOUT_MS',
    );
  });
});
