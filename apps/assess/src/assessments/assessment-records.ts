import { newId, newUuidV7, type PublicEventRecord } from '@governance/contracts';
import { type Control, controlRef, type Framework } from '@governance/frameworks';
import { type AssessmentResult, type ControlResult } from '../engine';
import { type AssessmentResponse, type FindingResponse } from './assessment.dto';
import { type ClaimedAssessment } from './assessment.repository';
import { evidenceContext, type EvidenceContext } from './evidence-context';

export const ASSESSMENT_STATUSES = ['queued', 'running', 'complete', 'failed'] as const;
export const VERDICTS = ['pass', 'conditional', 'fail'] as const;

/** An assessment as stored; the response adds its report link. */
export type AssessmentRow = Omit<AssessmentResponse, 'report_url' | 'created_at' | 'completed_at'> & {
  created_at: Date;
  completed_at: Date | null;
};

/** One control's outcome as stored; GET /:id/findings reads it as a FindingResponse. */
export type FindingRow = Omit<FindingResponse, 'finding_id'> & {
  id: string;
  assessment_id: string;
  organization_id: string;
  position: number;
};

export function reportUrl(reportBaseUrl: string, assessmentId: string): string {
  return `${reportBaseUrl}/assessments/${assessmentId}`;
}

/** The report link is shown once there is a report to link to: when the assessment is complete. */
export function toAssessmentResponse(row: AssessmentRow, reportBaseUrl: string): AssessmentResponse {
  const { created_at, completed_at, ...rest } = row;
  return {
    ...rest,
    report_url: row.status === 'complete' ? reportUrl(reportBaseUrl, row.id) : null,
    created_at: created_at.toISOString(),
    completed_at: completed_at?.toISOString() ?? null,
  };
}

const list = (items: readonly string[]): string => items.join(', ');

/** Says what the document showed for the control, then what the control asks, so a finding reads alone. */
export function describeControlResult(control: Control, result: ControlResult): string {
  const outcome =
    result.status === 'met'
      ? 'The document evidences this control.'
      : result.status === 'partial'
        ? `The document covers this control only in part; not evidenced: ${list(result.missing_concepts)}.`
        : 'The document gives no usable evidence for this control.';
  const denied =
    result.counter_evidence.length > 0
      ? ` It states the opposite in: "${result.counter_evidence[0]!.quote}" (line ${result.counter_evidence[0]!.line}).`
      : '';
  return `${outcome}${denied} Requirement: ${control.requirement}`;
}

/** One row per control in the framework's order; every row gets a finding and a remediation id. */
export function findingRows(
  assessment: { id: string; organizationId: string; content: string },
  framework: Framework,
  result: AssessmentResult,
): FindingRow[] {
  const controls = new Map(framework.controls.map((control) => [control.id, control]));
  return result.controls.map((controlResult, position) => {
    const control = controls.get(controlResult.control_id);
    if (!control) throw new Error(`control ${controlResult.control_id} is not in ${framework.key}`);
    return {
      id: newId('finding'),
      assessment_id: assessment.id,
      organization_id: assessment.organizationId,
      position,
      control: controlRef(framework.key, control.id),
      framework: framework.key,
      title: control.title,
      description: describeControlResult(control, controlResult),
      status: controlResult.status,
      severity: control.severity,
      evidence: controlResult.evidence.map(({ quote, section, line, offset }) => ({
        quote,
        section,
        line,
        offset,
        ...evidenceContext(assessment.content, offset, quote.length),
      })),
      remediation_id: newId('remediation'),
      remediation: control.remediation,
    };
  });
}

/** One finding.created per partial or missing control, in control order, then assessment.complete. */
export function completionEvents(
  assessment: Pick<ClaimedAssessment, 'id' | 'organizationId' | 'systemId' | 'framework'> & {
    systemName: string;
    completedAt: Date;
    reportUrl: string;
    result: AssessmentResult;
  },
  rows: readonly FindingRow[],
): PublicEventRecord[] {
  const timestamp = assessment.completedAt.toISOString();
  const findings = rows
    .filter((row) => row.status !== 'met')
    .map((row): PublicEventRecord<'finding.created'> => ({
      id: newUuidV7(),
      organization_id: assessment.organizationId,
      event: 'finding.created',
      timestamp,
      severity: row.severity,
      system_id: assessment.systemId,
      details: {
        finding_id: row.id,
        title: row.title,
        description: row.description,
        control: row.control,
        framework: row.framework,
        system_name: assessment.systemName,
        assessment_id: assessment.id,
        remediation_id: row.remediation_id,
      },
    }));
  const { summary } = assessment.result;
  const complete: PublicEventRecord<'assessment.complete'> = {
    id: newUuidV7(),
    organization_id: assessment.organizationId,
    event: 'assessment.complete',
    timestamp,
    severity: 'INFO',
    system_id: assessment.systemId,
    details: {
      assessment_id: assessment.id,
      verdict: summary.verdict,
      score: summary.score,
      findings_count: summary.findings_count,
      high_findings: summary.high_findings,
      medium_findings: summary.medium_findings,
      framework: assessment.framework,
      report_url: assessment.reportUrl,
    },
  };
  return [...findings, complete];
}

type EvidenceResponse = FindingResponse['evidence'][number];

/** A finding as read back: evidence stored before it carried its context has none. */
export type StoredFinding = Omit<FindingResponse, 'evidence'> & {
  evidence: Array<Omit<EvidenceResponse, keyof EvidenceContext> & Partial<EvidenceContext>>;
};

/** Evidence stored before it carried its context reads with empty context. */
export function toFindingResponse(finding: StoredFinding): FindingResponse {
  return {
    ...finding,
    evidence: finding.evidence.map((entry) => ({
      ...entry,
      context_before: entry.context_before ?? '',
      context_after: entry.context_after ?? '',
    })),
  };
}
