import { PUBLIC_EVENT_TYPES, type PublicEventType } from './public-events';

/** One public topic per event type: `governance.<event>`. Records are keyed by organization id. */
export type PublicTopic<T extends PublicEventType = PublicEventType> = `governance.${T}`;

export function publicTopicFor<T extends PublicEventType>(event: T): PublicTopic<T> {
  return `governance.${event}`;
}

export const PUBLIC_TOPICS: readonly PublicTopic[] = PUBLIC_EVENT_TYPES.map(publicTopicFor);

/** Internal topics carry events between our own services; downstream teams should not rely on them. */
export const INTERNAL_TOPICS = {
  tenancy: 'governance.internal.tenancy',
  systems: 'governance.internal.systems',
  probes: 'governance.internal.probes',
  telemetry: 'governance.internal.telemetry',
  policies: 'governance.internal.policies',
  /** Every service's audit entries and key usage, for the identity service's audit trail. */
  audit: 'governance.internal.audit',
} as const;

/**
 * The systems service's consumer group of INTERNAL_TOPICS.probes. Probe ingest, having asked for a system,
 * waits until this group has processed the request (so the system is announced) before it answers with
 * the system's id: other services then know the id at once.
 */
export const SYSTEMS_REGISTRATION_GROUP = 'systems.probe-events';

/** Kafka header names on every record we publish. */
export const EVENT_HEADERS = {
  eventId: 'event-id',
  eventType: 'event-type',
  organizationId: 'organization-id',
  schemaVersion: 'schema-version',
} as const;

export const SCHEMA_VERSION = '1';
