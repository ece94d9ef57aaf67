import { type FormEvent, useState } from 'react';
import { formErrors } from '../auth/form-errors';
import { ApiProblem } from '../api/problem';
import { Button } from '../design/button';
import { Dialog } from '../design/dialog';
import { SelectField, TextAreaField, TextField } from '../design/field';
import { Alert } from '../design/surface';
import { RISK_TIER_LABELS, RISK_TIERS, type RiskTier } from './labels';
import { useRegisterSystem } from './systems.queries';
import styles from './systems.module.css';

const EMPTY = {
  name: '',
  description: '',
  owner: '',
  vendor: '',
  model: '',
  environment: '',
  tags: '',
  risk_tier: 'unclassified' as RiskTier,
};
const TIER_OPTIONS = RISK_TIERS.map((tier) => ({ value: tier, label: RISK_TIER_LABELS[tier] }));

const orNull = (value: string): string | null => value.trim() || null;

export function RegisterSystemDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form, setForm] = useState(EMPTY);
  const register = useRegisterSystem();
  const errors = formErrors(register.error);
  const nameTaken = register.error instanceof ApiProblem && register.error.code === 'conflict';
  const change = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setForm((previous) => ({ ...previous, [field]: event.target.value }));
  const close = () => {
    register.reset();
    setForm(EMPTY);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    register.mutate(
      {
        name: form.name.trim(),
        description: orNull(form.description),
        owner: orNull(form.owner),
        vendor: orNull(form.vendor),
        model: orNull(form.model),
        environment: orNull(form.environment),
        risk_tier: form.risk_tier,
        tags: form.tags
          .split(',')
          .map((tag) => tag.trim())
          .filter(Boolean),
      },
      { onSuccess: close },
    );
  };
  return (
    <Dialog title="Register a system" open={open} onClose={close}>
      <form className={styles.form} onSubmit={submit}>
        {errors.message && !nameTaken && (
          <div className={styles.full}>
            <Alert tone="danger" title="The system was not registered.">
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
            label="Description"
            optional
            value={form.description}
            onChange={change('description')}
            error={errors.fields.description}
          />
        </div>
        <TextField
          label="Owner"
          optional
          value={form.owner}
          onChange={change('owner')}
          hint="A team or a person’s email."
          error={errors.fields.owner}
        />
        <SelectField
          label="Risk tier"
          value={form.risk_tier}
          options={TIER_OPTIONS}
          onChange={change('risk_tier')}
          error={errors.fields.risk_tier}
        />
        <TextField
          label="Vendor"
          optional
          value={form.vendor}
          onChange={change('vendor')}
          error={errors.fields.vendor}
        />
        <TextField
          label="Model"
          optional
          value={form.model}
          onChange={change('model')}
          error={errors.fields.model}
        />
        <TextField
          label="Environment"
          optional
          value={form.environment}
          onChange={change('environment')}
          error={errors.fields.environment}
        />
        <TextField
          label="Tags"
          optional
          value={form.tags}
          onChange={change('tags')}
          hint="Separated by commas."
          error={errors.fields.tags}
        />
        <div className={styles.formActions}>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={register.isPending}>
            {register.isPending ? 'Registering…' : 'Register system'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
