import { TELEMETRY_TEXT_LIMITS } from '@governance/contracts';

/** Limits of one telemetry batch. The body as a whole is also capped at 1 MiB by the HTTP layer. */
export const TELEMETRY_LIMITS = {
  maxRecords: 1_000,
  maxMetrics: 200,
  maxMetricNameLength: 128,
  maxLabels: 64,
  maxLabelKeyLength: 128,
  ...TELEMETRY_TEXT_LIMITS,
  maxEnforcements: 100,
} as const;

/** What a probe did when it enforced a policy locally. */
const ENFORCEMENT_ACTIONS = ['blocked', 'warned'] as const;

const idPattern = (prefix: string) => `^${prefix}_[0-9A-HJKMNP-TV-Z]{26}$`;
// No NUL (PostgreSQL text cannot hold it) and no other C0 controls in names and labels.
const PRINTABLE = '^[^\\u0000-\\u001f\\u007f]*$';

/** One record as a probe sends it; the shape of TelemetryRecord in @governance/contracts. */
const TELEMETRY_RECORD_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['timestamp', 'metrics'],
  properties: {
    timestamp: { type: 'string', format: 'date-time', maxLength: 64 },
    system_id: { type: 'string', pattern: idPattern('sys') },
    metrics: {
      type: 'object',
      minProperties: 1,
      maxProperties: TELEMETRY_LIMITS.maxMetrics,
      propertyNames: {
        type: 'string',
        minLength: 1,
        maxLength: TELEMETRY_LIMITS.maxMetricNameLength,
        pattern: PRINTABLE,
      },
      // JSON has no NaN or Infinity, so every parsed number is finite.
      additionalProperties: { type: 'number' },
    },
    labels: {
      type: 'object',
      maxProperties: TELEMETRY_LIMITS.maxLabels,
      propertyNames: {
        type: 'string',
        minLength: 1,
        maxLength: TELEMETRY_LIMITS.maxLabelKeyLength,
        pattern: PRINTABLE,
      },
      additionalProperties: {
        type: 'string',
        maxLength: TELEMETRY_LIMITS.maxLabelValueLength,
        pattern: PRINTABLE,
      },
    },
    model: { type: 'string', minLength: 1, maxLength: TELEMETRY_LIMITS.maxModelLength, pattern: PRINTABLE },
    input_hash: { type: 'string', pattern: '^sha256:[0-9a-f]{64}$' },
    observed_endpoint: {
      type: 'string',
      minLength: 1,
      maxLength: TELEMETRY_LIMITS.maxObservedEndpointLength,
      pattern: PRINTABLE,
    },
    enforcement: {
      type: 'array',
      maxItems: TELEMETRY_LIMITS.maxEnforcements,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['policy_id', 'action'],
        properties: {
          policy_id: { type: 'string', pattern: idPattern('pol') },
          action: { type: 'string', enum: ENFORCEMENT_ACTIONS },
        },
      },
    },
  },
} as const;

/** POST /api/service/probe/telemetry. The record count is checked before this schema runs (413). */
export const TELEMETRY_BATCH_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['probe_id', 'records'],
  properties: {
    probe_id: { type: 'string', pattern: idPattern('prb') },
    records: {
      type: 'array',
      minItems: 1,
      maxItems: TELEMETRY_LIMITS.maxRecords,
      items: TELEMETRY_RECORD_SCHEMA,
    },
  },
} as const;
