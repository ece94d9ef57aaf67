import { Injectable } from '@nestjs/common';
import { type PublicEventRecord } from '@governance/contracts';
import { type EntityManager } from 'typeorm';

export interface FindingInput {
  findingId: string;
  assessmentId: string;
  systemId: string | null;
  systemName: string;
  framework: string;
  control: string;
  title: string;
  description: string;
  severity: string;
  remediationId: string;
  createdAt: string;
}

export interface AssessmentInput {
  assessmentId: string;
  systemId: string | null;
  framework: string;
  verdict: string;
  score: number;
  findingsCount: number;
  highFindings: number;
  mediumFindings: number;
  completedAt: string;
}

export interface AutomaticReportInput {
  id: string;
  organizationId: string;
  assessmentId: string;
  systemId: string | null;
  framework: string;
  createdAt: Date;
  notBefore: Date;
}

/**
 * All writes to the read model but its systems (the SystemsReplica's), each inside the consumer's
 * transaction. Every statement is scoped by organization id, and each is order-tolerant: facts (findings,
 * assessments, incidents) are written once by their own id.
 */
@Injectable()
export class ReadModelRepository {
  async insertFinding(manager: EntityManager, organizationId: string, finding: FindingInput): Promise<void> {
    await manager.query(
      `INSERT INTO reports.findings (organization_id, finding_id, assessment_id, system_id, system_name,
         framework, control, title, description, severity, remediation_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (organization_id, finding_id) DO NOTHING`,
      [
        organizationId,
        finding.findingId,
        finding.assessmentId,
        finding.systemId,
        finding.systemName,
        finding.framework,
        finding.control,
        finding.title,
        finding.description,
        finding.severity,
        finding.remediationId,
        finding.createdAt,
      ],
    );
  }

  async insertAssessment(
    manager: EntityManager,
    organizationId: string,
    assessment: AssessmentInput,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO reports.assessments (organization_id, assessment_id, system_id, framework, verdict, score,
         findings_count, high_findings, medium_findings, completed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (organization_id, assessment_id) DO NOTHING`,
      [
        organizationId,
        assessment.assessmentId,
        assessment.systemId,
        assessment.framework,
        assessment.verdict,
        assessment.score,
        assessment.findingsCount,
        assessment.highFindings,
        assessment.mediumFindings,
        assessment.completedAt,
      ],
    );
  }

  /** The PDF report an assessment's `report_url` leads to; one per assessment. */
  async queueAssessmentReport(manager: EntityManager, report: AutomaticReportInput): Promise<void> {
    await manager.query(
      `INSERT INTO reports.reports (id, organization_id, type, format, origin, status, system_id, framework,
         assessment_id, not_before, created_at)
       VALUES ($1, $2, 'assessment', 'pdf', 'assessment_complete', 'queued', $3, $4, $5, $6, $7)
       ON CONFLICT (organization_id, assessment_id) WHERE origin = 'assessment_complete' DO NOTHING`,
      [
        report.id,
        report.organizationId,
        report.systemId,
        report.framework,
        report.assessmentId,
        report.notBefore,
        report.createdAt,
      ],
    );
  }

  async insertIncident(manager: EntityManager, record: PublicEventRecord): Promise<void> {
    await manager.query(
      `INSERT INTO reports.incidents (organization_id, event_id, event, severity, system_id, occurred_at, details)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (organization_id, event_id) DO NOTHING`,
      [
        record.organization_id,
        record.id,
        record.event,
        record.severity,
        record.system_id,
        record.timestamp,
        JSON.stringify(record.details),
      ],
    );
  }
}
