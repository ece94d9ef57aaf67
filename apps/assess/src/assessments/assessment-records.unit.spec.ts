import { findFramework } from '@governance/frameworks';
import { assessDocument, compileFramework } from '../engine';
import {
  completionEvents,
  describeControlResult,
  findingRows,
  reportUrl,
  toAssessmentResponse,
  toFindingResponse,
  type AssessmentRow,
} from './assessment-records';

const NIST = findFramework('NIST_AI_RMF')!;
const CONTENT = [
  '# Risk management',
  'A risk assessment was carried out and every risk is recorded in the risk register.',
  'We do not keep audit logs of model decisions.',
].join('\n');
const result = assessDocument({ title: 'Policy', content: CONTENT }, compileFramework(NIST));

describe('assessment records', () => {
  const rows = findingRows(
    { id: 'asmnt_01JAAAAAAAAAAAAAAAAAAAAAAA', organizationId: 'org_1', content: CONTENT },
    NIST,
    result,
  );

  it('keeps one row per control in the framework order, each with its own finding and remediation id', () => {
    expect(rows.map((row) => row.control)).toEqual(
      NIST.controls.map((control) => `NIST_AI_RMF:${control.id}`),
    );
    expect(rows.map((row) => row.position)).toEqual(NIST.controls.map((_, index) => index));
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    expect(rows.every((row) => /^fnd_/.test(row.id) && /^rem_/.test(row.remediation_id))).toBe(true);
    expect(rows.map((row) => row.severity)).toEqual(NIST.controls.map((control) => control.severity));
  });

  it('emits a finding per unmet control, then the completion with the summary', () => {
    const events = completionEvents(
      {
        id: 'asmnt_01JAAAAAAAAAAAAAAAAAAAAAAA',
        organizationId: 'org_1',
        systemId: 'sys_01JAAAAAAAAAAAAAAAAAAAAAAA',
        systemName: 'Claims triage',
        framework: 'NIST_AI_RMF',
        completedAt: new Date('2026-11-22T10:00:00Z'),
        reportUrl: reportUrl('https://reports.example', 'asmnt_01JAAAAAAAAAAAAAAAAAAAAAAA'),
        result,
      },
      rows,
    );
    const unmet = rows.filter((row) => row.status !== 'met');
    expect(events).toHaveLength(unmet.length + 1);
    expect(events.slice(0, -1).map((event) => event.details)).toEqual(
      unmet.map((row) => ({
        finding_id: row.id,
        title: row.title,
        description: row.description,
        control: row.control,
        framework: 'NIST_AI_RMF',
        system_name: 'Claims triage',
        assessment_id: 'asmnt_01JAAAAAAAAAAAAAAAAAAAAAAA',
        remediation_id: row.remediation_id,
      })),
    );
    expect(events.at(-1)).toMatchObject({
      event: 'assessment.complete',
      severity: 'INFO',
      system_id: 'sys_01JAAAAAAAAAAAAAAAAAAAAAAA',
      timestamp: '2026-11-22T10:00:00.000Z',
      details: {
        verdict: 'fail',
        score: result.summary.score,
        findings_count: unmet.length,
        report_url: 'https://reports.example/assessments/asmnt_01JAAAAAAAAAAAAAAAAAAAAAAA',
      },
    });
  });

  it('describes what was found and what the control asks', () => {
    const control = NIST.controls[0]!;
    const missing = describeControlResult(control, {
      ...result.controls[0]!,
      status: 'missing',
      counter_evidence: [],
    });
    expect(missing).toBe(
      `The document gives no usable evidence for this control. Requirement: ${control.requirement}`,
    );
    const partial = describeControlResult(control, {
      ...result.controls[0]!,
      status: 'partial',
      missing_concepts: ['logging', 'review'],
      counter_evidence: [
        {
          quote: 'We do not keep audit logs',
          section: 'Risk',
          line: 3,
          offset: 0,
          concept: 'logging',
          term: 'log',
        },
      ],
    });
    expect(partial).toContain('not evidenced: logging, review.');
    expect(partial).toContain('"We do not keep audit logs" (line 3)');
  });

  it('keeps the text around each quote, verbatim from the document', () => {
    const evidence = rows.flatMap((row) => row.evidence);
    expect(evidence.length).toBeGreaterThan(0);
    for (const entry of evidence)
      expect(CONTENT).toContain(`${entry.context_before}${entry.quote}${entry.context_after}`);
  });

  it('reads evidence stored without context as having none', () => {
    const stored = {
      ...rows[0]!,
      finding_id: rows[0]!.id,
      evidence: [{ quote: 'q', section: 's', line: 1, offset: 0 }],
    };
    expect(toFindingResponse(stored).evidence).toEqual([
      { quote: 'q', section: 's', line: 1, offset: 0, context_before: '', context_after: '' },
    ]);
  });

  it('shows the report link only once the assessment is complete', () => {
    const row: AssessmentRow = {
      id: 'asmnt_01JAAAAAAAAAAAAAAAAAAAAAAA',
      system_id: 'sys_1',
      framework: 'EU_AI_ACT',
      title: 'Policy',
      status: 'running',
      progress: 10,
      error: null,
      verdict: null,
      score: null,
      findings_count: null,
      high_findings: null,
      medium_findings: null,
      created_at: new Date('2026-11-22T10:00:00Z'),
      completed_at: null,
    };
    expect(toAssessmentResponse(row, 'http://r').report_url).toBeNull();
    expect(toAssessmentResponse({ ...row, status: 'complete' }, 'http://r').report_url).toBe(
      'http://r/assessments/asmnt_01JAAAAAAAAAAAAAAAAAAAAAAA',
    );
  });
});
