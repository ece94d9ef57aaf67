import { type QueuedReport, type ReportResponse } from './report.dto';

/* Examples of the reports API; the response types check them. */

const now = '2026-11-22T12:00:00.000Z';
const report: ReportResponse = {
  id: 'rpt_01JDQ4W9M3XKZ8T2V5N7R6Y0AB',
  type: 'compliance',
  subject: 'EU Artificial Intelligence Act · 23 Oct 2026 to 22 Nov 2026',
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
  queued: { id: report.id, status: 'queued' } satisfies QueuedReport,
  report,
  pending: {
    ...report,
    status: 'running',
    completed_at: null,
    size_bytes: null,
    download_url: null,
  } satisfies ReportResponse,
  page: { data: [report], next_cursor: null },
};
