import { AUDIT_DETAILS_SCHEMAS } from './audit-events';
import { eventRecordSchema } from './event-schemas';
import { DRAFT_2020_12, id, type JsonSchema, oneOf, timestamp, uuid } from './json-schema';
import { POLICY_DETAILS_SCHEMAS } from './policy-events';
import { PROBE_DETAILS_SCHEMAS, TELEMETRY_DETAILS_SCHEMAS } from './probe-events';
import { PUBLIC_EVENT_TYPES } from './public-events';
import { SYSTEMS_DETAILS_SCHEMAS } from './systems-events';
import { TENANCY_DETAILS_SCHEMAS } from './tenancy-events';
import { INTERNAL_TOPICS, publicTopicFor } from './topics';

/*
 * JSON Schemas of the internal events, one per topic, as the consumers check them. The envelope is
 * strict, since every consumer keys its work on it (a non-UUID id breaks every idempotent consumer).
 * Details list the fields consumers read, with their types; they admit further fields, so a producer
 * can add one before its consumers know it.
 */
const SCHEMA_BASE_URI = 'https://schemas.governance.example/internal/v1';

/** One topic's record: the common envelope, and the details of whichever event type it names. */
function topicRecordSchema(name: string, detailsByEvent: Record<string, JsonSchema>): JsonSchema {
  return {
    $schema: DRAFT_2020_12,
    $id: `${SCHEMA_BASE_URI}/${name}.record.json`,
    title: `${name} record`,
    type: 'object',
    additionalProperties: false,
    required: ['id', 'organization_id', 'event', 'timestamp', 'details'],
    properties: {
      id: uuid,
      organization_id: id('org'),
      event: oneOf(Object.keys(detailsByEvent)),
      timestamp,
      details: { type: 'object' },
    },
    // One branch per event type, so an error names the details of the type the record claims.
    allOf: Object.entries(detailsByEvent).map(([event, schema]) => ({
      if: { properties: { event: { const: event } } },
      then: { properties: { details: schema } },
    })),
  };
}

/** The record schema of each internal topic. */
export const INTERNAL_TOPIC_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  [INTERNAL_TOPICS.tenancy]: topicRecordSchema('tenancy', TENANCY_DETAILS_SCHEMAS),
  [INTERNAL_TOPICS.systems]: topicRecordSchema('systems', SYSTEMS_DETAILS_SCHEMAS),
  [INTERNAL_TOPICS.probes]: topicRecordSchema('probes', PROBE_DETAILS_SCHEMAS),
  [INTERNAL_TOPICS.telemetry]: topicRecordSchema('telemetry', TELEMETRY_DETAILS_SCHEMAS),
  [INTERNAL_TOPICS.policies]: topicRecordSchema('policies', POLICY_DETAILS_SCHEMAS),
  [INTERNAL_TOPICS.audit]: topicRecordSchema('audit', AUDIT_DETAILS_SCHEMAS),
};

/** The contract of every topic we publish, public and internal: the schema of its record values. */
export const TOPIC_RECORD_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  ...Object.fromEntries(PUBLIC_EVENT_TYPES.map((event) => [publicTopicFor(event), eventRecordSchema(event)])),
  ...INTERNAL_TOPIC_SCHEMAS,
};
