import { SEVERITIES } from '@governance/contracts';
import { FRAMEWORK_KEYS } from '@governance/frameworks';
import {
  dtoSchema,
  idSchema,
  listSchema,
  nullable,
  recordSchema,
  type SchemaObject,
  timestampSchema,
} from '@governance/platform';
import { DOCUMENT_MAX_SIZE } from './assessment-limits';
import { ASSESSMENT_STATUSES } from './assessment-records';
import { SubmitDocumentDto } from './assessment.dto';

/* The OpenAPI description of assessments: the JSON request schema comes from the DTO. */

const framework: SchemaObject = { type: 'string', enum: [...FRAMEWORK_KEYS] };

export const submitDocumentJson = dtoSchema(SubmitDocumentDto, {
  framework: { description: 'A template id from `GET /api/service/assess/templates`.' },
});

/** The same request as a form: the fields of the JSON body, and the document as a file. */
export const submitDocumentForm: SchemaObject = {
  type: 'object',
  required: ['system_id', 'framework', 'file'],
  properties: {
    system_id: { type: 'string', maxLength: 100 },
    framework,
    file: {
      type: 'string',
      format: 'binary',
      description:
        `A PDF (.pdf), Word (.docx), Markdown (.md) or text (.txt) document of at most ${DOCUMENT_MAX_SIZE} ` +
        'bytes; its file name becomes the title.',
    },
  },
};

export const queuedSchema = recordSchema({
  id: idSchema('asmnt'),
  status: { type: 'string', enum: ['queued'] },
});

export const assessmentSchema = recordSchema({
  id: idSchema('asmnt'),
  system_id: idSchema('sys'),
  framework: { type: 'string' },
  status: { type: 'string', enum: [...ASSESSMENT_STATUSES] },
  progress: { type: 'integer', minimum: 0, maximum: 100, description: 'Percent of the work done.' },
  error: nullable({ type: 'string', description: 'Why the assessment failed; null unless `failed`.' }),
  verdict: nullable({
    type: 'string',
    enum: ['pass', 'conditional', 'fail'],
    description: 'Set once `complete`.',
  }),
  score: nullable({ type: 'number', minimum: 0, maximum: 1, description: 'Set once `complete`.' }),
  findings_count: nullable({ type: 'integer' }),
  high_findings: nullable({ type: 'integer' }),
  medium_findings: nullable({ type: 'integer' }),
  report_url: nullable({ type: 'string', format: 'uri', description: 'Set once `complete`.' }),
  created_at: timestampSchema(),
  completed_at: nullable(timestampSchema()),
});

export const findingListSchema = listSchema(
  recordSchema({
    finding_id: idSchema('fnd'),
    control: { type: 'string', description: '`<FRAMEWORK_KEY>:<control_id>`.' },
    framework: { type: 'string' },
    title: { type: 'string' },
    description: { type: 'string' },
    status: {
      type: 'string',
      enum: ['partial', 'missing'],
      description: 'How far the document meets the control.',
    },
    severity: { type: 'string', enum: [...SEVERITIES] },
    evidence: {
      type: 'array',
      description: 'The passages of the document that bear on the control.',
      items: recordSchema({
        quote: { type: 'string' },
        section: { type: 'string' },
        line: { type: 'integer' },
        offset: { type: 'integer' },
      }),
    },
    remediation_id: idSchema('rem'),
    remediation: { type: 'string', description: 'What to add to the document to meet the control.' },
  }),
);

const assessmentId = 'asmnt_01JD61F5G6H7J8K9M0N1P2Q3R4';

export const examples = {
  submit: {
    system_id: 'sys_01JD60A1B2C3D4E5F6G7H8J9KM',
    framework: 'EU_AI_ACT',
    document: { title: 'Claims Triage AI policy', content: '# AI policy\n\n## Risk management\n\n…' },
  },
  queued: { id: assessmentId, status: 'queued' },
  assessment: {
    id: assessmentId,
    system_id: 'sys_01JD60A1B2C3D4E5F6G7H8J9KM',
    framework: 'EU_AI_ACT',
    status: 'complete',
    progress: 100,
    error: null,
    verdict: 'conditional',
    score: 0.72,
    findings_count: 4,
    high_findings: 1,
    medium_findings: 3,
    report_url: `https://governance.example.com/api/service/reports/assessments/${assessmentId}`,
    created_at: '2026-11-22T10:20:00.000Z',
    completed_at: '2026-11-22T10:20:04.000Z',
  },
  findings: {
    data: [
      {
        finding_id: 'fnd_01JD61F9K0M1N2P3Q4R5S6T7V8',
        control: 'EU_AI_ACT:ART-9.1',
        framework: 'EU_AI_ACT',
        title: 'Risk management system',
        description: 'A risk management system is established, documented and maintained.',
        status: 'partial',
        severity: 'HIGH',
        evidence: [
          { quote: 'Risks are reviewed every quarter.', section: 'Risk management', line: 5, offset: 48 },
        ],
        remediation_id: 'rem_01JD61F9K0M1N2P3Q4R5S6T7V9',
        remediation: 'Describe how risks are identified, estimated and mitigated across the lifecycle.',
      },
    ],
  },
};
