import { newUuidV7, type TelemetryEventRecord, type TelemetryRecord } from '@governance/contracts';
import { type OutboxMessage, telemetryEventMessage } from '@governance/messaging';
import { probeEvent } from '../probes/probe-event';
import { type ProbeEventDraft, type ProbeKey } from './telemetry.repository';

/** Stands for the system id while serializing; the id is only known once the probe row is read. */
const SYSTEM_ID_SLOT = '\u0000system_id\u0000';
const SLOT_JSON = JSON.stringify(SYSTEM_ID_SLOT);

/**
 * The outbox row of `message`, its payload split around the system id slot. The payload stays exactly
 * JSON.stringify(record) once the id is spliced in: the slot is a JSON string in the one place the id
 * goes, and the first occurrence is that place, since only ids and timestamps are serialized before it.
 */
function draftOf(
  when: ProbeEventDraft['when'],
  probeId: string,
  message: OutboxMessage,
  traceHeaders: Record<string, string> = {},
): ProbeEventDraft {
  const at = message.payload.indexOf(SLOT_JSON);
  if (at < 0) throw new Error('the serialized event has no system id slot');
  return {
    when,
    organizationId: message.key,
    probeId,
    eventId: message.eventId,
    topic: message.topic,
    eventType: message.eventType,
    headers: JSON.stringify({ ...message.headers, ...traceHeaders }),
    payloadBefore: message.payload.slice(0, at),
    payloadAfter: message.payload.slice(at + SLOT_JSON.length),
  };
}

/** telemetry.received of one batch; the commit runs outside the request, so its trace headers come along. */
export function telemetryEventDraft(
  { organizationId, probeId, records }: ProbeKey & { records: TelemetryRecord[] },
  timestamp: string,
  traceHeaders: Record<string, string> = {},
): ProbeEventDraft {
  const record: TelemetryEventRecord = {
    id: newUuidV7(),
    organization_id: organizationId,
    event: 'telemetry.received',
    timestamp,
    details: { probe_id: probeId, system_id: SYSTEM_ID_SLOT, received_at: timestamp, records },
  };
  return draftOf('telemetry', probeId, telemetryEventMessage(record), traceHeaders);
}

/** The probe.connection_changed event written if this commit is what reconnects the probe. */
export function reconnectedEventDraft(
  { organizationId, probeId }: ProbeKey,
  timestamp: string,
): ProbeEventDraft {
  const details = {
    probe_id: probeId,
    system_id: SYSTEM_ID_SLOT,
    connection: 'connected',
    last_seen_at: timestamp,
  } as const;
  return draftOf(
    'reconnected',
    probeId,
    probeEvent(organizationId, 'probe.connection_changed', details, timestamp),
  );
}
