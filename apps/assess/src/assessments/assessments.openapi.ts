import {
  type AssessmentPage,
  type AssessmentResponse,
  type FindingList,
  type QueuedResponse,
} from './assessment.dto';

/* Examples of assessments; the response types check them. */

const assessmentId = 'asmnt_01JD61F5G6H7J8K9M0N1P2Q3R4';

const assessment = {
  id: assessmentId,
  system_id: 'sys_01JD60A1B2C3D4E5F6G7H8J9KM',
  framework: 'EU_AI_ACT',
  title: 'Claims Triage AI policy',
  status: 'complete',
  progress: 100,
  error: null,
  verdict: 'conditional',
  score: 0.72,
  findings_count: 4,
  high_findings: 1,
  medium_findings: 3,
  report_url: `https://governance.example.com/api/service/reports/assessments/${assessmentId}`,
  created_at: '2026-11-22T10:20:00.000Z',
  completed_at: '2026-11-22T10:20:04.000Z',
} satisfies AssessmentResponse;

export const examples = {
  submit: {
    system_id: 'sys_01JD60A1B2C3D4E5F6G7H8J9KM',
    framework: 'EU_AI_ACT',
    document: { title: 'Claims Triage AI policy', content: '# AI policy\n\n## Risk management\n\n…' },
  },
  queued: { id: assessmentId, status: 'queued' } satisfies QueuedResponse,
  assessment,
  page: { data: [assessment], next_cursor: null } satisfies AssessmentPage,
  findings: {
    data: [
      {
        finding_id: 'fnd_01JD61F9K0M1N2P3Q4R5S6T7V8',
        control: 'EU_AI_ACT:ART-9.1',
        framework: 'EU_AI_ACT',
        title: 'Risk management system',
        description: 'A risk management system is established, documented and maintained.',
        status: 'partial',
        severity: 'HIGH',
        evidence: [
          {
            quote: 'Risks are reviewed every quarter.',
            section: 'Risk management',
            line: 5,
            offset: 48,
            context_before: 'The risk register lists each known risk and its owner. ',
            context_after: ' Residual risks are accepted by the board.',
          },
        ],
        remediation_id: 'rem_01JD61F9K0M1N2P3Q4R5S6T7V9',
        remediation: 'Describe how risks are identified, estimated and mitigated across the lifecycle.',
      },
    ],
  } satisfies FindingList,
};
