import { Badge } from '../design/badge';
import { OUTCOME_LABELS } from './labels';
import { type Outcome } from './webhooks.queries';

export function ActiveBadge({ active }: { active: boolean }) {
  return active ? <Badge tone="success">Active</Badge> : <Badge tone="warning">Paused</Badge>;
}

export function OutcomeBadge({ outcome }: { outcome: Outcome }) {
  const { label, tone } = OUTCOME_LABELS[outcome];
  return <Badge tone={tone}>{label}</Badge>;
}
