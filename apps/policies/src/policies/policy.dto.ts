import { applyDecorators } from '@nestjs/common';
import {
  type Condition,
  CONDITION_OPS,
  ENFORCEMENT_MODES,
  type EnforcementMode,
  type PolicyScope,
  POLICY_STATUSES,
  type PolicyStatus,
  SEVERITIES,
} from '@governance/contracts';
import { FRAMEWORK_KEYS, type FrameworkKey } from '@governance/frameworks';
import {
  Id,
  Nullable,
  NO_CONTROL_CHARACTERS,
  Page,
  PageQuery,
  Present,
  REASON_MAX_LENGTH,
  type SchemaObject,
  StringEnum,
  Timestamp,
} from '@governance/platform';
import { type Static, Type } from '@sinclair/typebox';
import { Transform, Type as TransformType } from 'class-transformer';
import {
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { POLICY_SEVERITIES, type PolicySeverity, SCOPE_MAX_SYSTEMS } from './policy-rules';

export const NAME_MAX_LENGTH = 200;
export const DESCRIPTION_MAX_LENGTH = 2000;

const trimmed = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** "Block", "warn" and "BLOCK" all mean the same mode; stored and shown upper-case. */
const upperCased = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.toUpperCase() : value));

const modeMessage = {
  message: `enforcement_mode must be ${ENFORCEMENT_MODES.join(' or ')} (any letter case)`,
};
const statusMessage = { message: `status must be one of: ${POLICY_STATUSES.join(', ')}` };
const severityMessage = { message: `severity must be one of: ${POLICY_SEVERITIES.join(', ')}` };
const frameworkMessage = { message: `framework must be one of: ${FRAMEWORK_KEYS.join(', ')}` };

const nestedCondition: SchemaObject = { type: 'object', description: 'A condition, of any of these forms.' };

/** An object of exactly one property, `key`. */
const only = (key: string, schema: SchemaObject): SchemaObject => ({
  type: 'object',
  required: [key],
  additionalProperties: false,
  properties: { [key]: schema },
});

/** The rule language; a condition is true when a telemetry record violates the policy. */
const ConditionSchema = Type.Unsafe<Condition>({
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
    only('all', { type: 'array', items: nestedCondition }),
    only('any', { type: 'array', items: nestedCondition }),
    only('not', nestedCondition),
  ],
});

const ScopeSchema = Type.Unsafe<PolicyScope>({
  description: 'Every system of the organization, or the listed ones.',
  oneOf: [
    only('all_systems', { type: 'boolean', enum: [true] }),
    only('system_ids', {
      type: 'array',
      minItems: 1,
      maxItems: SCOPE_MAX_SYSTEMS,
      uniqueItems: true,
      items: Id('sys'),
    }),
  ],
});

const MODE_DESCRIPTION = 'Read in any letter case (`Block`, `warn`); shown upper-case.';

/** The fields of a policy a person writes; creation and update validate them alike. */
class PolicyFields {
  @IsString()
  @MinLength(1, { message: 'name must not be empty' })
  @MaxLength(NAME_MAX_LENGTH)
  @Matches(NO_CONTROL_CHARACTERS, { message: 'name must not contain control characters' })
  @trimmed()
  name?: string;

  @IsOptional()
  @IsString()
  @MaxLength(DESCRIPTION_MAX_LENGTH)
  @Matches(NO_CONTROL_CHARACTERS, { message: 'description must not contain control characters' })
  @trimmed()
  description?: string | null;

  @upperCased()
  @IsIn(ENFORCEMENT_MODES, modeMessage)
  @JSONSchema({ description: MODE_DESCRIPTION })
  enforcement_mode?: EnforcementMode;

  @Present()
  @IsIn(POLICY_STATUSES, statusMessage)
  status?: PolicyStatus;

  /** Checked by the rule validator in the service, which names each bad part by its JSON path. */
  @IsDefined({ message: 'rules is required' })
  @JSONSchema(ConditionSchema)
  rules?: unknown;

  /** Checked by parseScope in the service. */
  @Present()
  @IsDefined()
  @JSONSchema(ScopeSchema)
  scope?: unknown;

  @Present()
  @IsIn(POLICY_SEVERITIES, severityMessage)
  severity?: PolicySeverity;
}

export class CreatePolicyDto extends PolicyFields {
  declare name: string;
  declare enforcement_mode: EnforcementMode;
  declare rules: unknown;

  @JSONSchema({ description: '`active` when left out.' })
  declare status?: PolicyStatus;

