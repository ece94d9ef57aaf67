import { Inject, Injectable } from '@nestjs/common';
import { SEVERITIES, type Severity } from '@governance/contracts';
import { decodeKeysetCursor, encodeKeysetCursor, ISO_MILLISECONDS } from '@governance/platform';
import { type ActivityPage, type ActivityQuery } from '../activity/activity.dto';
import { summarizeActivity } from '../activity/activity-summary';
import { aggregateCompliance, countCompliance } from '../compliance/compliance-status';
import { type DashboardConfig } from '../config';
import { DASHBOARD_CONFIG } from '../dashboard.tokens';
import { governanceScore } from '../score/governance-score';
import { DashboardQueryRepository } from './dashboard-query.repository';
import { type ComplianceStatusResponse, type SummaryResponse } from './summary.dto';

const DEFAULT_PAGE_SIZE = 20;

/** `next_cursor` of the activity feed: the last entry's time and event id. */
const ACTIVITY_CURSOR = { at: ISO_MILLISECONDS, id: /^[\w.:-]{1,100}$/ };

@Injectable()
export class DashboardService {
  constructor(
    private readonly queries: DashboardQueryRepository,
    @Inject(DASHBOARD_CONFIG) private readonly config: DashboardConfig,
  ) {}

  async summary(organizationId: string, now: Date = new Date()): Promise<SummaryResponse> {
    const [systems, probes, findingRows, verdicts, policies, violations, drift, updatedAt] =
      await Promise.all([
        this.queries.systemCounts(organizationId),
        this.queries.probeCounts(organizationId),
        this.queries.openFindingsBySeverity(organizationId),
        this.queries.latestVerdicts(organizationId),
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
    const bySeverity = Object.fromEntries(SEVERITIES.map((severity) => [severity, 0])) as Record<
      Severity,
      number
    >;
    for (const row of findingRows) {
      if ((SEVERITIES as readonly string[]).includes(row.severity))
        bySeverity[row.severity as Severity] += row.count;
    }
    const score = governanceScore({
      verdicts: verdicts.map((entry) => entry.verdict),
      openFindings: bySeverity,
      systems: { total: systems.total, declared: systems.declared },
      probes: { total: probes.total, disconnected: probes.disconnected },
      violationsInWindow: violations,
      driftAlertsInWindow: drift,
    });
    return {
      governance_score: score.score,
      score_breakdown: { state: score.state, ...score.components },
      systems: {
        total: systems.total,
        declared: systems.declared,
        shadow: systems.total - systems.declared,
        by_risk_tier: systems.by_risk_tier,
        by_status: systems.by_status,
      },
      probes,
      findings: { open: Object.values(bySeverity).reduce((a, b) => a + b, 0), by_severity: bySeverity },
      compliance: countCompliance(aggregateCompliance(verdicts)),
      policies,
      violations_24h: violations,
      drift_alerts_7d: drift,
      updated_at: updatedAt?.toISOString() ?? null,
    };
  }

  async complianceStatus(organizationId: string): Promise<ComplianceStatusResponse> {
    return { data: aggregateCompliance(await this.queries.latestVerdicts(organizationId)) };
  }

  async activity(organizationId: string, query: ActivityQuery): Promise<ActivityPage> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const before = query.cursor === undefined ? undefined : decodeKeysetCursor(query.cursor, ACTIVITY_CURSOR);
    const rows = await this.queries.listActivity(
      organizationId,
      {
        ...(query.event === undefined ? {} : { event: query.event }),
        ...(query.system_id === undefined ? {} : { systemId: query.system_id }),
        ...(query.severity === undefined ? {} : { severity: query.severity }),
        ...(query.since === undefined ? {} : { since: new Date(query.since) }),
        ...(before === undefined ? {} : { before }),
      },
      limit + 1,
    );
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      data: page.map((row) => ({
        id: row.event_id,
        event: row.event,
        severity: row.severity,
        system_id: row.system_id,
        summary: summarizeActivity(row, row.system_name),
        timestamp: row.occurred_at.toISOString(),
      })),
      next_cursor:
        rows.length > limit && last
          ? encodeKeysetCursor({ at: last.occurred_at.toISOString(), id: last.event_id })
          : null,
    };
  }
}
