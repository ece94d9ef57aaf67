import { SEVERITIES } from '@governance/contracts';
import { FRAMEWORK_KEYS, type FrameworkKey } from '@governance/frameworks';
import {
  Id,
  List,
  Nullable,
  Page,
  PageQuery,
  type SchemaObject,
  StringEnum,
  Timestamp,
} from '@governance/platform';
import { type Static, Type as Schema } from '@sinclair/typebox';
import { Type } from 'class-transformer';
import {
  IsDefined,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { DOCUMENT_MAX_SIZE, TITLE_MAX_LENGTH } from './assessment-limits';
import { ASSESSMENT_STATUSES, VERDICTS } from './assessment-records';

// PostgreSQL text cannot hold NUL; a title needs no control characters other than tab.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const NO_NUL = /^[^\u0000]*$/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u0008\u000a-\u001f\u007f]*$/;

export const frameworkMessage = { message: `framework must be one of: ${FRAMEWORK_KEYS.join(', ')}` };

export class DocumentDto {
  @IsString()
  @MinLength(1, { message: 'title must not be empty' })
  @MaxLength(TITLE_MAX_LENGTH)
  @Matches(NO_CONTROL_CHARACTERS, { message: 'title must not contain control characters' })
  title!: string;

  @IsString()
  @MinLength(1, { message: 'content must not be empty' })
  @MaxLength(DOCUMENT_MAX_SIZE, { message: `content must be at most ${DOCUMENT_MAX_SIZE} characters` })
  @Matches(NO_NUL, { message: 'content must not contain NUL characters' })
  content!: string;
}

export class SubmitDocumentDto {
  @IsString()
  @MinLength(1, { message: 'system_id must not be empty' })
  @MaxLength(100)
  system_id!: string;

  @IsIn(FRAMEWORK_KEYS, frameworkMessage)
  @JSONSchema({ description: 'A template id from `GET /api/service/assess/templates`.' })
  framework!: FrameworkKey;

  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => DocumentDto)
  document!: DocumentDto;
}

/** The same request as a form: the fields of the JSON body, and the document as a file. */
export const SUBMIT_DOCUMENT_FORM: SchemaObject = {
  type: 'object',
  required: ['system_id', 'framework', 'file'],
  properties: {
    system_id: { type: 'string', maxLength: 100 },
    framework: StringEnum(FRAMEWORK_KEYS),
    file: {
      type: 'string',
      format: 'binary',
      description:
        `A PDF (.pdf), Word (.docx), Markdown (.md) or text (.txt) document of at most ${DOCUMENT_MAX_SIZE} ` +
        'bytes; its file name becomes the title.',
    },
  },
};

export const QueuedResponse = Schema.Object({ id: Id('asmnt'), status: StringEnum(['queued']) });
export type QueuedResponse = Static<typeof QueuedResponse>;

export const AssessmentResponse = Schema.Object({
  id: Id('asmnt'),
  system_id: Id('sys'),
  framework: Schema.String(),
  title: Schema.String({ description: "The document's title; for an uploaded file, its name." }),
  status: StringEnum(ASSESSMENT_STATUSES),
  progress: Schema.Integer({ minimum: 0, maximum: 100, description: 'Percent of the work done.' }),
  error: Nullable(Schema.String({ description: 'Why the assessment failed; null unless `failed`.' })),
  verdict: Nullable(StringEnum(VERDICTS, 'Set once `complete`.')),
  score: Nullable(Schema.Number({ minimum: 0, maximum: 1, description: 'Set once `complete`.' })),
  findings_count: Nullable(Schema.Integer()),
  high_findings: Nullable(Schema.Integer()),
  medium_findings: Nullable(Schema.Integer()),
  report_url: Nullable(Schema.String({ format: 'uri', description: 'Set once `complete`.' })),
  created_at: Timestamp(),
  completed_at: Nullable(Timestamp()),
});
export type AssessmentResponse = Static<typeof AssessmentResponse>;

export const EvidenceEntry = Schema.Object({
  quote: Schema.String({ description: 'The passage, verbatim.' }),
  section: Schema.String({ description: 'The title of the section it sits in.' }),
  line: Schema.Integer({ description: '1-based line of its first character in the document text.' }),
  offset: Schema.Integer({ description: 'Character offset of its first character in the document text.' }),
  context_before: Schema.String({
    description:
      'The text just before the quote, within its paragraph (at most 200 characters, from a word start): ' +
      '`context_before + quote + context_after` is a verbatim part of the document. Empty for findings ' +
      'written before this field existed.',
  }),
  context_after: Schema.String({ description: 'The text just after the quote, likewise.' }),
});

export const FindingResponse = Schema.Object({
  finding_id: Id('fnd'),
  control: Schema.String({ description: '`<FRAMEWORK_KEY>:<control_id>`.' }),
  framework: Schema.String(),
  title: Schema.String(),
  description: Schema.String(),
  status: StringEnum(['met', 'partial', 'missing'], 'How far the document meets the control.'),
  severity: StringEnum(SEVERITIES),
  evidence: Schema.Array(EvidenceEntry, {
    description: 'The passages of the document that bear on the control.',
  }),
  remediation_id: Id('rem'),
  remediation: Schema.String({ description: 'What to add to the document to meet the control.' }),
});
export type FindingResponse = Static<typeof FindingResponse>;

export const FindingList = List(FindingResponse);
export type FindingList = Static<typeof FindingList>;

export const AssessmentPage = Page(AssessmentResponse);
export type AssessmentPage = Static<typeof AssessmentPage>;

export class ListAssessmentsQuery extends PageQuery {
  @IsOptional()
  @IsString()
  @Matches(/^sys_[0-9A-HJKMNP-TV-Z]{26}$/, { message: 'system_id must be a system id (sys_…)' })
  @JSONSchema({ description: 'Only the assessments of this system.' })
  system_id?: string;

  @IsOptional()
  @IsIn(ASSESSMENT_STATUSES, { message: `status must be one of: ${ASSESSMENT_STATUSES.join(', ')}` })
  status?: (typeof ASSESSMENT_STATUSES)[number];

  @IsOptional()
  @IsIn(VERDICTS, { message: `verdict must be one of: ${VERDICTS.join(', ')}` })
  @JSONSchema({ description: 'Only complete assessments with this verdict.' })
  verdict?: (typeof VERDICTS)[number];
}
