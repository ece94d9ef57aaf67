import { Badge } from '../design/badge';
import { HEALTH_LABELS, OUTCOME_LABELS } from './labels';
import { percent } from './webhook-health';
import { type Outcome, type WebhookHealth } from './webhooks.queries';

export function ActiveBadge({ active }: { active: boolean }) {
  return active ? <Badge tone="success">Active</Badge> : <Badge tone="warning">Paused</Badge>;
}

export function OutcomeBadge({ outcome }: { outcome: Outcome }) {
  const { label, tone } = OUTCOME_LABELS[outcome];
  return <Badge tone={tone}>{label}</Badge>;
}

/** The endpoint's health, its success rate beside it: a failing endpoint never looks like a working one. */
export function HealthBadge({ health }: { health: WebhookHealth }) {
  const { label, tone } = HEALTH_LABELS[health.status];
  return (
    <Badge tone={tone}>
      {health.success_rate === null ? label : `${label} · ${percent(health.success_rate)}`}
    </Badge>
  );
}
