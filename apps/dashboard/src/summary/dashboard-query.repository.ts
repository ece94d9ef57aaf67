import { Injectable } from '@nestjs/common';
import { type PublicEventType, type Severity } from '@governance/contracts';
import { type KeysetPosition } from '@governance/platform';
import { SqlConditions } from '@governance/persistence';
import { DataSource } from 'typeorm';
import { type VerdictTally } from '../compliance/compliance-status';
import { type SummaryResponse } from './summary.dto';

type SystemCounts = Omit<SummaryResponse['systems'], 'shadow'>;

export interface ActivityRow {
  event_id: string;
  event: PublicEventType;
  severity: Severity;
  system_id: string | null;
  occurred_at: Date;
  details: Record<string, unknown>;
  system_name: string | null;
}

export interface ActivityFilter {
  event?: string;
  systemId?: string;
  /** Violations of this policy: only policy.violated entries carry a policy id. */
  policyId?: string;
  severity?: string;
  since?: Date;
  /** Entries strictly older than this position (newest first). */
  before?: KeysetPosition;
}

/** All reads of the read model; every query takes the organization id first. */
@Injectable()
export class DashboardQueryRepository {
  constructor(private readonly dataSource: DataSource) {}

  async systemCounts(organizationId: string): Promise<SystemCounts> {
    const [row] = await this.dataSource.query<SystemCounts[]>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE declared)::int AS declared,
         json_build_object(
           'unacceptable', count(*) FILTER (WHERE risk_tier = 'unacceptable'),
           'high', count(*) FILTER (WHERE risk_tier = 'high'),
           'limited', count(*) FILTER (WHERE risk_tier = 'limited'),
           'minimal', count(*) FILTER (WHERE risk_tier = 'minimal'),
           'unclassified', count(*) FILTER (WHERE risk_tier NOT IN ('unacceptable', 'high', 'limited', 'minimal'))
         ) AS by_risk_tier,
         json_build_object(
           'active', count(*) FILTER (WHERE status = 'active'),
           'retired', count(*) FILTER (WHERE status = 'retired')
         ) AS by_status
       FROM dashboard.systems WHERE organization_id = $1`,
      [organizationId],
    );
    return row!;
  }

  async probeCounts(organizationId: string): Promise<SummaryResponse['probes']> {
    const [row] = await this.dataSource.query<Array<SummaryResponse['probes']>>(
      `SELECT count(*)::int AS total,
         count(*) FILTER (WHERE connection = 'connected')::int AS connected,
         count(*) FILTER (WHERE connection = 'disconnected')::int AS disconnected
       FROM dashboard.probes WHERE organization_id = $1`,
      [organizationId],
    );
    return row!;
  }

  /** Findings of each (system, framework)'s newest assessment, by severity: counted on the heads. */
  async openFindingsBySeverity(organizationId: string): Promise<Record<Severity, number>> {
    const [row] = await this.dataSource.query<Array<Record<Severity, number>>>(
      `SELECT coalesce(sum(open_info), 0)::int AS "INFO", coalesce(sum(open_medium), 0)::int AS "MEDIUM",
         coalesce(sum(open_high), 0)::int AS "HIGH", coalesce(sum(open_critical), 0)::int AS "CRITICAL"
       FROM dashboard.assessment_heads WHERE organization_id = $1`,
      [organizationId],
    );
    return row!;
  }

  /** Each framework's systems by their newest verdict, tallied in the database. */
  async verdictTallies(organizationId: string): Promise<VerdictTally[]> {
    return await this.dataSource.query<VerdictTally[]>(
      `SELECT framework, verdict, count(*)::int AS systems, coalesce(sum(score), 0)::float8 AS "scoreSum",
         count(score)::int AS scored, max(assessed_at) AS "lastAssessedAt"
       FROM dashboard.assessment_heads
       WHERE organization_id = $1 AND completed_assessment_id IS NOT NULL
       GROUP BY framework, verdict`,
      [organizationId],
    );
  }

  async policyCounts(organizationId: string): Promise<SummaryResponse['policies']> {
    const [row] = await this.dataSource.query<Array<SummaryResponse['policies']>>(
      `SELECT count(*)::int AS active,
         count(*) FILTER (WHERE enforcement_mode = 'BLOCK')::int AS block,
         count(*) FILTER (WHERE enforcement_mode = 'WARN')::int AS warn
       FROM dashboard.policies WHERE organization_id = $1 AND status = 'active'`,
      [organizationId],
    );
    return row!;
  }

  /** Events of one type since `since`: an index range over the organization's recent entries only. */
  async countEventsSince(organizationId: string, event: PublicEventType, since: Date): Promise<number> {
    const [row] = await this.dataSource.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM dashboard.activity
       WHERE organization_id = $1 AND event = $2 AND occurred_at > $3`,
      [organizationId, event, since],
    );
    return row?.count ?? 0;
  }

  async updatedAt(organizationId: string): Promise<Date | null> {
    const [row] = await this.dataSource.query<Array<{ updated_at: Date }>>(
      'SELECT updated_at FROM dashboard.organization_state WHERE organization_id = $1',
      [organizationId],
    );
    return row?.updated_at ?? null;
  }

  async listActivity(organizationId: string, filter: ActivityFilter, limit: number): Promise<ActivityRow[]> {
    const where = new SqlConditions().add('a.organization_id = $', organizationId);
    if (filter.event !== undefined) where.add('a.event = $', filter.event);
    if (filter.systemId !== undefined) where.add('a.system_id = $', filter.systemId);
    if (filter.policyId !== undefined)
      // Spelled as activity_policy_idx is, so the planner uses that partial index.
      where.add("a.event = 'policy.violated' AND a.details->>'policy_id' = $", filter.policyId);
    if (filter.severity !== undefined) where.add('a.severity = $', filter.severity);
    if (filter.since !== undefined) where.add('a.occurred_at >= $', filter.since);
    if (filter.before !== undefined)
      where.add('(a.occurred_at, a.event_id) < ($::timestamptz, $)', filter.before.at, filter.before.id);
    return await this.dataSource.query<ActivityRow[]>(
      `SELECT a.event_id, a.event, a.severity, a.system_id, a.occurred_at, a.details, s.name AS system_name
       FROM dashboard.activity a
       LEFT JOIN dashboard.systems s ON s.organization_id = a.organization_id AND s.system_id = a.system_id
       WHERE ${where.sql}
       ORDER BY a.occurred_at DESC, a.event_id DESC
       LIMIT ${where.param(limit)}`,
      where.params,
    );
  }
}
