import { type FormEvent, useState } from 'react';
import { formErrors } from '../auth/form-errors';
import { Button } from '../design/button';
import { Dialog } from '../design/dialog';
import { SelectField, TextField } from '../design/field';
import { Alert } from '../design/surface';
import {
  FRAMEWORK_LABELS,
  type Framework,
  PERIOD_OPTIONS,
  REPORT_FORMAT_LABELS,
  REPORT_FORMATS,
  REPORT_TYPE_LABELS,
  REPORT_TYPES,
} from './labels';
import { type ReportForm, reportRequest } from './report-request';
import { useGenerateReport, useSystemChoices } from './reports.queries';
import styles from './reports.module.css';

const EMPTY: ReportForm = {
  type: 'compliance',
  format: 'pdf',
  period: '30d',
  from: '',
  to: '',
  framework: '',
  systemId: '',
  assessmentId: '',
};
const TYPE_OPTIONS = REPORT_TYPES.map((type) => ({ value: type, label: REPORT_TYPE_LABELS[type] }));
const FORMAT_OPTIONS = REPORT_FORMATS.map((format) => ({
  value: format,
  label: REPORT_FORMAT_LABELS[format],
}));
const FRAMEWORK_OPTIONS = [
  { value: '', label: 'Every framework' },
  ...(Object.keys(FRAMEWORK_LABELS) as Framework[]).map((framework) => ({
    value: framework,
    label: FRAMEWORK_LABELS[framework],
  })),
];
const TYPE_HINTS: Readonly<Record<ReportForm['type'], string>> = {
  compliance: 'Findings, assessments and policy violations, by framework.',
  executive: 'A short summary of the governance posture for leadership.',
  system: 'One system: its risk, assessments, findings and probes.',
  assessment: 'The results of one assessment.',
};

export function GenerateReportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form, setForm] = useState(EMPTY);
  const [invalid, setInvalid] = useState<{ field: keyof ReportForm; message: string } | null>(null);
  const generate = useGenerateReport();
  const systems = useSystemChoices(open && form.type === 'system');
  const errors = formErrors(generate.error);
  const change = (field: keyof ReportForm) => (event: { target: { value: string } }) => {
    setInvalid(null);
    setForm((previous) => ({ ...previous, [field]: event.target.value }));
  };
  const close = () => {
    generate.reset();
    setInvalid(null);
    setForm(EMPTY);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = reportRequest(form);
    if (!request.ok) {
      setInvalid(request);
      return;
    }
    generate.mutate(request.body, { onSuccess: close });
  };
  const fieldError = (field: keyof ReportForm, apiField?: string) =>
    invalid?.field === field ? invalid.message : apiField ? errors.fields[apiField] : undefined;
  const systemOptions = [
    { value: '', label: systems.isPending ? 'Loading systems…' : 'Choose a system' },
    ...(systems.data?.data ?? []).map((system) => ({ value: system.id, label: system.name })),
  ];

  return (
    <Dialog title="Generate a report" open={open} onClose={close}>
      <form className={styles.form} onSubmit={submit} noValidate>
        {errors.message && (
          <div className={styles.full}>
            <Alert tone="danger" title="The report was not generated.">
              {errors.message}
            </Alert>
          </div>
        )}
        <SelectField
          label="Type"
          value={form.type}
          options={TYPE_OPTIONS}
          onChange={change('type')}
          hint={TYPE_HINTS[form.type]}
          error={errors.fields.type}
        />
        <SelectField
          label="Format"
          value={form.format}
          options={FORMAT_OPTIONS}
          onChange={change('format')}
          error={errors.fields.format}
        />
        {form.type === 'system' && (
          <div className={styles.full}>
            <SelectField
              label="System"
              value={form.systemId}
              options={systemOptions}
              onChange={change('systemId')}
              error={fieldError('systemId', 'system_id')}
            />
          </div>
        )}
        {form.type === 'assessment' ? (
          <div className={styles.full}>
            <TextField
              label="Assessment id"
              value={form.assessmentId}
              onChange={change('assessmentId')}
              placeholder="asmnt_…"
              hint="The id shown on the assessment."
              error={fieldError('assessmentId', 'assessment_id')}
            />
          </div>
        ) : (
          <>
            <SelectField
              label="Period"
              value={form.period}
              options={PERIOD_OPTIONS}
              onChange={change('period')}
              error={errors.fields.period}
            />
            <SelectField
              label="Framework"
              value={form.framework}
              options={FRAMEWORK_OPTIONS}
              onChange={change('framework')}
              error={errors.fields.framework}
            />
            {form.period === 'custom' && (
              <>
                <TextField
                  label="From"
                  type="date"
                  value={form.from}
                  onChange={change('from')}
                  hint="The first whole day (UTC)."
                  error={fieldError('from')}
                />
                <TextField
                  label="To"
                  type="date"
                  optional
                  value={form.to}
                  onChange={change('to')}
                  hint="The last whole day; left empty, until now."
                  error={fieldError('to')}
                />
              </>
            )}
          </>
        )}
        <div className={styles.formActions}>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={generate.isPending}>
            {generate.isPending ? 'Generating…' : 'Generate report'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
