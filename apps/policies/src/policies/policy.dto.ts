import {
  ENFORCEMENT_MODES,
  type EnforcementMode,
  POLICY_STATUSES,
  type PolicySnapshot,
  type PolicyStatus,
} from '@governance/contracts';
import { FRAMEWORK_KEYS, type FrameworkKey } from '@governance/frameworks';
import { Transform, Type } from 'class-transformer';
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
  ValidateIf,
} from 'class-validator';
import { POLICY_SEVERITIES, type PolicySeverity } from './policy-rules';

export const NAME_MAX_LENGTH = 200;
export const DESCRIPTION_MAX_LENGTH = 2000;
const CURSOR_MAX_LENGTH = 200;

// PostgreSQL text cannot hold NUL, and no name needs C0 controls other than tab and newlines.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/* `ValidateIf(... !== undefined)` rather than `IsOptional`: an explicit null must fail, not slip through. */
const present = (field: string) => ValidateIf((body: Record<string, unknown>) => body[field] !== undefined);

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

export class CreatePolicyDto {
  @IsString()
  @MinLength(1, { message: 'name must not be empty' })
  @MaxLength(NAME_MAX_LENGTH)
  @Matches(NO_CONTROL_CHARACTERS, { message: 'name must not contain control characters' })
  @trimmed()
  name!: string;

  @IsOptional()
  @IsString()
  @MaxLength(DESCRIPTION_MAX_LENGTH)
  @Matches(NO_CONTROL_CHARACTERS, { message: 'description must not contain control characters' })
  @trimmed()
  description?: string | null;

  @upperCased()
  @IsIn(ENFORCEMENT_MODES, modeMessage)
  enforcement_mode!: EnforcementMode;

  @present('status')
  @IsIn(POLICY_STATUSES, statusMessage)
  status?: PolicyStatus;

  /** Checked by the rule validator in the service, which names each bad part by its JSON path. */
  @IsDefined({ message: 'rules is required' })
  rules!: unknown;

  /** Checked by parseScope in the service. */
  @present('scope')
  @IsDefined()
  scope?: unknown;

  @present('severity')
  @IsIn(POLICY_SEVERITIES, severityMessage)
  severity?: PolicySeverity;
}

export class ListPoliciesQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @IsOptional()
  @IsString()
  @MaxLength(CURSOR_MAX_LENGTH)
  cursor?: string;

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
export type PolicyResponse = Omit<PolicySnapshot, 'policy_id'> & { id: string };

export interface PolicyPageResponse {
  data: PolicyResponse[];
  next_cursor: string | null;
}

export interface FrameworkImportResponse {
  framework: FrameworkKey;
  created: PolicyResponse[];
  already_imported: string[];
  created_count: number;
  already_imported_count: number;
}
