import { type AuditEntry } from '@governance/messaging';
import { type AssessmentSummary } from '../engine';
import { type ClaimedAssessment } from './assessment.repository';

type Assessment = Pick<ClaimedAssessment, 'id' | 'organizationId' | 'systemId' | 'framework' | 'title'>;

const target = (assessment: Assessment) => ({ type: 'assessment', id: assessment.id });

/** A document queued for assessment; its text stays out of the trail, its title names it. */
export function assessmentSubmittedAudit(assessment: Assessment): AuditEntry {
  return {
    organizationId: assessment.organizationId,
    action: 'assessment.submitted',
    target: target(assessment),
    after: {
      status: 'queued',
      system_id: assessment.systemId,
      framework: assessment.framework,
      title: assessment.title,
    },
  };
}

/** The worker finished an assessment: its verdict and counts. */
export function assessmentCompletedAudit(assessment: Assessment, summary: AssessmentSummary): AuditEntry {
  return {
    organizationId: assessment.organizationId,
    action: 'assessment.completed',
    target: target(assessment),
    before: { status: 'running' },
    after: {
      status: 'complete',
      verdict: summary.verdict,
      score: summary.score,
      findings_count: summary.findings_count,
      high_findings: summary.high_findings,
    },
  };
}

/** The worker gave an assessment up. */
export function assessmentFailedAudit(assessment: Assessment, error: string): AuditEntry {
  return {
    organizationId: assessment.organizationId,
    action: 'assessment.failed',
    target: target(assessment),
    before: { status: 'running' },
    after: { status: 'failed', error },
  };
}
