import {
  newId,
  newUuidV7,
  type SystemSnapshot,
  type SystemsEventRecord,
  type TelemetryRecord,
} from '@governance/contracts';
import { policyEventMessage, systemsEventMessage, telemetryEventMessage } from '@governance/messaging';
import {
  policySnapshot,
  ServiceHarness,
  type TestDatabase,
  type TestOrganization,
} from '@governance/testing';
import { createService } from '../service';

export { eventually, type TestOrganization } from '@governance/testing';

export type ProbeIngestHarness = ServiceHarness;

/** The probe ingest service in-process on a real database, with a short silence window for tests. */
export const ProbeIngestHarness = {
  start(
    options: { env?: Record<string, string>; kafkaBrokers?: string; database?: TestDatabase } = {},
  ): Promise<ServiceHarness> {
    return ServiceHarness.start(createService, {
      ...(options.kafkaBrokers ? { kafkaBrokers: options.kafkaBrokers } : {}),
      ...(options.database ? { database: options.database } : {}),
      env: {
        PROBE_SILENCE_MS: '1500',
        PROBE_SILENCE_SWEEP_MS: '100',
        ...options.env,
      },
    });
  },
};

export interface RegisteredProbe {
  probe_id: string;
  system_id: string;
  probe_name: string;
  host: string;
  runtime: string | null;
  environment: string | null;
  version: string | null;
  registered_at: string;
}

/** Registers a probe through the API, naming a new system unless told otherwise. */
export async function registerProbe(
  harness: ServiceHarness,
  organization: TestOrganization,
  body: Record<string, unknown> = {},
): Promise<RegisteredProbe> {
  const response = await harness.request('POST', '/api/service/probe/register', organization.apiKey, {
    probe_name: `probe-${newUuidV7().slice(-12)}`,
    host: 'ai-host-1.internal',
    ...(body.system_id === undefined ? { system_name: `System ${newUuidV7().slice(-12)}` } : {}),
    ...body,
  });
  if (response.statusCode !== 201 && response.statusCode !== 200)
    throw new Error(`register answered ${response.statusCode}: ${response.body}`);
  return response.json<RegisteredProbe>();
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

/** The records this service committed to its outbox, parsed; the outbox row is the durable copy. */
export async function outboxRecords<T = Record<string, unknown>>(
  harness: ServiceHarness,
  eventType: string,
): Promise<T[]> {
  const rows = await harness.sql.query<Array<{ payload: string }>>(
    `SELECT payload FROM probe_ingest.outbox WHERE event_type = $1 ORDER BY position`,
    [eventType],
  );
  return rows.map((row) => JSON.parse(row.payload) as T);
}

export function systemSnapshot(overrides: Partial<SystemSnapshot> = {}): SystemSnapshot {
  const at = new Date().toISOString();
  return {
    system_id: newId('system'),
    name: 'Support Bot',
    description: null,
    owner: null,
    vendor: 'OpenAI',
    model: 'gpt-4o',
    risk_tier: 'limited',
    environment: 'production',
    host: 'bot-1.internal',
    runtime: 'python3.12',
    tags: [],
    declared: true,
    registration_source: 'api',
    discovery_method: 'manual',
    status: 'active',
    created_at: at,
    updated_at: at,
    ...overrides,
  };
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
    `SELECT count(*)::int AS count FROM probe_ingest.outbox
     WHERE event_type IN ('telemetry.received', 'probe.registered', 'probe.heartbeat', 'probe.connection_changed')
        OR (event_type = 'system.registration_requested'
            AND payload::jsonb -> 'details' ->> 'registration_source' = 'probe')`,
  );
  return row?.count ?? 0;
}

/** A `telemetry.received` record of the internal telemetry topic, as this service's own relay puts it. */
export function telemetryReceived(organizationId: string) {
  const now = new Date().toISOString();
  return telemetryEventMessage({
    id: newUuidV7(),
    organization_id: organizationId,
    event: 'telemetry.received',
    timestamp: now,
    details: {
      probe_id: newId('probe'),
      system_id: newId('system'),
      received_at: now,
      records: [telemetryRecord()],
    },
  });
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
