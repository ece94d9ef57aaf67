import {
  EVENT_HEADERS,
  INTERNAL_TOPICS,
  type PublicEventRecord,
  publicTopicFor,
  SCHEMA_VERSION,
  type PolicyEventRecord,
  type ProbeEventRecord,
  type SystemsEventRecord,
  type TelemetryEventRecord,
  type TenancyEventRecord,
  type AuditEventRecord,
} from '@governance/contracts';

/** A record waiting in a service's outbox, exactly as it will be published. */
export interface OutboxMessage {
  eventId: string;
  topic: string;
  /** The organization id: all of one tenant's records land on one partition, in order. */
  key: string;
  eventType: string;
  headers: Record<string, string>;
  /** The serialized record value; kept as text so every consumer sees identical bytes. */
  payload: string;
}

/** How many of `messages` there are of each event type, for the counters by event type. */
export function countByEventType(
  messages: ReadonlyArray<Pick<OutboxMessage, 'eventType'>>,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { eventType } of messages) counts.set(eventType, (counts.get(eventType) ?? 0) + 1);
  return counts;
}

function message(
  topic: string,
  record: { id: string; organization_id: string; event: string },
): OutboxMessage {
  return {
    eventId: record.id,
    topic,
    key: record.organization_id,
    eventType: record.event,
    headers: {
      [EVENT_HEADERS.eventId]: record.id,
      [EVENT_HEADERS.eventType]: record.event,
      [EVENT_HEADERS.organizationId]: record.organization_id,
      [EVENT_HEADERS.schemaVersion]: SCHEMA_VERSION,
    },
    payload: JSON.stringify(record),
  };
}

export function publicEventMessage(record: PublicEventRecord): OutboxMessage {
  return message(publicTopicFor(record.event), record);
}

export function tenancyEventMessage(record: TenancyEventRecord): OutboxMessage {
  return message(INTERNAL_TOPICS.tenancy, record);
}

export function auditEventMessage(record: AuditEventRecord): OutboxMessage {
  return message(INTERNAL_TOPICS.audit, record);
}

export function systemsEventMessage(record: SystemsEventRecord): OutboxMessage {
  return message(INTERNAL_TOPICS.systems, record);
}

export function probeEventMessage(record: ProbeEventRecord): OutboxMessage {
  return message(INTERNAL_TOPICS.probes, record);
}

export function policyEventMessage(record: PolicyEventRecord): OutboxMessage {
  return message(INTERNAL_TOPICS.policies, record);
}

export function telemetryEventMessage(record: TelemetryEventRecord): OutboxMessage {
  return message(INTERNAL_TOPICS.telemetry, record);
}
