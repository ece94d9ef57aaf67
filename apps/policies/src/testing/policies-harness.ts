import { ServiceHarness } from '@governance/testing';
import { createService } from '../service';

export { eventually, type TestOrganization } from '@governance/testing';

export type PoliciesHarness = ServiceHarness;

export const POLICIES_PATH = '/api/service/policies';

/** The policies service in-process on a fresh database, with the Postgres event log or a Kafka cluster. */
export const PoliciesHarness = {
  start(options: { env?: Record<string, string>; kafkaBrokers?: string } = {}): Promise<ServiceHarness> {
    return ServiceHarness.start(createService, {
      ...(options.kafkaBrokers ? { kafkaBrokers: options.kafkaBrokers } : {}),
      env: { ...options.env },
    });
  },
};

export interface OutboxEntry {
  eventId: string;
  topic: string;
  eventType: string;
  key: string;
  record: Record<string, unknown> & { details: Record<string, unknown> };
}

/** What the service has emitted so far, oldest first, read from its outbox. */
export async function readOutbox(harness: ServiceHarness, eventType?: string): Promise<OutboxEntry[]> {
  const rows = await harness.sql.query<
    Array<{ event_id: string; topic: string; event_type: string; message_key: string; payload: string }>
  >(
    `SELECT event_id, topic, event_type, message_key, payload FROM policies.outbox WHERE $1::text IS NULL OR event_type = $1 ORDER BY position`,
    [eventType ?? null],
  );
  return rows.map((row) => ({
    eventId: row.event_id,
    topic: row.topic,
    eventType: row.event_type,
    key: row.message_key,
    record: JSON.parse(row.payload) as OutboxEntry['record'],
  }));
}

/** A valid custom policy body; `overrides` replace or add fields. */
export function policyBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: `Low accuracy ${Math.random().toString(36).slice(2, 8)}`,
    description: 'Flags records below the accuracy floor',
    enforcement_mode: 'WARN',
    rules: { all: [{ field: 'metrics.accuracy', op: 'lt', value: 0.8 }] },
    ...overrides,
  };
}
