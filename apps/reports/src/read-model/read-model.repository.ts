import { Injectable } from '@nestjs/common';
import { eventRow, type PublicEventRecord } from '@governance/contracts';
import { type EntityManager } from 'typeorm';

/**
 * The read model's writes but its systems (the SystemsReplica's), in the consumer's transaction and scoped
 * by organization id. Facts are written once by their own id, so order does not matter.
 */
@Injectable()
export class ReadModelRepository {
  async insertFinding(manager: EntityManager, record: PublicEventRecord<'finding.created'>): Promise<void> {
    const { details } = record;
    await manager.query(
      `INSERT INTO reports.findings (organization_id, finding_id, assessment_id, system_id, system_name,
         framework, control, title, description, severity, remediation_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (organization_id, finding_id) DO NOTHING`,
      [
        record.organization_id,
        details.finding_id,
        details.assessment_id,
        record.system_id,
        details.system_name,
        details.framework,
        details.control,
        details.title,
        details.description,
        record.severity,
        details.remediation_id,
        record.timestamp,
      ],
    );
  }

  async insertAssessment(
    manager: EntityManager,
    record: PublicEventRecord<'assessment.complete'>,
  ): Promise<void> {
    const { details } = record;
    await manager.query(
      `INSERT INTO reports.assessments (organization_id, assessment_id, system_id, framework, verdict, score,
         findings_count, high_findings, medium_findings, completed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (organization_id, assessment_id) DO NOTHING`,
      [
        record.organization_id,
        details.assessment_id,
        record.system_id,
        details.framework,
        details.verdict,
        details.score,
        details.findings_count,
        details.high_findings,
        details.medium_findings,
        record.timestamp,
      ],
    );
  }

  /** The PDF report an assessment's `report_url` leads to; one per assessment (false: queued before). */
  async queueAssessmentReport(
    manager: EntityManager,
    record: PublicEventRecord<'assessment.complete'>,
    report: { id: string; createdAt: Date; notBefore: Date },
  ): Promise<boolean> {
    const queued = await manager.query<unknown[]>(
      `INSERT INTO reports.reports (id, organization_id, type, format, origin, status, system_id, framework,
         assessment_id, not_before, created_at)
       VALUES ($1, $2, 'assessment', 'pdf', 'assessment_complete', 'queued', $3, $4, $5, $6, $7)
       ON CONFLICT (organization_id, assessment_id) WHERE origin = 'assessment_complete' DO NOTHING
       RETURNING id`,
      [
        report.id,
        record.organization_id,
        record.system_id,
        record.details.framework,
        record.details.assessment_id,
        report.notBefore,
        report.createdAt,
      ],
    );
    return queued.length > 0;
  }

  async insertIncident(manager: EntityManager, record: PublicEventRecord): Promise<void> {
    await manager.query(
      `INSERT INTO reports.incidents (organization_id, event_id, event, severity, system_id, occurred_at, details)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (organization_id, event_id) DO NOTHING`,
      eventRow(record),
    );
  }
}
