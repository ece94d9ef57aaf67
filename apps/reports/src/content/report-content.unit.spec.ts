import { findControl } from '@governance/frameworks';
import {
  type AssessmentRow,
  buildReportContent,
  describeIncident,
  EXECUTIVE_CONTROL_LIMIT,
  type FindingRow,
  groupByControl,
  type IncidentRow,
  type ReportSpec,
  selectAssessments,
  type SystemRow,
} from './report-content';

const ORG = 'org_1';
const SYS_A = 'sys_A';
const SYS_B = 'sys_B';
const NOW = new Date('2026-11-22T12:00:00.000Z');

const spec = (overrides: Partial<ReportSpec> = {}): ReportSpec => ({
  id: 'rpt_1',
  organizationId: ORG,
  type: 'compliance',
  systemId: null,
  framework: null,
  assessmentId: null,
  period: null,
  ...overrides,
});

const assessment = (
  id: string,
  systemId: string | null,
  framework: string,
  score: number,
  at: string,
): AssessmentRow => ({
  assessment_id: id,
  system_id: systemId,
  framework,
  verdict: score >= 0.8 ? 'pass' : 'fail',
  score,
  findings_count: 0,
  high_findings: 0,
  medium_findings: 0,
  completed_at: new Date(at),
});

const finding = (
  id: string,
  assessmentId: string,
  control: string,
  severity: string,
  systemId = SYS_A,
): FindingRow => ({
  finding_id: id,
  assessment_id: assessmentId,
  system_id: systemId,
  system_name: systemId === SYS_A ? 'Support Bot' : 'Scoring',
  framework: control.split(':')[0]!,
  control,
  title: `Finding ${id}`,
  severity,
});

const systems: SystemRow[] = [
  { system_id: SYS_A, name: 'Support Bot', risk_tier: 'high', status: 'active', declared: true },
  { system_id: SYS_B, name: 'Scoring', risk_tier: 'limited', status: 'active', declared: false },
];

describe('selectAssessments', () => {
  const rows = [
    assessment('asmnt_01', SYS_A, 'EU_AI_ACT', 0.3, '2026-11-01T00:00:00Z'),
    assessment('asmnt_02', SYS_A, 'EU_AI_ACT', 0.6, '2026-11-02T00:00:00Z'),
    assessment('asmnt_03', SYS_A, 'NIST_AI_RMF', 0.9, '2026-11-03T00:00:00Z'),
    assessment('asmnt_04', SYS_B, 'EU_AI_ACT', 0.5, '2026-11-04T00:00:00Z'),
  ];

  it('keeps the newest assessment per system and framework, newest first', () => {
    expect(selectAssessments(spec(), rows).map((row) => row.assessment_id)).toEqual([
      'asmnt_04',
      'asmnt_03',
      'asmnt_02',
    ]);
  });

  it('narrows by system and framework', () => {
    expect(
      selectAssessments(spec({ systemId: SYS_A, framework: 'EU_AI_ACT' }), rows).map(
        (row) => row.assessment_id,
      ),
    ).toEqual(['asmnt_02']);
  });

  it('takes exactly the one assessment of an assessment report, superseded or not', () => {
    expect(
      selectAssessments(spec({ type: 'assessment', assessmentId: 'asmnt_01' }), rows).map(
        (row) => row.assessment_id,
      ),
    ).toEqual(['asmnt_01']);
  });
});

describe('groupByControl', () => {
  it('groups findings per control, most severe first, with title and remediation from the framework', () => {
    const groups = groupByControl([
      finding('f1', 'a', 'EU_AI_ACT:Art.4', 'MEDIUM'),
      finding('f2', 'a', 'EU_AI_ACT:Art.5(1)(a)', 'CRITICAL'),
      finding('f3', 'b', 'EU_AI_ACT:Art.4', 'HIGH', SYS_B),
    ]);
    expect(groups.map((group) => [group.control, group.severity, group.findings.length])).toEqual([
      ['EU_AI_ACT:Art.5(1)(a)', 'CRITICAL', 1],
      ['EU_AI_ACT:Art.4', 'HIGH', 2],
    ]);
    const art4 = findControl('EU_AI_ACT', 'Art.4')!;
    expect(groups[1]).toMatchObject({
      framework: 'EU_AI_ACT',
      control_id: 'Art.4',
      control_title: art4.title,
      remediation: art4.remediation,
    });
  });

  it('keeps an unknown control with the finding title and no remediation', () => {
    expect(groupByControl([finding('f1', 'a', 'EU_AI_ACT:Art.999', 'HIGH')])[0]).toMatchObject({
      control_id: 'Art.999',
      control_title: 'Finding f1',
      remediation: '',
    });
  });
});

