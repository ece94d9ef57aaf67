import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {
  newId,
  newUuidV7,
  type ProbeEventDetails,
  type ProbeEventRecord,
  type ProbeEventType,
  PUBLIC_EVENT_SCHEMAS,
} from '@governance/contracts';
import { probeEventMessage } from '@governance/messaging';
import { type OutboxEntry, readOutbox as readOutboxOf, ServiceHarness } from '@governance/testing';
import { createService } from '../service';

export { eventually, type OutboxEntry, type TestOrganization } from '@governance/testing';

export type SystemsHarness = ServiceHarness;

export const SYSTEMS_PATH = '/api/service/systems';

/** The systems service in-process on a fresh database, with the Postgres event log or a Kafka cluster. */
export const SystemsHarness = {
  start(options: { env?: Record<string, string>; kafkaBrokers?: string } = {}): Promise<ServiceHarness> {
    return ServiceHarness.start(createService, options);
  },
};

/** What the service has emitted so far, oldest first, read from its outbox. */
export const readOutbox = (harness: ServiceHarness, eventType?: string): Promise<OutboxEntry[]> =>
  readOutboxOf(harness, 'systems', eventType);

/** A probe ingest record as engineer B's service publishes it on INTERNAL_TOPICS.probes. */
export function probeRecord<T extends ProbeEventType>(
  organizationId: string,
  event: T,
  details: ProbeEventDetails[T],
  id: string = newUuidV7(),
): ProbeEventRecord {
  return {
    id,
    organization_id: organizationId,
    event,
    timestamp: new Date().toISOString(),
    details,
  } as ProbeEventRecord;
}

export async function publishProbeEvents(
  harness: ServiceHarness,
  records: ProbeEventRecord[],
): Promise<void> {
  await harness.publishMessages(records.map(probeEventMessage));
}

export function registrationRequest(
  overrides: Partial<ProbeEventDetails['system.registration_requested']> = {},
): ProbeEventDetails['system.registration_requested'] {
  return {
    system_id: newId('system'),
    name: `Discovered ${newId('system').slice(-6)}`,
    registration_source: 'probe',
    discovery_method: 'probe_registration',
    declared: false,
    host: 'gpu-7.internal',
    runtime: 'python3.12',
    environment: 'production',
    vendor: 'OpenAI',
    model: 'gpt-4o',
    probe_id: newId('probe'),
    ...overrides,
  };
}

const ajv = addFormats(new Ajv2020({ strict: true, allErrors: true }));
const recordValidators = new Map(
  PUBLIC_EVENT_SCHEMAS.map(({ event, record }) => [event as string, ajv.compile(record)]),
);

/** Schema problems of a public record against the published JSON Schema of its type; [] when valid. */
export function publicRecordProblems(record: Record<string, unknown>): unknown[] {
  const validate = recordValidators.get(String(record['event']));
  if (!validate) return [`no schema for ${String(record['event'])}`];
  return validate(record) ? [] : (validate.errors ?? []);
}
