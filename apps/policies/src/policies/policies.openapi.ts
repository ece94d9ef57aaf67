import { CONDITION_OPS, ENFORCEMENT_MODES, POLICY_STATUSES, SEVERITIES } from '@governance/contracts';
import { FRAMEWORK_KEYS } from '@governance/frameworks';
import {
  dtoSchema,
  idSchema,
  nullable,
  pageSchema,
  recordSchema,
  type SchemaObject,
  timestampSchema,
} from '@governance/platform';
import { CreatePolicyDto } from './policy.dto';
import { SCOPE_MAX_SYSTEMS } from './policy-rules';

/* The OpenAPI description of policies: the request schema comes from the DTO, plus the rule language. */

const nestedCondition: SchemaObject = { type: 'object', description: 'A condition, of any of these forms.' };

/** The rule language; a condition is true when a telemetry record violates the policy. */
const conditionSchema: SchemaObject = {
  description:
    'A condition over one telemetry record, true when the record VIOLATES the policy. A leaf compares one ' +
    'field (`model`, `observed_endpoint`, `metrics.<name>` or `labels.<name>`); `all`, `any` and `not` ' +
    'combine conditions.',
  oneOf: [
    {
      type: 'object',
      required: ['field', 'op'],
      additionalProperties: false,
      properties: {
        field: { type: 'string' },
        op: { type: 'string', enum: [...CONDITION_OPS] },
        value: {
          description:
            'Absent for `exists`; a list for `in` and `not_in`; a regular expression for `matches`.',
        },
      },
    },
    {
      type: 'object',
      required: ['all'],
      additionalProperties: false,
      properties: { all: { type: 'array', items: nestedCondition } },
    },
    {
      type: 'object',
      required: ['any'],
      additionalProperties: false,
      properties: { any: { type: 'array', items: nestedCondition } },
    },
    { type: 'object', required: ['not'], additionalProperties: false, properties: { not: nestedCondition } },
  ],
};

const scopeSchema: SchemaObject = {
  description: 'Every system of the organization, or the listed ones.',
  oneOf: [
    {
      type: 'object',
      required: ['all_systems'],
      additionalProperties: false,
      properties: { all_systems: { type: 'boolean', enum: [true] } },
    },
    {
      type: 'object',
      required: ['system_ids'],
      additionalProperties: false,
      properties: {
        system_ids: {
          type: 'array',
          minItems: 1,
          maxItems: SCOPE_MAX_SYSTEMS,
          uniqueItems: true,
          items: idSchema('sys'),
        },
      },
    },
  ],
};

const modeSchema: SchemaObject = {
  type: 'string',
  enum: [...ENFORCEMENT_MODES],
  description: 'Read in any letter case (`Block`, `warn`); shown upper-case.',
};

export const createPolicyBody = dtoSchema(CreatePolicyDto, {
  enforcement_mode: modeSchema,
  status: { description: '`active` when left out.' },
  rules: conditionSchema,
  scope: { ...scopeSchema, description: `${scopeSchema.description} Every system when left out.` },
  severity: {
    description: 'The severity of its violations; HIGH for WARN and CRITICAL for BLOCK when left out.',
  },
});

/** PATCH …/enforcement and the framework import take the same optional body. */
export const modeBody: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  properties: { enforcement_mode: modeSchema },
};

export const policySchema = recordSchema({
  id: idSchema('pol'),
  name: { type: 'string' },
  description: nullable({ type: 'string' }),
  enforcement_mode: { type: 'string', enum: [...ENFORCEMENT_MODES] },
  status: { type: 'string', enum: [...POLICY_STATUSES] },
  severity: { type: 'string', enum: [...SEVERITIES] },
  rules: conditionSchema,
  scope: scopeSchema,
  framework: nullable({ type: 'string', description: 'The framework key of an imported policy.' }),
  control: nullable({ type: 'string', description: '`<FRAMEWORK_KEY>:<control_id>` of an imported policy.' }),
  version: { type: 'integer', minimum: 1, description: 'Grows with every change.' },
  created_at: timestampSchema(),
  updated_at: timestampSchema(),
});

export const policyPageSchema = pageSchema(policySchema);

export const frameworkImportSchema = recordSchema({
  framework: { type: 'string', enum: [...FRAMEWORK_KEYS] },
  created: { type: 'array', items: policySchema },
  already_imported: {
    type: 'array',
    items: { type: 'string' },
    description: 'The controls whose policy the organization had imported before.',
  },
  created_count: { type: 'integer' },
  already_imported_count: { type: 'integer' },
});

const policy = {
  id: 'pol_01JD62A3B4C5D6E7F8G9H0J1K2',
  name: 'No personal data to external models',
  description: 'Block calls that carry a detected e-mail address to a public AI API.',
  enforcement_mode: 'BLOCK',
  status: 'active',
  severity: 'CRITICAL',
  rules: {
    all: [
      { field: 'labels.pii', op: 'eq', value: 'email' },
      { field: 'observed_endpoint', op: 'contains', value: 'api.openai.com' },
    ],
  },
  scope: { all_systems: true },
  framework: null,
  control: null,
  version: 1,
  created_at: '2026-11-22T10:30:00.000Z',
  updated_at: '2026-11-22T10:30:00.000Z',
};

export const examples = {
  create: {
    name: policy.name,
    description: policy.description,
    enforcement_mode: 'BLOCK',
    rules: policy.rules,
  },
  policy,
  page: { data: [policy], next_cursor: null },
  mode: { enforcement_mode: 'WARN' },
  toggled: { ...policy, enforcement_mode: 'WARN', version: 2, updated_at: '2026-11-22T10:45:00.000Z' },
  imported: {
    framework: 'EU_AI_ACT',
    created: [
      {
        ...policy,
        id: 'pol_01JD62C5D6E7F8G9H0J1K2M3N4',
        name: 'EU AI Act Art. 12: record-keeping',
        description: 'Every call carries the request id the logs need.',
        enforcement_mode: 'WARN',
        severity: 'HIGH',
        rules: { not: { field: 'labels.request_id', op: 'exists' } },
        framework: 'EU_AI_ACT',
        control: 'EU_AI_ACT:ART-12.1',
      },
    ],
    already_imported: [],
    created_count: 1,
    already_imported_count: 0,
  },
};
