import { Injectable } from '@nestjs/common';
import { SqlConditions } from '@governance/persistence';
import { DataSource } from 'typeorm';
import {
  type AssessmentRow,
  type FindingRow,
  INCIDENT_LIST_LIMIT,
  type IncidentRow,
  type ReportSpec,
  type SystemRow,
} from './report-content';

type AssessmentScope = Pick<ReportSpec, 'systemId' | 'framework' | 'assessmentId' | 'period'>;
type IncidentScope = Pick<ReportSpec, 'systemId' | 'period'>;

/** Reads of the read model reports are built from; every query takes the organization id first. */
@Injectable()
export class ReportSourceRepository {
  constructor(private readonly dataSource: DataSource) {}

  async systems(organizationId: string): Promise<SystemRow[]> {
    return await this.dataSource.query<SystemRow[]>(
      `SELECT system_id, name, risk_tier, status, declared FROM reports.systems
       WHERE organization_id = $1 ORDER BY name, system_id`,
      [organizationId],
    );
  }

  /** The name from the service's tenant replica, which readers of a report know it by. */
  async organizationName(organizationId: string): Promise<string | null> {
    const rows = await this.dataSource.query<Array<{ name: string }>>(
      'SELECT name FROM reports.organizations WHERE id = $1',
      [organizationId],
    );
    return rows[0]?.name ?? null;
  }

  async systemExists(organizationId: string, systemId: string): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>(
      'SELECT 1 FROM reports.systems WHERE organization_id = $1 AND system_id = $2',
      [organizationId, systemId],
    );
    return rows.length > 0;
  }

  async assessmentExists(organizationId: string, assessmentId: string): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>(
      'SELECT 1 FROM reports.assessments WHERE organization_id = $1 AND assessment_id = $2',
      [organizationId, assessmentId],
    );
    return rows.length > 0;
  }

  async assessments(organizationId: string, scope: AssessmentScope): Promise<AssessmentRow[]> {
    const where = new SqlConditions().add('organization_id = $', organizationId);
    if (scope.assessmentId !== null) where.add('assessment_id = $', scope.assessmentId);
    if (scope.systemId !== null) where.add('system_id = $', scope.systemId);
    if (scope.framework !== null) where.add('framework = $', scope.framework);
    if (scope.period !== null)
      where.add('completed_at >= $', scope.period.from).add('completed_at < $', scope.period.to);
    // selectAssessments keeps the newest run per (system, framework) of these.
    return await this.dataSource.query<AssessmentRow[]>(
      `SELECT assessment_id, system_id, framework, verdict, score, findings_count, high_findings,
         medium_findings, completed_at
       FROM reports.assessments WHERE ${where.sql}`,
      where.params,
    );
  }

  async findings(organizationId: string, assessmentIds: readonly string[]): Promise<FindingRow[]> {
    if (assessmentIds.length === 0) return [];
    return await this.dataSource.query<FindingRow[]>(
      `SELECT finding_id, assessment_id, system_id, system_name, framework, control, title, severity
       FROM reports.findings WHERE organization_id = $1 AND assessment_id = ANY($2::text[])
       ORDER BY control, finding_id`,
      [organizationId, assessmentIds],
    );
  }

  async incidents(organizationId: string, scope: IncidentScope): Promise<IncidentRow[]> {
    const where = incidentConditions(organizationId, scope);
    return await this.dataSource.query<IncidentRow[]>(
      `SELECT event_id, event, severity, system_id, occurred_at, details FROM reports.incidents
       WHERE ${where.sql} ORDER BY occurred_at DESC, event_id LIMIT ${where.param(INCIDENT_LIST_LIMIT)}`,
      where.params,
    );
  }

  async incidentCounts(organizationId: string, scope: IncidentScope): Promise<Record<string, number>> {
    const where = incidentConditions(organizationId, scope);
    const rows = await this.dataSource.query<Array<{ event: string; count: number }>>(
      `SELECT event, count(*)::int AS count FROM reports.incidents WHERE ${where.sql} GROUP BY event`,
      where.params,
    );
    return Object.fromEntries(rows.map((row) => [row.event, row.count]));
  }
}

function incidentConditions(organizationId: string, scope: IncidentScope): SqlConditions {
  const where = new SqlConditions().add('organization_id = $', organizationId);
  if (scope.systemId !== null) where.add('system_id = $', scope.systemId);
  if (scope.period !== null)
    where.add('occurred_at >= $', scope.period.from).add('occurred_at < $', scope.period.to);
  return where;
}
