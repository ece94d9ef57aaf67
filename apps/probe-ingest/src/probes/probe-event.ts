import {
  newUuidV7,
  type ProbeEventDetails,
  type ProbeEventRecord,
  type ProbeEventType,
} from '@governance/contracts';
import { type OutboxMessage, probeEventMessage } from '@governance/messaging';

/** The outbox message of an internal probe event (INTERNAL_TOPICS.probes). */
export function probeEvent<T extends ProbeEventType>(
  organizationId: string,
  event: T,
  details: ProbeEventDetails[T],
  timestamp: string,
): OutboxMessage {
  const record = { id: newUuidV7(), organization_id: organizationId, event, timestamp, details };
  return probeEventMessage(record as ProbeEventRecord);
}
