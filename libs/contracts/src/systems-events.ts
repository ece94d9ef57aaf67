import { type InternalEventRecord } from './internal-event';
import {
  boolean,
  details,
  type DetailsOf,
  id,
  nonEmpty,
  nullableText,
  oneOf,
  arrayOf,
  text,
  timestamp,
  type TypeOf,
} from './json-schema';

export const RISK_TIERS = ['unacceptable', 'high', 'limited', 'minimal', 'unclassified'] as const;
export type RiskTier = (typeof RISK_TIERS)[number];

export const SYSTEM_STATUSES = ['active', 'retired'] as const;
export type SystemStatus = (typeof SYSTEM_STATUSES)[number];

/** The three ways a system enters the inventory; each shows in `registration_source`. */
export const REGISTRATION_SOURCES = ['api', 'probe', 'shadow_ai_discovery'] as const;

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

/** A system as the systems service announces it: the whole record after every change. */
const systemSnapshot = details({
  system_id: id('sys'),
  name: nonEmpty,
  description: nullableText,
  owner: nullableText,
  vendor: nullableText,
  model: nullableText,
  risk_tier: oneOf(RISK_TIERS),
  environment: nullableText,
  host: nullableText,
  runtime: nullableText,
  tags: arrayOf(text),
  declared: boolean,
  registration_source: oneOf(REGISTRATION_SOURCES),
  discovery_method: oneOf(DISCOVERY_METHODS),
  status: oneOf(SYSTEM_STATUSES),
  created_at: timestamp,
  updated_at: timestamp,
});
export type SystemSnapshot = TypeOf<typeof systemSnapshot>;

export const SYSTEMS_DETAILS_SCHEMAS = {
  'system.created': systemSnapshot,
  'system.updated': systemSnapshot,
  /**
   * A system that already existed under the same name when a probe or discovery asked for it: the
   * requested id now stands for `system_id`, and whoever holds `requested_system_id` should follow it.
   */
  'system.registration_merged': details({ requested_system_id: id('sys'), system_id: id('sys'), name: text }),
};
export type SystemsEventDetails = DetailsOf<typeof SYSTEMS_DETAILS_SCHEMAS>;

/** Internal events of the systems service, published on INTERNAL_TOPICS.systems. */
export type SystemsEventRecord = InternalEventRecord<SystemsEventDetails>;
