import { type BadgeTone } from '../design/badge';
import { type HealthStatus, type Outcome } from './webhook-types';

export { EVENT_DESCRIPTIONS } from '../api/catalog.generated';

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
