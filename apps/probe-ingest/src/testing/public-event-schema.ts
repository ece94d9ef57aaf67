import { PUBLIC_EVENT_SCHEMAS, type PublicEventType } from '@governance/contracts';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

const ajv = addFormats(new Ajv2020({ strict: true, allErrors: true }));

/** Checks a public record against its published JSON Schema; returns Ajv's errors, or [] when valid. */
export function publicRecordErrors(event: PublicEventType, record: unknown): unknown[] {
  const entry = PUBLIC_EVENT_SCHEMAS.find((schema) => schema.event === event)!;
  const validate =
    ajv.getSchema(`record:${event}`) ??
    ajv.addSchema(entry.record, `record:${event}`).getSchema(`record:${event}`)!;
  return validate(record) ? [] : [...(validate.errors ?? [])];
}