describe('describeIncident', () => {
  const incident = (event: string, details: Record<string, unknown>): IncidentRow => ({
    event_id: 'e',
    event,
    severity: 'HIGH',
    system_id: SYS_A,
    occurred_at: NOW,
    details,
  });

  it('says what happened in one line', () => {
    expect(
      describeIncident(
        incident('policy.violated', {
          policy_name: 'PII egress',
          enforcement_mode: 'BLOCK',
          action_taken: 'blocked',
        }),
        'Support Bot',
      ),
    ).toBe('Support Bot: policy "PII egress" violated (BLOCK, blocked)');
    expect(
      describeIncident(
        incident('drift.detected', { detection_layer: 'input', drift_score: 0.4, delta: 0.3 }),
        null,
      ),
    ).toBe('sys_A: drift on the input layer (score 0.40, delta 0.30)');
    expect(
      describeIncident(
        incident('probe.disconnected', { probe_name: 'edge-1', silence_duration_seconds: 360 }),
        null,
      ),
    ).toBe('Probe edge-1 silent for 360 s');
  });
});

describe('buildReportContent', () => {
  const assessments = [
    assessment('asmnt_02', SYS_A, 'EU_AI_ACT', 0.6, '2026-11-02T00:00:00Z'),
    assessment('asmnt_04', SYS_B, 'EU_AI_ACT', 0.3, '2026-11-04T00:00:00Z'),
  ];
  const findings = [
    finding('f1', 'asmnt_02', 'EU_AI_ACT:Art.4', 'MEDIUM'),
    finding('f2', 'asmnt_04', 'EU_AI_ACT:Art.5(1)(a)', 'CRITICAL', SYS_B),
    finding('f3', 'asmnt_04', 'EU_AI_ACT:Art.4', 'HIGH', SYS_B),
  ];
  const incidents: IncidentRow[] = [
    {
      event_id: 'e1',
      event: 'policy.violated',
      severity: 'HIGH',
      system_id: SYS_A,
      occurred_at: NOW,
      details: {},
    },
    {
      event_id: 'e2',
      event: 'drift.detected',
      severity: 'MEDIUM',
      system_id: SYS_B,
      occurred_at: NOW,
      details: {},
    },
  ];

  it('counts systems, verdicts, findings by severity and incidents, and averages the scores', () => {
    const content = buildReportContent(
      spec({ period: { from: new Date('2026-11-01T00:00:00Z'), to: NOW } }),
      {
        systems,
        assessments,
        findings,
        incidents,
        incidentCounts: { 'policy.violated': 1, 'drift.detected': 1 },
        organizationName: 'Acme',
      },
      NOW,
    );
    expect(content.title).toBe('Compliance report: All frameworks · 1 Nov 2026 to 22 Nov 2026');
    expect(content.period).toEqual({ from: '2026-11-01T00:00:00.000Z', to: NOW.toISOString() });
    expect(content.summary).toEqual({
      systems: 2,
      systems_by_risk_tier: { unacceptable: 0, high: 1, limited: 1, minimal: 0, unclassified: 0 },
      assessments: 2,
      average_score: 0.45,
      verdicts: { fail: 2 },
      findings: 3,
      findings_by_severity: { INFO: 0, MEDIUM: 1, HIGH: 1, CRITICAL: 1 },
      policy_violations: 1,
      drift_alerts: 1,
      probe_disconnects: 0,
    });
    expect(content.assessments.map((row) => [row.assessment_id, row.system_name])).toEqual([
      ['asmnt_02', 'Support Bot'],
      ['asmnt_04', 'Scoring'],
    ]);
    expect(content.controls.map((control) => control.control)).toEqual([
      'EU_AI_ACT:Art.5(1)(a)',
      'EU_AI_ACT:Art.4',
    ]);
  });

  it('scopes a system report to its system and names it in the title', () => {
    const content = buildReportContent(
      spec({ type: 'system', systemId: SYS_A }),
      {
        systems,
        assessments: [assessments[0]!],
        findings: [findings[0]!],
        incidents: [incidents[0]!],
        incidentCounts: {},
        organizationName: 'Acme',
      },
      NOW,
    );
    expect(content.title).toBe('System report: Support Bot · all time');
    expect(content.scope.system).toEqual({
      system_id: SYS_A,
      name: 'Support Bot',
      risk_tier: 'high',
      status: 'active',
    });
    expect(content.summary.systems).toBe(1);
  });

  it('has no average score without assessments', () => {
    const content = buildReportContent(
      spec({ type: 'executive' }),
      { systems, assessments: [], findings: [], incidents: [], incidentCounts: {}, organizationName: 'Acme' },
      NOW,
    );
    expect([content.title, content.summary.average_score, content.controls]).toEqual([
      'Executive summary: All time',
      null,
      [],
    ]);
  });

  it('lists only the top controls in an executive summary', () => {
    const many = Array.from({ length: EXECUTIVE_CONTROL_LIMIT + 5 }, (_, index) =>
      finding(`f${index}`, 'asmnt_02', `EU_AI_ACT:X.${index}`, index === 14 ? 'CRITICAL' : 'MEDIUM'),
    );
    const content = buildReportContent(
      spec({ type: 'executive' }),
      { systems, assessments, findings: many, incidents: [], incidentCounts: {}, organizationName: 'Acme' },
      NOW,
    );
    expect(content.controls).toHaveLength(EXECUTIVE_CONTROL_LIMIT);
    expect(content.controls[0]!.control).toBe('EU_AI_ACT:X.14');
    expect(content.summary.findings).toBe(EXECUTIVE_CONTROL_LIMIT + 5);
  });
});
