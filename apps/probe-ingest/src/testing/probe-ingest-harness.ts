import {
  INTERNAL_TOPICS,
  newId,
  newUuidV7,
  type SystemSnapshot,
  type SystemsEventRecord,
  type TelemetryEventRecord,
  type TelemetryRecord,
} from '@governance/contracts';
import {
  type OutboxMessage,
  policyEventMessage,
  systemsEventMessage,
  telemetryEventMessage,
} from '@governance/messaging';
import {
  eventually,
  policySnapshot,
  readOutbox,
  ServiceHarness,
  type ServiceHarnessOptions,
  systemSnapshot as fixtureSystemSnapshot,
  type TestOrganization,
} from '@governance/testing';
import { type ProbeRegistrationResponse } from '../probes/probe.dto';
import { createService } from '../service';

export { eventually, type TestOrganization } from '@governance/testing';

export type ProbeIngestHarness = ServiceHarness;

/** The probe ingest service in-process on a real database, with a short silence window for tests. */
export const ProbeIngestHarness = {
  start(options: ServiceHarnessOptions = {}): Promise<ServiceHarness> {
    return ServiceHarness.start(createService, {
      ...options,
      env: { PROBE_SILENCE_MS: '1500', PROBE_SILENCE_SWEEP_MS: '100', ...options.env },
    });
  },
};

/** Registers a probe through the API, naming a new system unless told otherwise. */
export async function registerProbe(
  harness: ServiceHarness,
  organization: TestOrganization,
  body: Record<string, unknown> = {},
): Promise<ProbeRegistrationResponse> {
  const response = await harness.request('POST', '/api/service/probe/register', organization.apiKey, {
    probe_name: `probe-${newUuidV7().slice(-12)}`,
    host: 'ai-host-1.internal',
    ...(body.system_id === undefined ? { system_name: `System ${newUuidV7().slice(-12)}` } : {}),
    ...body,
  });
  if (response.statusCode !== 201 && response.statusCode !== 200)
    throw new Error(`register answered ${response.statusCode}: ${response.body}`);
  return response.json<ProbeRegistrationResponse>();
}

