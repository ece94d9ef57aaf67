import { newId, newUuidV7, type TelemetryEventRecord, type TelemetryRecord } from '@governance/contracts';
import { type OutboxMessage, telemetryEventMessage } from '@governance/messaging';
import { eventually, type ServiceHarness } from '@governance/testing';
import { normal, type Rng } from './synthetic-stream';

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

export function telemetryMessage(
  organizationId: string,
  probe: { systemId: string; probeId: string },
  records: TelemetryRecord[],
): OutboxMessage {
  const record: TelemetryEventRecord = {
    id: newUuidV7(),
    organization_id: organizationId,
    event: 'telemetry.received',
    timestamp: new Date().toISOString(),
    details: {
      probe_id: probe.probeId,
      system_id: probe.systemId,
      received_at: new Date().toISOString(),
      records,
    },
  };
  return telemetryEventMessage(record);
}

/** `size` records whose `output.score` is normal(shift, 1) and whose latency_ms never moves. */
export function scoreRecords(rng: Rng, size: number, shift: number): TelemetryRecord[] {
  const timestamp = new Date().toISOString();
  return Array.from({ length: size }, () => ({
    timestamp,
    metrics: { 'output.score': normal(rng) + shift, latency_ms: 100 + 10 * normal(rng) },
  }));
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

/** The records of one type this service committed to its outbox, for one organization. */
export async function outboxRecords<T = Record<string, unknown>>(
  harness: ServiceHarness,
  eventType: string,
  organizationId: string,
): Promise<T[]> {
  const rows = await harness.sql.query<Array<{ payload: string }>>(
    `SELECT payload FROM probe_ingest.outbox WHERE event_type = $1 ORDER BY position`,
    [eventType],
  );
  return rows
    .map((row) => JSON.parse(row.payload) as T & { organization_id: string })
    .filter((record) => record.organization_id === organizationId);
}
