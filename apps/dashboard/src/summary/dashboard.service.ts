import { Inject, Injectable } from '@nestjs/common';
import { ISO_MILLISECONDS, readPage } from '@governance/platform';
import { type ActivityPage, type ActivityQuery } from '../activity/activity.dto';
import { findingsGroup, summarizeActivity } from '../activity/activity-summary';
import {
  aggregateCompliance,
  countCompliance,
  meanScore,
  normalizeVerdict,
} from '../compliance/compliance-status';
import { DASHBOARD_CONFIG, type DashboardConfig } from '../config';
import { governanceScore } from '../score/governance-score';
import { DashboardQueryRepository } from './dashboard-query.repository';
import { type ComplianceStatusResponse, type SummaryResponse } from './summary.dto';

/** `next_cursor` of the activity feed: the last entry's time and event id. */
const ACTIVITY_CURSOR = { at: ISO_MILLISECONDS, id: /^[\w.:-]{1,100}$/ };

@Injectable()
export class DashboardService {
  constructor(
    private readonly queries: DashboardQueryRepository,
    @Inject(DASHBOARD_CONFIG) private readonly config: DashboardConfig,
  ) {}

  async summary(organizationId: string, now: Date = new Date()): Promise<SummaryResponse> {
    const [systems, probes, openFindings, tallies, policies, violations, drift, updatedAt] =
      await Promise.all([
        this.queries.systemCounts(organizationId),
        this.queries.probeCounts(organizationId),
        this.queries.openFindingsBySeverity(organizationId),
        this.queries.verdictTallies(organizationId),
        this.queries.policyCounts(organizationId),
        this.queries.countEventsSince(
          organizationId,
          'policy.violated',
          new Date(now.getTime() - this.config.violationWindowMs),
        ),
        this.queries.countEventsSince(
          organizationId,
          'drift.detected',
          new Date(now.getTime() - this.config.driftWindowMs),
        ),
        this.queries.updatedAt(organizationId),
      ]);
    const verdicts = { pass: 0, conditional: 0, fail: 0 };
    for (const tally of tallies) verdicts[normalizeVerdict(tally.verdict)] += tally.systems;
    const score = governanceScore({
      verdicts,
      openFindings,
      systems: { total: systems.total, declared: systems.declared },
      probes: { total: probes.total, disconnected: probes.disconnected },
      violationsInWindow: violations,
      driftAlertsInWindow: drift,
    });
    return {
      governance_score: score.score,
      average_assessment_score: meanScore(tallies),
      score_breakdown: { state: score.state, ...score.components },
      systems: {
        total: systems.total,
        declared: systems.declared,
        shadow: systems.total - systems.declared,
        by_risk_tier: systems.by_risk_tier,
        by_status: systems.by_status,
      },
      probes,
      findings: { open: Object.values(openFindings).reduce((a, b) => a + b, 0), by_severity: openFindings },
      compliance: countCompliance(aggregateCompliance(tallies)),
      policies,
      violations_24h: violations,
      drift_alerts_7d: drift,
      updated_at: updatedAt?.toISOString() ?? null,
    };
  }

  async complianceStatus(organizationId: string): Promise<ComplianceStatusResponse> {
    return { data: aggregateCompliance(await this.queries.verdictTallies(organizationId)) };
  }

  async activity(organizationId: string, query: ActivityQuery): Promise<ActivityPage> {
    const filter = {
      event: query.event,
      excludeEvent: query.exclude_event,
      systemId: query.system_id,
      policyId: query.policy_id,
      severity: query.severity,
      since: query.since === undefined ? undefined : new Date(query.since),
    };
    const [page, total] = await Promise.all([
      readPage(
        query,
        ACTIVITY_CURSOR,
        (limit, before) => this.queries.listActivity(organizationId, { ...filter, before }, limit),
        (row) => ({ at: row.occurred_at.toISOString(), id: row.event_id }),
        (row) => {
          const findings = row.findings === null ? undefined : findingsGroup(row.findings);
          return {
            id: row.event_id,
            event: row.event,
            severity: findings?.severity ?? row.severity,
            system_id: row.system_id,
            summary: summarizeActivity(row, row.system_name, findings),
            count: findings?.count ?? 1,
            timestamp: row.occurred_at.toISOString(),
          };
        },
      ),
      query.with_total === 'true' ? this.queries.countActivity(organizationId, filter) : undefined,
    ]);
    return total === undefined ? page : { ...page, total };
  }
}
