import { eventRecordSchema, type JsonSchema } from './event-schemas';
import { PUBLIC_EVENT_TYPES } from './public-events';
import { PLANS, type TenancyEventType } from './tenancy-events';
import {
  DISCOVERY_METHODS,
  REGISTRATION_SOURCES,
  RISK_TIERS,
  SYSTEM_STATUSES,
  type SystemsEventType,
} from './systems-events';
import { PROBE_STATUSES, type ProbeEventType, type TelemetryEventDetails } from './probe-events';
import { ENFORCEMENT_MODES, POLICY_STATUSES, type PolicyEventType } from './policy-events';
import { SEVERITIES } from './severity';
import { INTERNAL_TOPICS, publicTopicFor } from './topics';

/*
 * JSON Schemas of the internal events, one per topic, as the consumers check them. The envelope is
 * strict, since every consumer keys its work on it (a non-UUID id breaks every idempotent consumer).
 * Details list the fields consumers read, with their types; they admit further fields, so a producer
 * can add one before its consumers know it.
 */
const SCHEMA_BASE_URI = 'https://schemas.governance.example/internal/v1';
const text = { type: 'string' };
const nonEmpty = { type: 'string', minLength: 1 };
const nullableText = { type: ['string', 'null'] };
const nullableNumber = { type: ['number', 'null'] };
const timestamp = { type: 'string', format: 'date-time' };
const id = (prefix: string) => ({ type: 'string', pattern: `^${prefix}_[0-9A-HJKMNP-TV-Z]{26}$` });
const oneOf = (values: readonly string[]) => ({ enum: [...values] });

/** Details: every listed field required (optional ones go in `optional`), more fields allowed. */
function details(required: Record<string, unknown>, optional: Record<string, unknown> = {}): JsonSchema {
  return {
    type: 'object',
    required: Object.keys(required),
    properties: { ...required, ...optional },
  };
}

const systemSnapshot = details({
  system_id: id('sys'),
  name: nonEmpty,
  description: nullableText,
  owner: nullableText,
  vendor: nullableText,
  model: nullableText,
  risk_tier: oneOf(RISK_TIERS),
  environment: nullableText,
  host: nullableText,
  runtime: nullableText,
  tags: { type: 'array', items: text },
  declared: { type: 'boolean' },
  registration_source: oneOf(REGISTRATION_SOURCES),
  discovery_method: oneOf(DISCOVERY_METHODS),
  status: oneOf(SYSTEM_STATUSES),
  created_at: timestamp,
  updated_at: timestamp,
});

const policySnapshot = details({
  policy_id: id('pol'),
  name: nonEmpty,
  description: nullableText,
  enforcement_mode: oneOf(ENFORCEMENT_MODES),
  status: oneOf(POLICY_STATUSES),
  severity: oneOf(SEVERITIES),
  rules: { type: 'object' },
  scope: { type: 'object' },
  framework: nullableText,
  control: nullableText,
  version: { type: 'integer', minimum: 1 },
  created_at: timestamp,
  updated_at: timestamp,
});

const telemetryRecord = details(
  { timestamp: text, metrics: { type: 'object', additionalProperties: { type: 'number' } } },
  {
    system_id: text,
    labels: { type: 'object', additionalProperties: text },
    model: text,
    input_hash: text,
    observed_endpoint: text,
    enforcement: {
      type: 'array',
      items: details({ policy_id: text, action: oneOf(['blocked', 'warned']) }),
    },
  },
);

const TENANCY_DETAILS: Record<TenancyEventType, JsonSchema> = {
  'organization.created': details({ name: text, plan: oneOf(PLANS) }),
  'api_key.created': details({
    key_id: nonEmpty,
    secret_sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
  }),
};

const SYSTEMS_DETAILS: Record<SystemsEventType, JsonSchema> = {
  'system.created': systemSnapshot,
  'system.updated': systemSnapshot,
  'system.registration_merged': details({
    requested_system_id: id('sys'),
    system_id: id('sys'),
    name: text,
  }),
};

const PROBE_DETAILS: Record<ProbeEventType, JsonSchema> = {
  'probe.registered': details({
    probe_id: id('prb'),
    probe_name: text,
    system_id: id('sys'),
    host: text,
    runtime: nullableText,
    environment: nullableText,
    version: nullableText,
    registered_at: timestamp,
  }),
  'probe.heartbeat': details({
    probe_id: id('prb'),
    system_id: text,
    status: oneOf(PROBE_STATUSES),
    version: nullableText,
    uptime_seconds: nullableNumber,
    queue_depth: nullableNumber,
    received_at: timestamp,
  }),
  'probe.connection_changed': details({
    probe_id: id('prb'),
    system_id: text,
    connection: oneOf(['connected', 'disconnected']),
    last_seen_at: timestamp,
  }),
  'system.registration_requested': details({
    system_id: id('sys'),
    name: text,
    registration_source: oneOf(['probe', 'shadow_ai_discovery']),
    discovery_method: oneOf(DISCOVERY_METHODS),
    declared: { type: 'boolean' },
    host: nullableText,
    runtime: nullableText,
    environment: nullableText,
    vendor: nullableText,
    model: nullableText,
    probe_id: id('prb'),
  }),
};

const POLICY_DETAILS: Record<PolicyEventType, JsonSchema> = {
  'policy.created': policySnapshot,
  'policy.updated': policySnapshot,
};

const TELEMETRY_DETAILS: Record<keyof TelemetryEventDetails, JsonSchema> = {
  'telemetry.received': details({
    probe_id: id('prb'),
    system_id: text,
    received_at: timestamp,
    records: { type: 'array', items: telemetryRecord },
  }),
};

/** One topic's record: the common envelope, and the details of whichever event type it names. */
function topicRecordSchema(name: string, detailsByEvent: Record<string, JsonSchema>): JsonSchema {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `${SCHEMA_BASE_URI}/${name}.record.json`,
    title: `${name} record`,
    type: 'object',
    additionalProperties: false,
    required: ['id', 'organization_id', 'event', 'timestamp', 'details'],
    properties: {
      id: { type: 'string', format: 'uuid' },
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
  [INTERNAL_TOPICS.tenancy]: topicRecordSchema('tenancy', TENANCY_DETAILS),
  [INTERNAL_TOPICS.systems]: topicRecordSchema('systems', SYSTEMS_DETAILS),
  [INTERNAL_TOPICS.probes]: topicRecordSchema('probes', PROBE_DETAILS),
  [INTERNAL_TOPICS.telemetry]: topicRecordSchema('telemetry', TELEMETRY_DETAILS),
  [INTERNAL_TOPICS.policies]: topicRecordSchema('policies', POLICY_DETAILS),
};

/** The contract of every topic we publish, public and internal: the schema of its record values. */
export const TOPIC_RECORD_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  ...Object.fromEntries(PUBLIC_EVENT_TYPES.map((event) => [publicTopicFor(event), eventRecordSchema(event)])),
  ...INTERNAL_TOPIC_SCHEMAS,
};