/** A system and its probe, written straight into the tables registration fills. */
export async function seedProbe(
  harness: ServiceHarness,
  organizationId: string,
  system: { name: string; host?: string | null },
  probe: { host: string; runtime?: string; environment?: string } = { host: 'app-1.internal' },
): Promise<{ systemId: string; probeId: string }> {
  const systemId = newId('system');
  const probeId = newId('probe');
  await harness.sql.query(
    `INSERT INTO probe_ingest.systems (system_id, organization_id, name, host, declared) VALUES ($1, $2, $3, $4, true)`,
    [systemId, organizationId, system.name, system.host ?? null],
  );
  await harness.sql.query(
    `INSERT INTO probe_ingest.probes (probe_id, organization_id, system_id, probe_name, host, runtime, environment)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      probeId,
      organizationId,
      systemId,
      `probe-${probeId.slice(-6)}`,
      probe.host,
      probe.runtime ?? 'python3.12',
      probe.environment ?? 'production',
    ],
  );
  return { systemId, probeId };
}

/** Waits until a consumer of this service processed `count` events in all. */
export async function processed(harness: ServiceHarness, consumer: string, count: number): Promise<void> {
  await eventually(
    async () => {
      const [row] = await harness.sql.query<Array<{ count: number }>>(
        `SELECT count(*)::int AS count FROM probe_ingest.processed_events WHERE consumer_group = $1`,
        [`probe-ingest.${consumer}`],
      );
      return (row?.count ?? 0) >= count;
    },
    20_000,
    `${consumer} to process ${count} events`,
  );
}

export function telemetryRecord(overrides: Partial<TelemetryRecord> = {}): TelemetryRecord {
  return {
    timestamp: new Date().toISOString(),
    metrics: { latency_ms: 42.5, tokens_out: 128 },
    labels: { route: '/chat' },
    model: 'gpt-4o',
    ...overrides,
  };
}

export function sendTelemetry(
  harness: ServiceHarness,
  organization: TestOrganization,
  probeId: string,
  records: unknown[] = [telemetryRecord()],
) {
  return harness.request('POST', '/api/service/probe/telemetry', organization.apiKey, {
    probe_id: probeId,
    records,
  });
}

/** The records of one type this service committed to its outbox, parsed, optionally of one organization. */
export async function outboxRecords<T = Record<string, unknown>>(
  harness: ServiceHarness,
  eventType: string,
  organizationId?: string,
): Promise<T[]> {
  const records = (await readOutbox(harness, 'probe_ingest', eventType)).map((entry) => entry.record);
  return records.filter(
    (record) => organizationId === undefined || record.organization_id === organizationId,
  ) as T[];
}

/** A system as the systems service announces it: a chatbot on a known host. */
export function systemSnapshot(overrides: Partial<SystemSnapshot> = {}): SystemSnapshot {
  return fixtureSystemSnapshot({
    name: 'Support Bot',
    vendor: 'OpenAI',
    model: 'gpt-4o',
    risk_tier: 'limited',
    environment: 'production',
    host: 'bot-1.internal',
    runtime: 'python3.12',
    ...overrides,
  });
}

/** Publishes what the systems service would announce on its internal topic. */
export async function publishSystemsEvent(
  harness: ServiceHarness,
  organizationId: string,
  event: Pick<SystemsEventRecord, 'event' | 'details'>,
): Promise<void> {
  await harness.publishMessages([
    systemsEventMessage({
      id: newUuidV7(),
      organization_id: organizationId,
      timestamp: new Date().toISOString(),
      ...event,
    } as SystemsEventRecord),
  ]);
}

/**
 * Outbox rows the probe endpoints write (telemetry, probe events, systems requested by registration).
 * Drift and discovery consumers write rows of their own, later and on their own schedule, so "the
 * request wrote nothing" is checked on these alone.
 */
export async function countRequestWrites(harness: ServiceHarness): Promise<number> {
  const [row] = await harness.sql.query<Array<{ count: number }>>(
    `SELECT (SELECT count(*)::int FROM probe_ingest.outbox
             WHERE event_type IN ('probe.registered', 'probe.heartbeat', 'probe.connection_changed')
                OR (event_type = 'system.registration_requested'
                    AND payload::jsonb -> 'details' ->> 'registration_source' = 'probe'))
          + (SELECT count(*)::int FROM event_bus.events WHERE topic = $1) AS count`,
    [INTERNAL_TOPICS.telemetry],
  );
  return row?.count ?? 0;
}

/**
 * The telemetry.received records on the Postgres event log, oldest first, with the id of the
 * transaction that appended each: telemetry goes straight to the bus, without an outbox row.
 */
export async function loggedTelemetry(
  harness: ServiceHarness,
): Promise<Array<{ record: TelemetryEventRecord; transaction: string }>> {
  const rows = await harness.sql.query<Array<{ payload: string; transaction: string }>>(
    'SELECT payload, xmin::text AS transaction FROM event_bus.events WHERE topic = $1 ORDER BY position',
    [INTERNAL_TOPICS.telemetry],
  );
  return rows.map((row) => ({
    record: JSON.parse(row.payload) as TelemetryEventRecord,
    transaction: row.transaction,
  }));
}

/** A `telemetry.received` record of the internal telemetry topic, as this service's own relay puts it. */
export function telemetryMessage(
  organizationId: string,
  probe: { systemId: string; probeId: string },
  records: TelemetryRecord[],
): OutboxMessage {
  const now = new Date().toISOString();
  return telemetryEventMessage({
    id: newUuidV7(),
    organization_id: organizationId,
    event: 'telemetry.received',
    timestamp: now,
    details: { probe_id: probe.probeId, system_id: probe.systemId, received_at: now, records },
  });
}

/** A `telemetry.received` record of a probe and system nobody registered. */
export function telemetryReceived(organizationId: string): OutboxMessage {
  return telemetryMessage(organizationId, { systemId: newId('system'), probeId: newId('probe') }, [
    telemetryRecord(),
  ]);
}

/** A `policy.created` record, as the policies service announces it. */
export function policyCreated(organizationId: string) {
  const now = new Date().toISOString();
  return policyEventMessage({
    id: newUuidV7(),
    organization_id: organizationId,
    event: 'policy.created',
    timestamp: now,
    details: policySnapshot({ created_at: now, updated_at: now }),
  });
}
