import { PUBLIC_EVENT_TYPES, type PublicEventType, SEVERITIES, type Severity } from '@governance/contracts';
import { Nullable, Page, PageQuery, StringEnum, Timestamp } from '@governance/platform';
import { type Static, Type } from '@sinclair/typebox';
import { IsIn, IsISO8601, IsOptional, IsString, Matches } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

export class ActivityQuery extends PageQuery {
  @IsOptional()
  @IsIn(PUBLIC_EVENT_TYPES, { message: `event must be one of: ${PUBLIC_EVENT_TYPES.join(', ')}` })
  event?: PublicEventType;

  @IsOptional()
  @IsString()
  @Matches(/^sys_[0-9A-HJKMNP-TV-Z]{26}$/, { message: 'system_id must be a system id (sys_…)' })
  system_id?: string;

  @IsOptional()
  @IsString()
  @Matches(/^pol_[0-9A-HJKMNP-TV-Z]{26}$/, { message: 'policy_id must be a policy id (pol_…)' })
  @JSONSchema({ description: 'Only the violations of this policy (`policy.violated` entries).' })
  policy_id?: string;

  @IsOptional()
  @IsIn(SEVERITIES, { message: `severity must be one of: ${SEVERITIES.join(', ')}` })
  severity?: Severity;

  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'since must be an ISO 8601 timestamp' })
  since?: string;
}

export const ActivityPage = Page(
  Type.Object({
    id: Type.String({ format: 'uuid', description: 'The event id.' }),
    event: StringEnum(PUBLIC_EVENT_TYPES),
    severity: StringEnum(SEVERITIES),
    system_id: Nullable(Type.String()),
    summary: Type.String({ description: 'One sentence for people.' }),
    timestamp: Timestamp(),
  }),
);
export type ActivityPage = Static<typeof ActivityPage>;
