import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';

export interface ProbeKey {
  organizationId: string;
  probeId: string;
}

export const probeKey = (probe: ProbeKey): string => `${probe.organizationId}/${probe.probeId}`;

/**
 * An outbox row whose payload is only complete once the probe is found: the serialized record reads
 * `payloadBefore`, the probe's system id as a JSON string, then `payloadAfter`.
 */
export interface ProbeEventDraft extends ProbeKey {
  /** `telemetry`: written when the probe is found; `reconnected`: only when this commit reconnects it. */
  when: 'telemetry' | 'reconnected';
  eventId: string;
  topic: string;
  eventType: string;
  /** JSON text of the headers. */
  headers: string;
  payloadBefore: string;
  payloadAfter: string;
}

/** The SQL of the telemetry path: one statement per group commit, whatever the number of batches. */
@Injectable()
export class TelemetryRepository {
  /**
   * One statement, so one round trip, atomic without a transaction: finds each probe of its organization,
   * marks it heard from at `at` and connected, writes the events of the probes found into `outboxTable`
   * (telemetry first, then reconnections, each in the order given) and returns the probes found.
   * A probe heard from since `touchedSince` is neither written nor locked, so group commits of one busy
   * probe do not queue on its row lock; written rows are locked in probe id order, so commits cannot deadlock.
   * to_json(system_id) spells the id as JSON.stringify does; payloads travel as scalar text parameters
   * (an array parameter would be escaped element by element, slow for kilobytes of JSON).
   */
  async commitTelemetry(
    manager: EntityManager,
    outboxTable: string,
    drafts: ProbeEventDraft[],
    at: Date,
    touchedSince: Date,
  ): Promise<ProbeKey[]> {
    const params: unknown[] = [at, touchedSince];
    const rows = drafts.map((draft, index) => {
      const p = params.length;
      params.push(
        draft.organizationId,
        draft.probeId,
        draft.eventId,
        draft.topic,
        draft.eventType,
        draft.headers,
        draft.payloadBefore,
        draft.payloadAfter,
      );
      const when = draft.when === 'telemetry' ? 1 : 2;
      return `(${when}, ${index}, $${p + 1}, $${p + 2}, $${p + 3}::uuid, $${p + 4}, $${p + 5}, $${p + 6}::jsonb, $${p + 7}, $${p + 8})`;
    });
    return manager.query<ProbeKey[]>(
      `WITH draft (kind, ord, organization_id, probe_id, event_id, topic, event_type, headers, payload_before, payload_after) AS (
         VALUES ${rows.join(', ')}
       ), wanted AS (
         SELECT DISTINCT organization_id, probe_id FROM draft
       ), found AS (
         SELECT p.probe_id, p.organization_id, p.system_id FROM probe_ingest.probes p
         JOIN wanted w ON w.probe_id = p.probe_id AND w.organization_id = p.organization_id
       ), due AS (
         SELECT p.probe_id, p.connection FROM probe_ingest.probes p
         JOIN wanted w ON w.probe_id = p.probe_id AND w.organization_id = p.organization_id
         WHERE p.connection = 'disconnected' OR p.last_telemetry_at IS NULL OR p.last_telemetry_at < $2
         ORDER BY p.probe_id
         FOR UPDATE OF p
       ), touched AS (
         UPDATE probe_ingest.probes p SET
           last_telemetry_at = greatest(p.last_telemetry_at, $1::timestamptz),
           connection = 'connected'
         FROM due
         WHERE p.probe_id = due.probe_id
         RETURNING p.probe_id, due.connection AS previous_connection
       ), written AS (
         INSERT INTO ${outboxTable} (event_id, topic, message_key, event_type, headers, payload)
         SELECT d.event_id, d.topic, d.organization_id, d.event_type, d.headers,
                d.payload_before || to_json(f.system_id)::text || d.payload_after
         FROM draft d
         JOIN found f ON f.probe_id = d.probe_id AND f.organization_id = d.organization_id
         LEFT JOIN touched t ON t.probe_id = d.probe_id
         WHERE d.kind = 1 OR t.previous_connection = 'disconnected'
         ORDER BY d.kind, d.ord
       )
       SELECT organization_id AS "organizationId", probe_id AS "probeId" FROM found`,
      params,
    );
  }
}
