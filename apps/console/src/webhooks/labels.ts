import { type BadgeTone } from '../design/badge';
import { type EventType, type HealthStatus, type Outcome } from './webhook-types';

export const EVENT_DESCRIPTIONS: Readonly<Record<EventType, string>> = {
  'finding.created': 'An assessment found a gap in a control.',
  'assessment.complete': 'An assessment finished, with its score.',
  'policy.violated': 'A system broke an enforced policy.',
  'drift.detected': 'A system’s behaviour drifted from its baseline.',
  'probe.disconnected': 'A probe stopped sending heartbeats.',
  'system.registered': 'A system was registered or discovered.',
};

export const OUTCOME_LABELS: Readonly<Record<Outcome, { label: string; tone: BadgeTone }>> = {
  pending: { label: 'Pending', tone: 'info' },
  succeeded: { label: 'Succeeded', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

export const HEALTH_LABELS: Readonly<Record<HealthStatus, { label: string; tone: BadgeTone }>> = {
  healthy: { label: 'Healthy', tone: 'success' },
  degraded: { label: 'Degraded', tone: 'warning' },
  failing: { label: 'Failing', tone: 'danger' },
  idle: { label: 'No recent attempts', tone: 'neutral' },
};
