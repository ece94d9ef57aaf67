import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { newId, newUuidV7, PUBLIC_EVENT_SCHEMAS } from '@governance/contracts';
import { systemsEventMessage } from '@governance/messaging';
import {
  eventually,
  type OutboxEntry,
  readOutbox as readOutboxOf,
  ServiceHarness,
  systemSnapshot,
  type TestDatabase,
} from '@governance/testing';
import { type AssessmentResponse } from '../assessments/assessment.dto';
import { createService } from '../service';

export { eventually, type TestOrganization } from '@governance/testing';

export type AssessHarness = ServiceHarness;

export const ASSESS_PATH = '/api/service/assess';

/** The assess service in-process on a fresh (or the given) database, with the Postgres event log or Kafka. */
export const AssessHarness = {
  start(
    options: { env?: Record<string, string>; kafkaBrokers?: string; database?: TestDatabase } = {},
  ): Promise<ServiceHarness> {
    return ServiceHarness.start(createService, {
      ...(options.kafkaBrokers ? { kafkaBrokers: options.kafkaBrokers } : {}),
      ...(options.database ? { database: options.database } : {}),
      env: { ASSESS_WORKER_POLL_MS: '50', ...options.env },
    });
  },
};

/** Announces a system as the systems service does, and waits until the replica holds it. */
export async function registerSystem(
  harness: ServiceHarness,
  organizationId: string,
  name = `Claims triage ${newId('system').slice(-6)}`,
): Promise<{ systemId: string; name: string }> {
  const now = new Date().toISOString();
  const snapshot = systemSnapshot({ name, risk_tier: 'high', created_at: now, updated_at: now });
  await harness.publishMessages([
    systemsEventMessage({
      id: newUuidV7(),
      organization_id: organizationId,
      event: 'system.created',
      timestamp: now,
      details: snapshot,
    }),
  ]);
  await eventually(
    async () =>
      (
        await harness.sql.query<unknown[]>('SELECT 1 FROM assess.systems WHERE system_id = $1', [
          snapshot.system_id,
        ])
      ).length > 0,
    15_000,
    'the systems replica',
  );
  return { systemId: snapshot.system_id, name };
}

/** Polls GET /:id until the assessment is complete or failed. */
export async function awaitAssessment(
  harness: ServiceHarness,
  apiKey: string,
  id: string,
  timeoutMs = 20_000,
): Promise<AssessmentResponse> {
  return await eventually(
    async () => {
      const body = (await harness.request('GET', `${ASSESS_PATH}/${id}`, apiKey)).json<AssessmentResponse>();
      return (body.status === 'complete' || body.status === 'failed') && body;
    },
    timeoutMs,
    `assessment ${id}`,
  );
}

export const readOutbox = (harness: ServiceHarness, eventType?: string): Promise<OutboxEntry[]> =>
  readOutboxOf(harness, 'assess', eventType);

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

export interface UploadPart {
  filename: string;
  contentType: string;
  data: Buffer;
  field?: string;
}

/** POSTs a multipart/form-data body to /document, encoded by the platform's FormData as a browser's. */
export async function upload(
  harness: ServiceHarness,
  apiKey: string,
  fields: Record<string, string>,
  files: UploadPart[],
): ReturnType<ServiceHarness['request']> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files)
    form.append(file.field ?? 'file', new Blob([file.data], { type: file.contentType }), file.filename);
  const body = new Response(form);
  return harness.fastify.inject({
    method: 'POST',
    url: `${ASSESS_PATH}/document`,
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': body.headers.get('content-type')! },
    payload: Buffer.from(await body.arrayBuffer()),
  });
}
