import { Badge, type BadgeTone } from '../design/badge';
import { RISK_TIER_LABELS, type RiskTier } from './labels';
import { type SystemSummary } from './systems.queries';

const RISK_TONES: Readonly<Record<RiskTier, BadgeTone>> = {
  unacceptable: 'danger',
  high: 'danger',
  limited: 'warning',
  minimal: 'success',
  unclassified: 'neutral',
};

export function RiskBadge({ tier }: { tier: RiskTier }) {
  return <Badge tone={RISK_TONES[tier]}>{RISK_TIER_LABELS[tier]}</Badge>;
}

/** Shadow systems stand out: found by discovery, nobody declared them. */
export function DeclaredBadge({ system }: { system: Pick<SystemSummary, 'declared'> }) {
  return system.declared ? (
    <Badge tone="info">Declared</Badge>
  ) : (
    <Badge tone="warning" title="Found by shadow AI discovery; nobody has declared it yet">
      Shadow
    </Badge>
  );
}

export function StatusBadge({ status }: { status: SystemSummary['status'] }) {
  return status === 'active' ? <Badge tone="success">Active</Badge> : <Badge>Retired</Badge>;
}
