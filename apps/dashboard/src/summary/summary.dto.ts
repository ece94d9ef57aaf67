import { type Severity } from '@governance/contracts';
import { type ComplianceCounts, type FrameworkStatus } from '../compliance/compliance-status';
import { type ComponentName, type ScoreComponent } from '../score/governance-score';
import { type SystemCounts } from './dashboard-query.repository';

export interface SummaryResponse {
  governance_score: number;
  score_breakdown: { state: 'onboarding' | 'scored' } & Record<ComponentName, ScoreComponent>;
  systems: SystemCounts & { shadow: number };
  probes: { total: number; connected: number; disconnected: number };
  findings: { open: number; by_severity: Record<Severity, number> };
  compliance: ComplianceCounts;
  policies: { active: number; block: number; warn: number };
  violations_24h: number;
  drift_alerts_7d: number;
  /** Time of the newest event applied for the organization; null before any. */
  updated_at: string | null;
}

export interface ComplianceStatusResponse {
  data: FrameworkStatus[];
}
