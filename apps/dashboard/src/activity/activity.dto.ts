import { PUBLIC_EVENT_TYPES, type PublicEventType, SEVERITIES, type Severity } from '@governance/contracts';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';

export class ActivityQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  cursor?: string;

  @IsOptional()
  @IsIn(PUBLIC_EVENT_TYPES, { message: `event must be one of: ${PUBLIC_EVENT_TYPES.join(', ')}` })
  event?: PublicEventType;

  @IsOptional()
  @IsString()
  @Matches(/^sys_[0-9A-HJKMNP-TV-Z]{26}$/, { message: 'system_id must be a system id (sys_…)' })
  system_id?: string;

  @IsOptional()
  @IsIn(SEVERITIES, { message: `severity must be one of: ${SEVERITIES.join(', ')}` })
  severity?: Severity;

  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'since must be an ISO 8601 timestamp' })
  since?: string;
}

export interface ActivityItem {
  id: string;
  event: PublicEventType;
  severity: Severity;
  system_id: string | null;
  summary: string;
  timestamp: string;
}

export interface ActivityPage {
  data: ActivityItem[];
  next_cursor: string | null;
}
