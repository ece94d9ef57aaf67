import { type InternalEventRecord } from './internal-event';

export const RISK_TIERS = ['unacceptable', 'high', 'limited', 'minimal', 'unclassified'] as const;
export type RiskTier = (typeof RISK_TIERS)[number];

export const SYSTEM_STATUSES = ['active', 'retired'] as const;
export type SystemStatus = (typeof SYSTEM_STATUSES)[number];

/** The three ways a system enters the inventory; each shows in `registration_source`. */
export const REGISTRATION_SOURCES = ['api', 'probe', 'shadow_ai_discovery'] as const;
export type RegistrationSource = (typeof REGISTRATION_SOURCES)[number];

/**
 * How the system was found: `manual` (a person, through the API), `probe_registration` (a probe named it
 * when registering), `unknown_system_id` (telemetry carried a system id nobody registered) or
 * `observed_endpoint` (telemetry showed calls to a known AI API host no registered system claims).
 */
export const DISCOVERY_METHODS = [
  'manual',
  'probe_registration',
  'unknown_system_id',
  'observed_endpoint',
] as const;
export type DiscoveryMethod = (typeof DISCOVERY_METHODS)[number];

/** A system as the systems service announces it: the whole record after every change. */
export interface SystemSnapshot {
  system_id: string;
  name: string;
  description: string | null;
  owner: string | null;
  vendor: string | null;
  model: string | null;
  risk_tier: RiskTier;
  environment: string | null;
  host: string | null;
  runtime: string | null;
  tags: string[];
  declared: boolean;
  registration_source: RegistrationSource;
  discovery_method: DiscoveryMethod;
  status: SystemStatus;
  created_at: string;
  updated_at: string;
}

/**
 * A system that already existed under the same name when a probe or discovery asked for it: the requested
 * id now stands for `system_id`, and whoever holds `requested_system_id` should follow it.
 */
export interface SystemRegistrationMergedDetails {
  requested_system_id: string;
  system_id: string;
  name: string;
}

export interface SystemsEventDetails {
  'system.created': SystemSnapshot;
  'system.updated': SystemSnapshot;
  'system.registration_merged': SystemRegistrationMergedDetails;
}
export type SystemsEventType = keyof SystemsEventDetails;

/** Internal events of the systems service, published on INTERNAL_TOPICS.systems. */
export type SystemsEventRecord = InternalEventRecord<SystemsEventDetails>;
