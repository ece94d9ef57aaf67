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
  @IsIn(PUBLIC_EVENT_TYPES, { message: `exclude_event must be one of: ${PUBLIC_EVENT_TYPES.join(', ')}` })
  @JSONSchema({ description: 'Leaves this event out: a system’s page lists its violations apart.' })
  exclude_event?: PublicEventType;

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

  @IsOptional()
  @IsIn(['true', 'false'], { message: 'with_total must be true or false' })
  @JSONSchema({ description: '`true` adds `total`: how many entries match the filters, on every page.' })
  with_total?: 'true' | 'false';
}

const ActivityItems = Page(
  Type.Object({
    id: Type.String({ format: 'uuid', description: 'The event id (of the newest, for grouped findings).' }),
    event: StringEnum(PUBLIC_EVENT_TYPES),
    severity: StringEnum(SEVERITIES, 'For grouped findings, the highest among them.'),
    system_id: Nullable(Type.String()),
    summary: Type.String({ description: 'One sentence for people.' }),
    count: Type.Integer({
      minimum: 1,
      description: 'Events this entry stands for: the findings of one assessment are one entry.',
    }),
    timestamp: Timestamp(),
  }),
);
export const ActivityPage = Type.Object({
  ...ActivityItems.properties,
  total: Type.Optional(
    Type.Integer({ minimum: 0, description: 'Entries matching the filters, with `with_total=true`.' }),
  ),
});
export type ActivityPage = Static<typeof ActivityPage>;
