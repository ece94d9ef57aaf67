import { FRAMEWORK_KEYS } from '@governance/frameworks';
import {
  dtoSchema,
  idSchema,
  nullable,
  pageSchema,
  recordSchema,
  type SchemaObject,
  timestampSchema,
} from '@governance/platform';
import { REPORT_FORMATS, REPORT_TYPES } from '../content/report-content';
import { CreateReportDto } from './report.dto';
import { REPORT_STATUSES } from './report-records';

/* The OpenAPI description of the reports API: the request schema comes from the DTO. */

const periodBound: SchemaObject = {
  type: 'string',
  description: 'An ISO 8601 date (a whole UTC day) or a timestamp with a zone.',
};

export const createReportBody = dtoSchema(CreateReportDto, {
  type: { description: 'What the report covers.' },
  format: { description: 'The file format.' },
  system_id: { description: 'Required for a `system` report; narrows `compliance` and `executive` reports.' },
  framework: { description: `Narrows the report to one framework: ${FRAMEWORK_KEYS.join(', ')}.` },
  assessment_id: { description: 'Required for, and only for, an `assessment` report.' },
  period: {
    description:
      'The window of assessments and incidents: a span ending now (`12h`, `30d`, `4w`), or `{from, to}` ' +
      '(`to` defaults to now). Left out or null: all time. Not for `assessment` reports.',
    oneOf: [
      { type: 'string', pattern: '^[1-9][0-9]{0,5}[hdw]$' },
      {
        type: 'object',
        required: ['from'],
        additionalProperties: false,
        properties: { from: periodBound, to: nullable(periodBound) },
      },
    ],
  },
});

// null is accepted too, but OpenAPI 3.0 allows `nullable` only beside a `type`: the description says so.
delete createReportBody.properties['period']!.nullable;

export const queuedReportSchema = recordSchema({
  id: idSchema('rpt'),
  status: { type: 'string', enum: ['queued'] },
});

export const reportSchema: SchemaObject = {
  ...recordSchema({
    id: idSchema('rpt'),
    type: { type: 'string', enum: [...REPORT_TYPES] },
    format: { type: 'string', enum: [...REPORT_FORMATS] },
    status: { type: 'string', enum: [...REPORT_STATUSES] },
    created_at: timestampSchema(),
    completed_at: nullable(timestampSchema('When generation finished (complete or failed).')),
    size_bytes: nullable({ type: 'integer', minimum: 0 }),
    download_url: nullable({
      type: 'string',
      format: 'uri',
      description: 'A signed link that works without an API key until it expires; null until complete.',
    }),
  }),
};
reportSchema.properties = {
  ...reportSchema.properties,
  error: { type: 'string', description: 'Why generation failed; only on failed reports.' },
};

export const reportPageSchema = pageSchema(reportSchema);

const now = '2026-11-22T12:00:00.000Z';
const report = {
  id: 'rpt_01JDQ4W9M3XKZ8T2V5N7R6Y0AB',
  type: 'compliance',
  format: 'pdf',
  status: 'complete',
  created_at: now,
  completed_at: '2026-11-22T12:00:02.000Z',
  size_bytes: 48213,
  download_url:
    'https://governance.example/api/service/reports/rpt_01JDQ4W9M3XKZ8T2V5N7R6Y0AB/download?expires=1795348800&signature=' +
    '3f1c0a9b8e7d6c5b4a3928171615141312111009080706050403020100ffeedd',
};

export const examples = {
  create: { type: 'compliance', format: 'pdf', framework: 'EU_AI_ACT', period: '30d' },
  queued: { id: report.id, status: 'queued' },
  report,
  pending: { ...report, status: 'running', completed_at: null, size_bytes: null, download_url: null },
  page: { data: [report], next_cursor: null },
};
