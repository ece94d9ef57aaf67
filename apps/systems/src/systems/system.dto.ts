import { applyDecorators } from '@nestjs/common';
import {
  DISCOVERY_METHODS,
  PROBE_STATUSES,
  REGISTRATION_SOURCES,
  RISK_TIERS,
  type RiskTier,
  SYSTEM_STATUSES,
  type SystemStatus,
} from '@governance/contracts';
import {
  ChangeReason,
  Id,
  NO_CONTROL_CHARACTERS,
  Nullable,
  Page,
  PageQuery,
  Present,
  type SameKeys,
  StringEnum,
  Timestamp,
} from '@governance/platform';
import { type Static, Type } from '@sinclair/typebox';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
} from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import {
  DESCRIPTION_MAX_LENGTH,
  FIELD_MAX_LENGTH,
  NAME_MAX_LENGTH,
  QUERY_MAX_LENGTH,
  TAG_MAX_LENGTH,
  TAGS_MAX_ITEMS,
} from './system-limits';
import { type EditableSystem } from './system-rules';

const noControlCharacters = (field: string) =>
  Matches(NO_CONTROL_CHARACTERS, { message: `${field} must not contain control characters` });

/** Surrounding spaces are never meaningful in a name or label; non-strings are left for the validators. */
const trimmed = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** An optional free-text field of at most `max` characters; `null` means "none". */
const OptionalText = (field: string, max: number): PropertyDecorator =>
  applyDecorators(IsOptional(), IsString(), MaxLength(max), noControlCharacters(field), trimmed());

const Name = (): PropertyDecorator =>
  applyDecorators(
    IsString(),
    MinLength(1, { message: 'name must not be empty' }),
    MaxLength(NAME_MAX_LENGTH),
    noControlCharacters('name'),
    trimmed(),
  );

const Tags = (): PropertyDecorator =>
  applyDecorators(
    IsArray(),
    ArrayMaxSize(TAGS_MAX_ITEMS),
    ArrayUnique(undefined, { message: 'tags must be unique' }),
    IsString({ each: true }),
    MinLength(1, { each: true, message: 'each tag must not be empty' }),
    MaxLength(TAG_MAX_LENGTH, { each: true }),
    Matches(NO_CONTROL_CHARACTERS, { each: true, message: 'tags must not contain control characters' }),
  );

const riskTierMessage = { message: `risk_tier must be one of: ${RISK_TIERS.join(', ')}` };
const statusMessage = { message: `status must be one of: ${SYSTEM_STATUSES.join(', ')}` };

/** The fields a system is registered with; an update takes any of them, and `declared` and `status`. */
class SystemFields {
  @Name()
  name?: string;

  @OptionalText('description', DESCRIPTION_MAX_LENGTH)
  description?: string | null;

  @OptionalText('owner', FIELD_MAX_LENGTH)
  owner?: string | null;

  @OptionalText('vendor', FIELD_MAX_LENGTH)
  vendor?: string | null;

  @OptionalText('model', FIELD_MAX_LENGTH)
  model?: string | null;

  @Present()
  @IsIn(RISK_TIERS, riskTierMessage)
  risk_tier?: RiskTier;

  @OptionalText('environment', FIELD_MAX_LENGTH)
  environment?: string | null;

  @OptionalText('host', FIELD_MAX_LENGTH)
  host?: string | null;

  @OptionalText('runtime', FIELD_MAX_LENGTH)
  runtime?: string | null;

  @Present()
  @Tags()
  tags?: string[];
}

export class CreateSystemDto extends SystemFields {
  declare name: string;

  @JSONSchema({ description: '`unclassified` when left out.' })
  declare risk_tier?: RiskTier;
}

/** Every field optional; `null` clears an optional text field. `declared` and `status` are PATCH-only. */
export class UpdateSystemDto extends SystemFields {
  @Present()
  declare name?: string;

  @Present()
  @IsBoolean()
  @JSONSchema({ description: 'true adopts a discovered (shadow) system into the declared inventory.' })
  declared?: boolean;

  @Present()
  @IsIn(SYSTEM_STATUSES, statusMessage)
  status?: SystemStatus;

  @ChangeReason()
  reason?: string;
}

/** A PATCH body can set every field a person may edit, and nothing else (`reason` aside). */
export const UPDATE_SETS_EVERY_EDITABLE_FIELD: SameKeys<
  Omit<UpdateSystemDto, 'reason'>,
  EditableSystem
> = true;

/** The inventory's orders: newest first (the default), oldest first, or by name either way. */
export const SYSTEM_SORTS = ['-created_at', 'created_at', 'name', '-name'] as const;
export type SystemSort = (typeof SYSTEM_SORTS)[number];

export class ListSystemsQuery extends PageQuery {
  @IsOptional()
  @IsIn(SYSTEM_SORTS, { message: `sort must be one of ${SYSTEM_SORTS.join(', ')}` })
  sort?: SystemSort;

  @IsOptional()
  @IsIn(['true', 'false'], { message: 'declared must be true or false' })
  declared?: 'true' | 'false';

  @IsOptional()
  @IsIn(RISK_TIERS, riskTierMessage)
  risk_tier?: RiskTier;

  @IsOptional()
  @IsIn(SYSTEM_STATUSES, statusMessage)
  status?: SystemStatus;

  @IsOptional()
  @IsString()
  @MaxLength(QUERY_MAX_LENGTH)
  @Matches(NO_CONTROL_CHARACTERS, { message: 'q must not contain control characters' })
  q?: string;
}

const Text = Nullable(Type.String());

/** The record as the API shows it: the snapshot the systems service announces, under `id`. */
export const SystemResponse = Type.Object({
  id: Id('sys'),
  name: Type.String({ description: 'Unique within the organization.' }),
  description: Text,
  owner: Text,
  vendor: Text,
  model: Text,
  risk_tier: StringEnum(RISK_TIERS),
  environment: Text,
  host: Text,
  runtime: Text,
  tags: Type.Array(Type.String()),
  declared: Type.Boolean({ description: 'false for a shadow system found by discovery.' }),
  registration_source: StringEnum(REGISTRATION_SOURCES),
  discovery_method: StringEnum(DISCOVERY_METHODS),
  status: StringEnum(SYSTEM_STATUSES),
  created_at: Timestamp(),
  updated_at: Timestamp(),
});
export type SystemResponse = Static<typeof SystemResponse>;

export const SystemPageResponse = Page(SystemResponse);
export type SystemPageResponse = Static<typeof SystemPageResponse>;

const ProbeResponse = Type.Object({
  probe_id: Id('prb'),
  probe_name: Type.String(),
  host: Type.String(),
  runtime: Text,
  environment: Text,
  version: Text,
  status: Nullable(StringEnum(PROBE_STATUSES, 'From the last heartbeat; null before the first one.')),
  connection: StringEnum(['connected', 'disconnected']),
  last_heartbeat_at: Nullable(Timestamp()),
  last_seen_at: Nullable(Timestamp()),
  uptime_seconds: Nullable(Type.Integer()),
  queue_depth: Nullable(Type.Integer()),
  registered_at: Timestamp(),
});
export type ProbeResponse = Static<typeof ProbeResponse>;

export const SystemDetailResponse = Type.Object({
  ...SystemResponse.properties,
  probes: Type.Array(ProbeResponse, { description: 'The probes attached to the system.' }),
});
export type SystemDetailResponse = Static<typeof SystemDetailResponse>;
