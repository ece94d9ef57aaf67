import { findControl } from '@governance/frameworks';
import { buildReportContent, type FindingRow } from '../content/report-content';
import { pdfText } from '../testing/pdf-text';
import { renderPdf } from './report-pdf';

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

describe('renderPdf', () => {
  it('draws a title page, the findings per control with remediation, and numbers every page', async () => {
    // Enough findings to spill the tables over several pages.
    const findings = [
      ...Array.from({ length: 40 }, (_, index) => finding(index, 'EU_AI_ACT:Art.4', 'MEDIUM')),
      finding(99, 'EU_AI_ACT:Art.5(1)(a)', 'CRITICAL'),
    ];
    const content = buildReportContent(
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
            findings_count: 41,
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
      new Date('2026-11-22T12:00:00Z'),
    );
    const pdf = await renderPdf(content);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text, pages } = await pdfText(pdf);
    const flat = text.replace(/\s+/g, ' ');
    expect(pages).toBeGreaterThanOrEqual(4);
    expect(flat).toContain('Assessment report: EU Artificial Intelligence Act');
    expect(flat).toContain('Organization: Acme Health');
    expect(flat).not.toContain('org_1');
    expect(flat).toContain('Score 42%');
    expect(flat).toContain('Findings by severity');
    expect(flat).toContain('EU_AI_ACT:Art.5(1)(a)');
    expect(flat).toContain('CRITICAL');
    expect(flat).toContain(findControl('EU_AI_ACT', 'Art.4')!.title);
    expect(flat).toContain(findControl('EU_AI_ACT', 'Art.4')!.remediation.slice(0, 40));
    expect(flat).toContain('Finding number 39');
    for (let page = 1; page <= pages; page++) expect(flat).toContain(`Page ${page} of ${pages}`);
  });
});
