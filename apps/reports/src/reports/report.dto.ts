import { FRAMEWORK_KEYS, type FrameworkKey } from '@governance/frameworks';
import { Id, Nullable, Page, PageQuery, StringEnum, Timestamp } from '@governance/platform';
import { type Static, Type } from '@sinclair/typebox';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { REPORT_FORMATS, REPORT_TYPES, type ReportFormat, type ReportType } from '../content/report-content';
import { REPORT_STATUSES, type ReportStatus } from './report-records';

const SYSTEM_ID = /^sys_[0-9A-HJKMNP-TV-Z]{26}$/;
const ASSESSMENT_ID = /^asmnt_[0-9A-HJKMNP-TV-Z]{26}$/;

const periodBound = {
  type: 'string',
  description: 'An ISO 8601 date (a whole UTC day) or a timestamp with a zone.',
} as const;

export class CreateReportDto {
  @IsIn(REPORT_TYPES, { message: `type must be one of: ${REPORT_TYPES.join(', ')}` })
  @JSONSchema({ description: 'What the report covers.' })
  type!: ReportType;

  @IsIn(REPORT_FORMATS, { message: `format must be one of: ${REPORT_FORMATS.join(', ')}` })
  @JSONSchema({ description: 'The file format.' })
  format!: ReportFormat;

  @IsOptional()
  @IsString()
  @Matches(SYSTEM_ID, { message: 'system_id must be a system id (sys_…)' })
  @JSONSchema({
    description: 'Required for a `system` report; narrows `compliance` and `executive` reports.',
  })
  system_id?: string;

  @IsOptional()
  @IsIn(FRAMEWORK_KEYS, { message: `framework must be one of: ${FRAMEWORK_KEYS.join(', ')}` })
  @JSONSchema({ description: `Narrows the report to one framework: ${FRAMEWORK_KEYS.join(', ')}.` })
  framework?: FrameworkKey;

  @IsOptional()
  @IsString()
  @Matches(ASSESSMENT_ID, { message: 'assessment_id must be an assessment id (asmnt_…)' })
  @JSONSchema({ description: 'Required for, and only for, an `assessment` report.' })
  assessment_id?: string;

  /** A shorthand ("30d") or {from, to}; parsed by parseReportPeriod, which names each bad field. */
  @IsOptional()
  @JSONSchema({
    description:
      'The window of assessments and incidents: a span ending now (`12h`, `30d`, `4w`), or `{from, to}` ' +
      '(`to` defaults to now). Left out or null: all time. Not for `assessment` reports.',
    oneOf: [
      { type: 'string', pattern: '^[1-9][0-9]{0,5}[hdw]$' },
      {
        type: 'object',
        required: ['from'],
        additionalProperties: false,
        properties: { from: periodBound, to: { ...periodBound, nullable: true } },
      },
    ],
  })
  period?: unknown;
}

export class ListReportsQuery extends PageQuery {
  @IsOptional()
  @IsIn(REPORT_TYPES, { message: `type must be one of: ${REPORT_TYPES.join(', ')}` })
  type?: ReportType;

  @IsOptional()
  @IsIn(REPORT_STATUSES, { message: `status must be one of: ${REPORT_STATUSES.join(', ')}` })
  status?: ReportStatus;
}

export const REPORT_ID = /^rpt_[0-9A-HJKMNP-TV-Z]{26}$/;

export const QueuedReport = Type.Object({ id: Id('rpt'), status: StringEnum(['queued']) });
export type QueuedReport = Static<typeof QueuedReport>;

export const ReportResponse = Type.Object({
  id: Id('rpt'),
  type: StringEnum(REPORT_TYPES),
  subject: Type.String({
    description:
      'What the report is about, by names: its system, framework and period, or for an assessment report ' +
      'its system, framework and completion date (`Support Bot · EU Artificial Intelligence Act · 20 Nov 2026`).',
  }),
  format: StringEnum(REPORT_FORMATS),
  status: StringEnum(REPORT_STATUSES),
  created_at: Timestamp(),
  completed_at: Nullable(Timestamp('When generation finished (complete or failed).')),
  size_bytes: Nullable(Type.Integer({ minimum: 0 })),
  download_url: Nullable(
    Type.String({
      format: 'uri',
      description: 'A signed link that works without an API key until it expires; null until complete.',
    }),
  ),
  error: Type.Optional(Type.String({ description: 'Why generation failed; only on failed reports.' })),
});
export type ReportResponse = Static<typeof ReportResponse>;

export const ReportPage = Page(ReportResponse);
export type ReportPage = Static<typeof ReportPage>;
