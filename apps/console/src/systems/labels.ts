import type { operations } from '../api/schema';

type System = operations['Systems_get']['responses'][200]['content']['application/json'];
export type RiskTier = System['risk_tier'];

export const RISK_TIERS: readonly RiskTier[] = ['unacceptable', 'high', 'limited', 'minimal', 'unclassified'];

export const RISK_TIER_LABELS: Readonly<Record<RiskTier, string>> = {
  unacceptable: 'Unacceptable',
  high: 'High',
  limited: 'Limited',
  minimal: 'Minimal',
  unclassified: 'Unclassified',
};

export const SOURCE_LABELS: Readonly<Record<System['registration_source'], string>> = {
  api: 'Registered',
  probe: 'Probe',
  shadow_ai_discovery: 'Shadow AI discovery',
};

export const DISCOVERY_LABELS: Readonly<Record<System['discovery_method'], string>> = {
  manual: 'Registered by hand',
  probe_registration: 'Probe registration',
  unknown_system_id: 'Telemetry named an unknown system',
  observed_endpoint: 'Telemetry called an AI API',
};
