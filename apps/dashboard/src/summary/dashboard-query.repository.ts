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
  /** For a finding.created entry, the findings of its assessment that match the filter, by severity. */
  findings: Record<Severity, number> | null;
}

export interface ActivityFilter {
  event?: string;
  excludeEvent?: string;
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

  /**
   * A retired system leaves the inventory's counts (total, declared, risk tiers) and stays only in
   * `by_status.retired`: it no longer needs declaring or classifying.
   */
  async systemCounts(organizationId: string): Promise<SystemCounts> {
    const [row] = await this.dataSource.query<SystemCounts[]>(
      `SELECT count(*) FILTER (WHERE in_use)::int AS total, count(*) FILTER (WHERE in_use AND declared)::int AS declared,
         json_build_object(
           'unacceptable', count(*) FILTER (WHERE in_use AND risk_tier = 'unacceptable'),
           'high', count(*) FILTER (WHERE in_use AND risk_tier = 'high'),
           'limited', count(*) FILTER (WHERE in_use AND risk_tier = 'limited'),
           'minimal', count(*) FILTER (WHERE in_use AND risk_tier = 'minimal'),
           'unclassified', count(*) FILTER (WHERE in_use
             AND risk_tier NOT IN ('unacceptable', 'high', 'limited', 'minimal'))
         ) AS by_risk_tier,
         json_build_object(
           'active', count(*) FILTER (WHERE status = 'active'),
           'retired', count(*) FILTER (WHERE status = 'retired')
         ) AS by_status
       FROM (SELECT *, status <> 'retired' AS in_use FROM dashboard.systems WHERE organization_id = $1) s`,
      [organizationId],
    );
    return row!;
  }

  /** A retired system's probes are not counted: its silence is expected, not a health problem. */
  async probeCounts(organizationId: string): Promise<SummaryResponse['probes']> {
    const [row] = await this.dataSource.query<Array<SummaryResponse['probes']>>(
      `SELECT count(*)::int AS total,
         count(*) FILTER (WHERE p.connection = 'connected')::int AS connected,
         count(*) FILTER (WHERE p.connection = 'disconnected')::int AS disconnected
       FROM dashboard.probes p
       LEFT JOIN dashboard.systems s ON s.organization_id = p.organization_id AND s.system_id = p.system_id
       WHERE p.organization_id = $1 AND s.status IS DISTINCT FROM 'retired'`,
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

  /**
   * The feed, newest first. The findings of one assessment are one entry, its newest matching finding,
   * carrying how many match by severity: hundreds of findings from one upload would bury everything else.
   */
  async listActivity(organizationId: string, filter: ActivityFilter, limit: number): Promise<ActivityRow[]> {
    const where = new SqlConditions().add('a.organization_id = $', organizationId);
    if (filter.event !== undefined) where.add('a.event = $', filter.event);
    if (filter.excludeEvent !== undefined) where.add('a.event <> $', filter.excludeEvent);
    if (filter.systemId !== undefined) where.add('a.system_id = $', filter.systemId);
    if (filter.policyId !== undefined)
      // Spelled as activity_policy_idx is, so the planner uses that partial index.
      where.add("a.event = 'policy.violated' AND a.details->>'policy_id' = $", filter.policyId);
    if (filter.severity !== undefined) where.add('a.severity = $', filter.severity);
    if (filter.since !== undefined) where.add('a.occurred_at >= $', filter.since);
    if (filter.before !== undefined)
      where.add('(a.occurred_at, a.event_id) < ($::timestamptz, $)', filter.before.at, filter.before.id);
    // The same assessment's findings under the same filter, spelled as activity_assessment_idx is.
    const sameGroup = (alias: string): string =>
      [
        `${alias}.organization_id = a.organization_id`,
        `${alias}.event = 'finding.created'`,
        `${alias}.details->>'assessment_id' = a.details->>'assessment_id'`,
        ...(filter.systemId === undefined ? [] : [`${alias}.system_id = a.system_id`]),
        ...(filter.severity === undefined ? [] : [`${alias}.severity = a.severity`]),
        ...(filter.since === undefined
          ? []
          : [`${alias}.occurred_at >= ${where.param(filter.since)}::timestamptz`]),
      ].join(' AND ');
    // Not through where.add, which would read the placeholders already in it as its own.
    const newestOfGroup = `NOT (a.event = 'finding.created' AND EXISTS (SELECT 1 FROM dashboard.activity n
         WHERE ${sameGroup('n')} AND (n.occurred_at, n.event_id) > (a.occurred_at, a.event_id)))`;
    return await this.dataSource.query<ActivityRow[]>(
      `SELECT a.event_id, a.event, a.severity, a.system_id, a.occurred_at, a.details, s.name AS system_name,
         g.findings
       FROM dashboard.activity a
       LEFT JOIN dashboard.systems s ON s.organization_id = a.organization_id AND s.system_id = a.system_id
       LEFT JOIN LATERAL (
         SELECT json_build_object(
           'CRITICAL', count(*) FILTER (WHERE f.severity = 'CRITICAL'),
           'HIGH', count(*) FILTER (WHERE f.severity = 'HIGH'),
           'MEDIUM', count(*) FILTER (WHERE f.severity = 'MEDIUM'),
           'INFO', count(*) FILTER (WHERE f.severity = 'INFO')) AS findings
         FROM dashboard.activity f WHERE a.event = 'finding.created' AND ${sameGroup('f')}
       ) g ON a.event = 'finding.created'
       WHERE ${where.sql} AND ${newestOfGroup}
       ORDER BY a.occurred_at DESC, a.event_id DESC
       LIMIT ${where.param(limit)}`,
      where.params,
    );
  }

  /** How many entries the feed has under `filter` (its grouped findings counted once per assessment). */
  async countActivity(organizationId: string, filter: Omit<ActivityFilter, 'before'>): Promise<number> {
    const where = new SqlConditions().add('organization_id = $', organizationId);
    if (filter.event !== undefined) where.add('event = $', filter.event);
    if (filter.excludeEvent !== undefined) where.add('event <> $', filter.excludeEvent);
    if (filter.systemId !== undefined) where.add('system_id = $', filter.systemId);
    if (filter.policyId !== undefined)
      where.add("event = 'policy.violated' AND details->>'policy_id' = $", filter.policyId);
    if (filter.severity !== undefined) where.add('severity = $', filter.severity);
    if (filter.since !== undefined) where.add('occurred_at >= $', filter.since);
    const [row] = await this.dataSource.query<Array<{ count: number }>>(
      `SELECT (count(*) FILTER (WHERE event <> 'finding.created')
         + count(DISTINCT details->>'assessment_id') FILTER (WHERE event = 'finding.created'))::int AS count
       FROM dashboard.activity WHERE ${where.sql}`,
      where.params,
    );
    return row?.count ?? 0;
  }
}
