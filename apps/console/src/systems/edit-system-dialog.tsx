import { type FormEvent, useState } from 'react';
import { formErrors } from '../auth/form-errors';
import { ApiProblem } from '../api/problem';
import { Button } from '../design/button';
import { Dialog } from '../design/dialog';
import { SelectField, TextAreaField, TextField } from '../design/field';
import { Alert } from '../design/surface';
import { RISK_TIER_LABELS, RISK_TIERS, type RiskTier } from './labels';
import { type SystemChange, type SystemDetail, useUpdateSystem } from './systems.queries';
import styles from './systems.module.css';

const TEXT_FIELDS = ['description', 'owner', 'vendor', 'model', 'environment', 'host', 'runtime'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type Form = Record<TextField | 'name' | 'tags', string> & { risk_tier: RiskTier };

const TIER_OPTIONS = RISK_TIERS.map((tier) => ({ value: tier, label: RISK_TIER_LABELS[tier] }));

function formOf(system: SystemDetail): Form {
  const form = { name: system.name, risk_tier: system.risk_tier, tags: system.tags.join(', ') } as Form;
  for (const field of TEXT_FIELDS) form[field] = system[field] ?? '';
  return form;
}

const tagsOf = (text: string): string[] =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

/** Only what the person changed: an untouched field is not sent, an emptied optional one is cleared. */
export function changesOf(system: SystemDetail, form: Form): SystemChange {
  const change: SystemChange = {};
  if (form.name.trim() !== system.name) change.name = form.name.trim();
  if (form.risk_tier !== system.risk_tier) change.risk_tier = form.risk_tier;
  for (const field of TEXT_FIELDS) {
    const value = form[field].trim() || null;
    if (value !== (system[field] ?? null)) change[field] = value;
  }
  const tags = tagsOf(form.tags);
  if (tags.join('\u0000') !== system.tags.join('\u0000')) change.tags = tags;
  return change;
}

const LABELS: Readonly<Record<TextField, string>> = {
  description: 'Description',
  owner: 'Owner',
  vendor: 'Vendor',
  model: 'Model',
  environment: 'Environment',
  host: 'Host',
  runtime: 'Runtime',
};

/** Edits a system's details; mounted while open, so it starts from the system as shown. */
export function EditSystemDialog({ system, onClose }: { system: SystemDetail; onClose: () => void }) {
  const [form, setForm] = useState(() => formOf(system));
  const update = useUpdateSystem();
  const errors = formErrors(update.error);
  const nameTaken = update.error instanceof ApiProblem && update.error.code === 'conflict';
  const change = (field: keyof Form) => (event: { target: { value: string } }) =>
    setForm((previous) => ({ ...previous, [field]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changes = changesOf(system, form);
    if (Object.keys(changes).length === 0) return onClose();
    update.mutate({ id: system.id, change: changes }, { onSuccess: onClose });
  };
  return (
    <Dialog title={`Edit ${system.name}`} open onClose={onClose}>
      <form className={styles.form} onSubmit={submit}>
        {errors.message && !nameTaken && (
          <div className={styles.full}>
            <Alert tone="danger" title="The system was not changed.">
              {errors.message}
            </Alert>
          </div>
        )}
        <div className={styles.full}>
          <TextField
            label="Name"
            value={form.name}
            onChange={change('name')}
            error={nameTaken ? 'Another system already has this name.' : errors.fields.name}
            maxLength={200}
          />
        </div>
        <div className={styles.full}>
          <TextAreaField
            label={LABELS.description}
            optional
            value={form.description}
            onChange={change('description')}
            error={errors.fields.description}
          />
        </div>
        <SelectField
          label="Risk tier"
          value={form.risk_tier}
          options={TIER_OPTIONS}
          onChange={change('risk_tier')}
          error={errors.fields.risk_tier}
        />
        {TEXT_FIELDS.filter((field) => field !== 'description').map((field) => (
          <TextField
            key={field}
            label={LABELS[field]}
            optional
            value={form[field]}
            onChange={change(field)}
            error={errors.fields[field]}
          />
        ))}
        <div className={styles.full}>
          <TextField
            label="Tags"
            optional
            value={form.tags}
            onChange={change('tags')}
            hint="Separated by commas."
            error={errors.fields.tags}
          />
        </div>
        <div className={styles.formActions}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save changes'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
