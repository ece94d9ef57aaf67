import {
  type ProbeConnection,
  RISK_TIERS,
  type RiskTier,
  type SystemSnapshot,
  SYSTEM_STATUSES,
  type SystemStatus,
} from '@governance/contracts';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';
import {
  DESCRIPTION_MAX_LENGTH,
  FIELD_MAX_LENGTH,
  NAME_MAX_LENGTH,
  QUERY_MAX_LENGTH,
  TAG_MAX_LENGTH,
  TAGS_MAX_ITEMS,
} from './system-limits';

// PostgreSQL text cannot hold NUL, and no label needs C0 controls other than tab and newlines.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const NO_CONTROL_CHARACTERS = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
const noControlCharacters = (field: string) =>
  Matches(NO_CONTROL_CHARACTERS, { message: `${field} must not contain control characters` });

/* `ValidateIf(... !== undefined)` rather than `IsOptional`: an explicit null must fail, not slip through. */
const present = (field: string) => ValidateIf((body: Record<string, unknown>) => body[field] !== undefined);

/** Surrounding spaces are never meaningful in a name or label; non-strings are left for the validators. */
const trimmed = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** An optional free-text field of at most `max` characters; `null` means "none". */
function OptionalText(field: string, max: number): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    IsString()(target, key);
    MaxLength(max)(target, key);
    noControlCharacters(field)(target, key);
    trimmed()(target, key);
  };
}

function Name(): PropertyDecorator {
  return (target, key) => {
    IsString()(target, key);
    MinLength(1, { message: 'name must not be empty' })(target, key);
    MaxLength(NAME_MAX_LENGTH)(target, key);
    noControlCharacters('name')(target, key);
    trimmed()(target, key);
  };
}

function Tags(): PropertyDecorator {
  return (target, key) => {
    IsArray()(target, key);
    ArrayMaxSize(TAGS_MAX_ITEMS)(target, key);
    ArrayUnique(undefined, { message: 'tags must be unique' })(target, key);
    IsString({ each: true })(target, key);
    MinLength(1, { each: true, message: 'each tag must not be empty' })(target, key);
    MaxLength(TAG_MAX_LENGTH, { each: true })(target, key);
    Matches(NO_CONTROL_CHARACTERS, { each: true, message: 'tags must not contain control characters' })(
      target,
      key,
    );
  };
}

const riskTierMessage = { message: `risk_tier must be one of: ${RISK_TIERS.join(', ')}` };
const statusMessage = { message: `status must be one of: ${SYSTEM_STATUSES.join(', ')}` };

export class CreateSystemDto {
  @Name()
  name!: string;

  @OptionalText('description', DESCRIPTION_MAX_LENGTH)
  description?: string | null;

  @OptionalText('owner', FIELD_MAX_LENGTH)
  owner?: string | null;

  @OptionalText('vendor', FIELD_MAX_LENGTH)
  vendor?: string | null;

  @OptionalText('model', FIELD_MAX_LENGTH)
  model?: string | null;

  @present('risk_tier')
  @IsIn(RISK_TIERS, riskTierMessage)
  risk_tier?: RiskTier;

  @OptionalText('environment', FIELD_MAX_LENGTH)
  environment?: string | null;

  @OptionalText('host', FIELD_MAX_LENGTH)
  host?: string | null;

  @OptionalText('runtime', FIELD_MAX_LENGTH)
  runtime?: string | null;

  @present('tags')
  @Tags()
  tags?: string[];
}

/** Every field optional; `null` clears an optional text field. `declared` and `status` are PATCH-only. */
export class UpdateSystemDto {
  @present('name')
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

  @present('risk_tier')
  @IsIn(RISK_TIERS, riskTierMessage)
  risk_tier?: RiskTier;

  @OptionalText('environment', FIELD_MAX_LENGTH)
  environment?: string | null;

  @OptionalText('host', FIELD_MAX_LENGTH)
  host?: string | null;

  @OptionalText('runtime', FIELD_MAX_LENGTH)
  runtime?: string | null;

  @present('tags')
  @Tags()
  tags?: string[];

  @present('declared')
  @IsBoolean()
  declared?: boolean;

  @present('status')
  @IsIn(SYSTEM_STATUSES, statusMessage)
  status?: SystemStatus;
}

export class ListSystemsQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @IsOptional()
  @IsString()
  @MaxLength(QUERY_MAX_LENGTH)
  cursor?: string;

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

/** The record as the API shows it: the snapshot the systems service announces, under `id`. */
export type SystemResponse = Omit<SystemSnapshot, 'system_id'> & { id: string };

export interface ProbeResponse {
  probe_id: string;
  probe_name: string;
  host: string;
  runtime: string | null;
  environment: string | null;
  version: string | null;
  /** healthy, degraded or unhealthy from the last heartbeat; null before the first one. */
  status: string | null;
  connection: ProbeConnection;
  last_heartbeat_at: string | null;
  last_seen_at: string | null;
  uptime_seconds: number | null;
  queue_depth: number | null;
  registered_at: string;
}

export interface SystemDetailResponse extends SystemResponse {
  probes: ProbeResponse[];
}

export interface SystemPageResponse {
  data: SystemResponse[];
  next_cursor: string | null;
}
