import { DRAFT_2020_12, id, type JsonSchema, object, oneOf, timestamp, uuid } from './json-schema';
import { PUBLIC_EVENT_EXAMPLES } from './public-event-examples';
import { PUBLIC_DETAILS_SCHEMAS, PUBLIC_EVENT_TYPES, type PublicEventType } from './public-events';
import { SEVERITIES } from './severity';

const SCHEMA_BASE_URI = 'https://schemas.governance.example/events/v1';

function commonPayloadProperties(event: PublicEventType): Record<string, JsonSchema> {
  return {
    event: { const: event },
    timestamp,
    severity: oneOf(SEVERITIES),
    system_id: { anyOf: [id('sys'), { type: 'null' }] },
    details: PUBLIC_DETAILS_SCHEMAS[event],
  };
}

/** The schema of the common payload a webhook delivery carries for `event`. */
export function eventPayloadSchema(event: PublicEventType): JsonSchema {
  return {
    $schema: DRAFT_2020_12,
    $id: `${SCHEMA_BASE_URI}/${event}.payload.json`,
    title: `${event} payload`,
    ...object(commonPayloadProperties(event)),
    examples: [PUBLIC_EVENT_EXAMPLES[event]],
  };
}

/** The schema of a record value on the event's public Kafka topic. */
export function eventRecordSchema(event: PublicEventType): JsonSchema {
  return {
    $schema: DRAFT_2020_12,
    $id: `${SCHEMA_BASE_URI}/${event}.record.json`,
    title: `${event} record`,
    ...object({
      id: uuid,
      organization_id: id('org'),
      ...commonPayloadProperties(event),
    }),
  };
}

export const PUBLIC_EVENT_SCHEMAS: ReadonlyArray<{
  event: PublicEventType;
  payload: JsonSchema;
  record: JsonSchema;
}> = PUBLIC_EVENT_TYPES.map((event) => ({
  event,
  payload: eventPayloadSchema(event),
  record: eventRecordSchema(event),
}));
