import { type ReportContent } from '../content/report-content';

export function renderJson(content: ReportContent): Buffer {
  return Buffer.from(`${JSON.stringify(content, null, 2)}\n`, 'utf8');
}
