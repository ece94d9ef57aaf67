import { type ActivityPage } from '../activity/activity.dto';
import { type ComplianceStatusResponse, type SummaryResponse } from './summary.dto';

/* Examples of the dashboard; the response types check them. */

const component = (weight: number, value: number, detail: string) => ({
  weight,
  value,
  points: Math.round(weight * value * 10) / 10,
  detail,
});

export const examples = {
  summary: {
    governance_score: 79.3,
    average_assessment_score: 0.72,
    score_breakdown: {
      state: 'scored',
      compliance: component(40, 0.67, '2 of 3 frameworks passing'),
      findings: component(25, 0.8, '1 high and 3 medium findings open'),
      inventory_coverage: component(15, 0.9, '9 of 10 systems declared'),
      runtime_health: component(20, 0.95, '19 of 20 probes connected'),
    },
    systems: {
      total: 10,
      declared: 9,
      shadow: 1,
      by_risk_tier: { unacceptable: 0, high: 3, limited: 4, minimal: 2, unclassified: 1 },
      by_status: { active: 10, retired: 0 },
    },
    probes: { total: 20, connected: 19, disconnected: 1 },
    findings: { open: 4, by_severity: { INFO: 0, MEDIUM: 3, HIGH: 1, CRITICAL: 0 } },
    compliance: { frameworks_assessed: 3, passing: 2, conditional: 1, failing: 0 },
    policies: { active: 12, block: 4, warn: 8 },
    violations_24h: 2,
    drift_alerts_7d: 1,
    updated_at: '2026-11-22T10:59:41.000Z',
  } satisfies SummaryResponse,
  complianceStatus: {
    data: [
      {
        framework: 'EU_AI_ACT',
        name: 'EU Artificial Intelligence Act',
        status: 'conditional',
        score: 0.72,
        systems_assessed: 3,
        last_assessed_at: '2026-11-22T10:20:04.000Z',
      },
    ],
  } satisfies ComplianceStatusResponse,
  activity: {
    data: [
      {
        id: '019374c0-1a2b-7c3d-8e4f-5a6b7c8d9e0f',
        event: 'probe.disconnected',
        severity: 'HIGH',
        system_id: 'sys_01JD60A1B2C3D4E5F6G7H8J9KM',
        summary: 'Probe edge-1 disconnected after 6 minutes of silence',
        count: 1,
        timestamp: '2026-11-22T10:59:41.000Z',
      },
    ],
    next_cursor: null,
  } satisfies ActivityPage,
};
