import { FRAMEWORK_KEYS, type FrameworkKey } from '@governance/frameworks';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { REPORT_FORMATS, REPORT_TYPES, type ReportFormat, type ReportType } from '../content/report-content';
import { REPORT_STATUSES, type ReportStatus } from './report-records';

const SYSTEM_ID = /^sys_[0-9A-HJKMNP-TV-Z]{26}$/;
const ASSESSMENT_ID = /^asmnt_[0-9A-HJKMNP-TV-Z]{26}$/;

export class CreateReportDto {
  @IsIn(REPORT_TYPES, { message: `type must be one of: ${REPORT_TYPES.join(', ')}` })
  type!: ReportType;

  @IsIn(REPORT_FORMATS, { message: `format must be one of: ${REPORT_FORMATS.join(', ')}` })
  format!: ReportFormat;

  @IsOptional()
  @IsString()
  @Matches(SYSTEM_ID, { message: 'system_id must be a system id (sys_…)' })
  system_id?: string;

  @IsOptional()
  @IsIn(FRAMEWORK_KEYS, { message: `framework must be one of: ${FRAMEWORK_KEYS.join(', ')}` })
  framework?: FrameworkKey;

  @IsOptional()
  @IsString()
  @Matches(ASSESSMENT_ID, { message: 'assessment_id must be an assessment id (asmnt_…)' })
  assessment_id?: string;

  /** A shorthand ("30d") or {from, to}; parsed by parseReportPeriod, which names each bad field. */
  @IsOptional()
  period?: unknown;
}

export class ListReportsQuery {
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
  @IsIn(REPORT_TYPES, { message: `type must be one of: ${REPORT_TYPES.join(', ')}` })
  type?: ReportType;

  @IsOptional()
  @IsIn(REPORT_STATUSES, { message: `status must be one of: ${REPORT_STATUSES.join(', ')}` })
  status?: ReportStatus;
}

export const REPORT_ID = /^rpt_[0-9A-HJKMNP-TV-Z]{26}$/;
