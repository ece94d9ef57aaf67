import { SYSTEMS_REPLICA_COLUMNS } from '@governance/replicas';
import { Inject, Injectable } from '@nestjs/common';
import { SqlConditions } from '@governance/persistence';
import { DataSource } from 'typeorm';
import { REPORTS_CONFIG, type ReportLimits, type ReportsConfig } from '../config';
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

/** Rows read up to a cap, and how many there were in all. */
export interface Capped<T> {
  rows: T[];
  total: number;
}

/** The replica's columns as a report reads them: names cut to the report's text length ($2). */
const SYSTEM_COLUMNS = SYSTEMS_REPLICA_COLUMNS.map((column) =>
  column === 'name' ? 'left(name, $2) AS name' : column,
).join(', ');

/** Most severe first, as the report lists them. */
const SEVERITY_ORDER = `CASE severity WHEN 'CRITICAL' THEN 0 WHEN 'HIGH' THEN 1 WHEN 'MEDIUM' THEN 2 ELSE 3 END`;

/**
 * Reads of the read model reports are built from; every query takes the organization id first. Lists are
 * capped (REPORT_MAX_*) and user-provided texts cut to REPORT_MAX_TEXT_LENGTH in SQL, so what a report
 * holds in memory is bounded whatever the organization stored.
 */
@Injectable()
export class ReportSourceRepository {
  private readonly limits: ReportLimits;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(REPORTS_CONFIG) config: ReportsConfig,
  ) {
    this.limits = config.limits;
  }

  async systems(organizationId: string): Promise<SystemRow[]> {
    return await this.dataSource.query<SystemRow[]>(
      `SELECT system_id, ${SYSTEM_COLUMNS} FROM reports.systems
       WHERE organization_id = $1 ORDER BY name, system_id`,
      [organizationId, this.limits.textLength],
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

  /**
   * The newest completed run per (system, framework) in scope, newest first, at most
   * REPORT_MAX_ASSESSMENTS of them; selectAssessments applies the same rule to what it is given.
   */
  async assessments(organizationId: string, scope: AssessmentScope): Promise<Capped<AssessmentRow>> {
    const where = new SqlConditions().add('organization_id = $', organizationId);
    if (scope.assessmentId !== null) where.add('assessment_id = $', scope.assessmentId);
    if (scope.systemId !== null) where.add('system_id = $', scope.systemId);
    if (scope.framework !== null) where.add('framework = $', scope.framework);
    if (scope.period !== null)
      where.add('completed_at >= $', scope.period.from).add('completed_at < $', scope.period.to);
    const rows = await this.dataSource.query<Array<AssessmentRow & { total: number }>>(
      `SELECT *, count(*) OVER ()::int AS total FROM (
         SELECT DISTINCT ON (system_id, framework) assessment_id, system_id, framework, verdict, score,
           findings_count, high_findings, medium_findings, completed_at
         FROM reports.assessments WHERE ${where.sql}
         ORDER BY system_id, framework, assessment_id DESC
       ) newest
       ORDER BY completed_at DESC, assessment_id LIMIT ${where.param(this.limits.assessments)}`,
      where.params,
    );
    return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
  }

  /** The most severe findings of the assessments, at most REPORT_MAX_FINDINGS, with every one counted. */
  async findings(
    organizationId: string,
    assessmentIds: readonly string[],
  ): Promise<Capped<FindingRow> & { bySeverity: Record<string, number> }> {
    if (assessmentIds.length === 0) return { rows: [], total: 0, bySeverity: {} };
    const params = [organizationId, assessmentIds];
    const [rows, counts] = await Promise.all([
      this.dataSource.query<FindingRow[]>(
        `SELECT finding_id, assessment_id, system_id, left(system_name, $3) AS system_name, framework,
           left(control, 200) AS control, left(title, $3) AS title, severity
         FROM reports.findings WHERE organization_id = $1 AND assessment_id = ANY($2::text[])
         ORDER BY ${SEVERITY_ORDER}, control, finding_id LIMIT $4`,
        [...params, this.limits.textLength, this.limits.findings],
      ),
      this.dataSource.query<Array<{ severity: string; count: number }>>(
        `SELECT severity, count(*)::int AS count FROM reports.findings
         WHERE organization_id = $1 AND assessment_id = ANY($2::text[]) GROUP BY severity`,
        params,
      ),
    ]);
    const bySeverity = Object.fromEntries(counts.map((row) => [row.severity, row.count]));
    const total = counts.reduce((sum, row) => sum + row.count, 0);
    return { rows, total, bySeverity };
  }

  /** Only the details describeIncident reads, each text cut short: an incident's context may be huge. */
  async incidents(organizationId: string, scope: IncidentScope): Promise<IncidentRow[]> {
    const where = incidentConditions(organizationId, scope);
    const cut = where.param(this.limits.textLength);
    return await this.dataSource.query<IncidentRow[]>(
      `SELECT event_id, event, severity, system_id, occurred_at,
         jsonb_build_object(
           'policy_name', left(details->>'policy_name', ${cut}),
           'enforcement_mode', left(details->>'enforcement_mode', 40),
           'action_taken', left(details->>'action_taken', 40),
           'detection_layer', left(details->>'detection_layer', 40),
           'drift_score', details->'drift_score',
           'delta', details->'delta',
           'probe_id', left(details->>'probe_id', 80),
           'probe_name', left(details->>'probe_name', ${cut}),
           'silence_duration_seconds', details->'silence_duration_seconds'
         ) AS details
       FROM reports.incidents
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
