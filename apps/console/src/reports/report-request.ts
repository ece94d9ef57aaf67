import type { operations } from '../api/schema';

type NewReport = operations['Reports_create']['requestBody']['content']['application/json'];
type Framework = NonNullable<NewReport['framework']>;

export interface ReportForm {
  type: NewReport['type'];
  format: NewReport['format'];
  /** A span such as `30d`, `all`, or `custom` for the two dates. */
  period: string;
  from: string;
  to: string;
  framework: Framework | '';
  systemId: string;
  assessmentId: string;
}

/**
 * The request the form describes, or the field the person must still fill in: a system report names its
 * system, an assessment report its assessment (and has no period), dates run forwards.
 */
export function reportRequest(
  form: ReportForm,
): { ok: true; body: NewReport } | { ok: false; field: keyof ReportForm; message: string } {
  const body: NewReport = { type: form.type, format: form.format };
  if (form.type === 'system') {
    if (!form.systemId) return { ok: false, field: 'systemId', message: 'Choose the system to report on.' };
    body.system_id = form.systemId;
  }
  if (form.type === 'assessment') {
    const id = form.assessmentId.trim();
    if (!id) return { ok: false, field: 'assessmentId', message: 'Enter the assessment’s id.' };
    return { ok: true, body: { ...body, assessment_id: id } };
  }
  if (form.framework) body.framework = form.framework;
  if (form.period === 'custom') {
    if (!form.from) return { ok: false, field: 'from', message: 'Enter the first day of the period.' };
    if (form.to && form.to < form.from)
      return { ok: false, field: 'to', message: 'The last day comes after the first.' };
    body.period = { from: form.from, to: form.to || null };
  } else if (form.period !== 'all') {
    body.period = form.period;
  }
  return { ok: true, body };
}
