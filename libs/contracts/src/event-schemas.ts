import { SEVERITIES } from './severity';
import { PUBLIC_EVENT_TYPES, type PublicEventType } from './public-events';

/** JSON Schema (draft 2020-12) documents for the public events, as downstream consumers receive them. */
export type JsonSchema = Record<string, unknown>;

const SCHEMA_BASE_URI = 'https://schemas.governance.example/events/v1';
const text = { type: 'string' };
const timestamp = { type: 'string', format: 'date-time' };
const count = { type: 'integer', minimum: 0 };
const idWithPrefix = (prefix: string) => ({ type: 'string', pattern: `^${prefix}_[0-9A-HJKMNP-TV-Z]{26}$` });

function object(properties: Record<string, unknown>): JsonSchema {
  return { type: 'object', additionalProperties: false, required: Object.keys(properties), properties };
}

const DETAILS_SCHEMAS: Record<PublicEventType, JsonSchema> = {
  'finding.created': object({
    finding_id: idWithPrefix('fnd'),
    title: text,
    description: text,
    control: { type: 'string', pattern: '^[A-Z0-9_]+:.+$' },
    framework: text,
    system_name: text,
    assessment_id: idWithPrefix('asmnt'),
    remediation_id: idWithPrefix('rem'),
  }),
  'assessment.complete': object({
    assessment_id: idWithPrefix('asmnt'),
    verdict: text,
    score: { type: 'number', minimum: 0, maximum: 1 },
    findings_count: count,
    high_findings: count,
    medium_findings: count,
    framework: text,
    report_url: { type: 'string', format: 'uri' },
  }),
  'policy.violated': object({
    violation_id: idWithPrefix('vio'),
    policy_id: idWithPrefix('pol'),
    policy_name: text,
    enforcement_mode: text,
    action_taken: text,
    probe_id: idWithPrefix('prb'),
    input_hash: { type: 'string', pattern: '^sha256:[0-9a-f]{64}$' },
    context: text,
  }),
  'drift.detected': object({
    drift_id: idWithPrefix('dft'),
    system_name: text,
    drift_score: { type: 'number' },
    baseline_score: { type: 'number' },
    delta: { type: 'number' },
    detection_layer: text,
    description: text,
    recommended_action: text,
  }),
  'probe.disconnected': object({
    probe_id: idWithPrefix('prb'),
    probe_name: text,
    last_seen_at: timestamp,
    silence_duration_seconds: count,
    environment: text,
  }),
  'system.registered': object({
    system_name: text,
    registration_source: text,
    discovery_method: text,
    host: text,
    runtime: text,
    declared: { type: 'boolean' },
  }),
};

function commonPayloadProperties(event: PublicEventType): Record<string, unknown> {
  return {
    event: { const: event },
    timestamp,
    severity: { enum: [...SEVERITIES] },
    system_id: { anyOf: [idWithPrefix('sys'), { type: 'null' }] },
    details: DETAILS_SCHEMAS[event],
  };
}

/** The schema of the common payload a webhook delivery carries for `event`. */
export function eventPayloadSchema(event: PublicEventType): JsonSchema {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `${SCHEMA_BASE_URI}/${event}.payload.json`,
    title: `${event} payload`,
    ...object(commonPayloadProperties(event)),
  };
}

/** The schema of a record value on the event's public Kafka topic. */
export function eventRecordSchema(event: PublicEventType): JsonSchema {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `${SCHEMA_BASE_URI}/${event}.record.json`,
    title: `${event} record`,
    ...object({
      id: { type: 'string', format: 'uuid' },
      organization_id: idWithPrefix('org'),
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