  @JSONSchema({ ...ScopeSchema, description: `${ScopeSchema.description} Every system when left out.` })
  declare scope?: unknown;

  @JSONSchema({
    description: 'The severity of its violations; HIGH for WARN and CRITICAL for BLOCK when left out.',
  })
  declare severity?: PolicySeverity;
}

/** Why a change was made, for the audit trail; optional, as API callers may have none to give. */
const Reason = () =>
  applyDecorators(
    Present(),
    IsString(),
    MaxLength(REASON_MAX_LENGTH),
    Matches(NO_CONTROL_CHARACTERS, { message: 'reason must not contain control characters' }),
    trimmed(),
    JSONSchema({ description: 'Why the change is made; the audit trail records it.' }),
  );

/** The version the caller read; a policy changed since answers 409 and stays as it is. */
const ExpectedVersion = (coerce: boolean) =>
  applyDecorators(
    Present(),
    ...(coerce ? [TransformType(() => Number)] : []),
    IsInt({ message: 'version must be an integer' }),
    Min(1),
    Max(2_147_483_647),
    JSONSchema({
      description:
        'The `version` the change is based on. When the policy has moved on since, the answer is 409 ' +
        '`conflict` and nothing changes.',
    }),
  );

/** Every field optional, validated as at creation; `null` clears the description. */
export class UpdatePolicyDto extends PolicyFields {
  @Present()
  declare name?: string;

  @Present()
  declare enforcement_mode?: EnforcementMode;

  @Present()
  declare rules?: unknown;

  @JSONSchema({ description: '`disabled` stops its enforcement and its sync to probes; `active` resumes.' })
  declare status?: PolicyStatus;

  @ExpectedVersion(false)
  version?: number;

  @Reason()
  reason?: string;
}

export class DeletePolicyQuery {
  @ExpectedVersion(true)
  version?: number;

  @Reason()
  reason?: string;
}

/** PATCH …/enforcement and the framework import take the same optional body, which the service reads. */
export const ModeBody: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  properties: {
    enforcement_mode: StringEnum(ENFORCEMENT_MODES, MODE_DESCRIPTION),
    reason: Type.String({
      maxLength: REASON_MAX_LENGTH,
      description: 'Why: recorded in the audit trail with the change.',
    }),
  },
};

export class ListPoliciesQuery extends PageQuery {
  @IsOptional()
  @IsIn(POLICY_STATUSES, statusMessage)
  status?: PolicyStatus;

  @IsOptional()
  @upperCased()
  @IsIn(ENFORCEMENT_MODES, modeMessage)
  enforcement_mode?: EnforcementMode;

  @IsOptional()
  @upperCased()
  @IsIn(FRAMEWORK_KEYS, frameworkMessage)
  framework?: FrameworkKey;
}

/** The policy as the API shows it: the snapshot the service announces, under `id`. */
export const PolicyResponse = Type.Object({
  id: Id('pol'),
  name: Type.String(),
  description: Nullable(Type.String()),
  enforcement_mode: StringEnum(ENFORCEMENT_MODES),
  status: StringEnum(POLICY_STATUSES),
  severity: StringEnum(SEVERITIES),
  severity_by_mode: Type.Boolean({
    description:
      'True when the severity was left out at creation: it follows the mode (CRITICAL for BLOCK, HIGH for ' +
      'WARN), also when the mode is switched.',
  }),
  rules: ConditionSchema,
  scope: ScopeSchema,
  framework: Nullable(Type.String({ description: 'The framework key of an imported policy.' })),
  control: Nullable(Type.String({ description: '`<FRAMEWORK_KEY>:<control_id>` of an imported policy.' })),
  version: Type.Integer({ minimum: 1, description: 'Grows with every change.' }),
  created_at: Timestamp(),
  updated_at: Timestamp(),
});
export type PolicyResponse = Static<typeof PolicyResponse>;

export const PolicyPageResponse = Page(PolicyResponse);
export type PolicyPageResponse = Static<typeof PolicyPageResponse>;

export const FrameworkImportResponse = Type.Object({
  framework: StringEnum(FRAMEWORK_KEYS),
  created: Type.Array(PolicyResponse),
  already_imported: Type.Array(Type.String(), {
    description: 'The controls whose policy the organization had imported before.',
  }),
  created_count: Type.Integer(),
  already_imported_count: Type.Integer(),
});
export type FrameworkImportResponse = Static<typeof FrameworkImportResponse>;
