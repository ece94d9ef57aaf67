import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { api } from '../api/client';
import { ApiProblem, unwrap } from '../api/problem';
import { formErrors } from '../auth/form-errors';
import { Button } from '../design/button';
import { Dialog } from '../design/dialog';
import { SelectField, TextAreaField, TextField } from '../design/field';
import { Alert } from '../design/surface';
import { ENFORCEMENT_MODES, MODE_HINTS, MODE_LABELS } from './labels';
import {
  type EnforcementMode,
  type NewPolicy,
  type Policy,
  type PolicyChanges,
  useCreatePolicy,
  useUpdatePolicy,
} from './policies.queries';
import { draftOf, newDraft, type RuleDraft, ruleToSend } from './rule-draft';
import { RuleEditor } from './rule-editor';
import styles from './policies.module.css';

const SEVERITY_OPTIONS = [
  { value: '', label: 'By mode' },
  { value: 'HIGH', label: 'High' },
  { value: 'CRITICAL', label: 'Critical' },
];
const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'disabled', label: 'Disabled' },
];
const SCOPE_OPTIONS = [
  { value: 'all', label: 'Every system' },
  { value: 'some', label: 'Chosen systems' },
];
/** The most systems the scope picker lists; a longer inventory is scoped by JSON through the API. */
const SCOPE_PICKER_LIMIT = 100;
const REASON_MAX_LENGTH = 500;

interface Form {
  name: string;
  description: string;
  mode: EnforcementMode;
  severity: '' | 'HIGH' | 'CRITICAL';
  status: Policy['status'];
  scope: 'all' | 'some';
  systems: string[];
}

/** The form showing a stored policy, to edit it. */
function formOf(policy: Policy): Form {
  return {
    name: policy.name,
    description: policy.description ?? '',
    mode: policy.enforcement_mode,
    // "By mode" while the severity follows the mode, so an edit that leaves it keeps it following.
    severity:
      !policy.severity_by_mode && (policy.severity === 'CRITICAL' || policy.severity === 'HIGH')
        ? policy.severity
        : '',
    status: policy.status,
    scope: 'all_systems' in policy.scope ? 'all' : 'some',
    systems: 'all_systems' in policy.scope ? [] : policy.scope.system_ids,
  };
}

const EMPTY: Form = {
  name: '',
  description: '',
  mode: 'WARN',
  severity: '',
  status: 'active',
  scope: 'all',
  systems: [],
};

function useScopeSystems(enabled: boolean) {
  return useQuery({
    queryKey: ['systems', 'list', { status: 'active' }, 'scope-picker'],
    queryFn: () =>
      unwrap(
        api.GET('/api/service/systems', {
          params: { query: { status: 'active', limit: SCOPE_PICKER_LIMIT } },
        }),
      ),
    enabled,
  });
}

/** The service names a bad part of the rule by its JSON path (`rules.all[0].value`): list them all. */
function ruleProblems(error: unknown): string[] {
  if (!(error instanceof ApiProblem) || !Array.isArray(error.details)) return [];
  return (error.details as unknown[]).flatMap((item) =>
    typeof item === 'object' &&
    item !== null &&
    'field' in item &&
    'message' in item &&
    typeof item.field === 'string' &&
    item.field.startsWith('rules')
      ? [`${item.field}: ${String(item.message)}`]
      : [],
  );
}

export function CreatePolicyDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (policy: Policy) => void;
}) {
  const create = useCreatePolicy();
  return (
    <PolicyFormDialog
      title="Create a policy"
      open={open}
      initial={EMPTY}
      initialDraft={newDraft}
      mutation={create}
      submitLabel={['Create policy', 'Creating…']}
      refusal="The policy was not created."
      onClose={onClose}
      send={(form, rule, { onSuccess }) => {
        const body: NewPolicy = {
          name: form.name.trim(),
          description: form.description.trim() || null,
          enforcement_mode: form.mode,
          status: form.status,
          // The service validates the rule and names each bad part by its path.
          rules: rule as NewPolicy['rules'],
          scope: form.scope === 'all' ? { all_systems: true } : { system_ids: form.systems },
          ...(form.severity ? { severity: form.severity } : {}),
        };
        create.mutate(body, {
          onSuccess: (policy) => {
            onSuccess();
            onCreated(policy);
          },
        });
      }}
    />
  );
}

/**
 * Edits every field creation takes but the status (disabling asks first, on the policy's page), from the
 * version shown when it opened (mount it when opening): a change someone made since is refused, not
 * overwritten. The rule is sent only when it
 * changed, so a rule the builder would re-shape is not rewritten by an edit of the name.
 */
export function EditPolicyDialog({
  policy,
  open,
  onClose,
}: {
  policy: Policy;
  open: boolean;
  onClose: () => void;
}) {
  // The version opened is the one edited: a newer one arriving meanwhile makes the save a conflict.
  const [base] = useState(policy);
  const update = useUpdatePolicy();
  const [reason, setReason] = useState('');
  const stale =
    update.error instanceof ApiProblem && update.error.code === 'conflict' && !isNameConflict(update.error);
  return (
    <PolicyFormDialog
      title={`Edit ${base.name}`}
      open={open}
      initial={formOf(base)}
      initialDraft={() => draftOf(base.rules)}
      mutation={update}
      submitLabel={['Save changes', 'Saving…']}
      refusal={stale ? 'Someone changed this policy since you opened it.' : 'The policy was not changed.'}
      withStatus={false}
      onClose={() => {
        setReason('');
        onClose();
      }}
      extra={
        <TextAreaField
          label="Reason for the change"
          optional
          hint="Recorded in the audit trail."
          value={reason}
          maxLength={REASON_MAX_LENGTH}
          rows={2}
          onChange={(event) => setReason(event.target.value)}
        />
      }
      send={(form, rule, { onSuccess }) => {
        const unchangedRule = ruleToSend(draftOf(base.rules));
        const changes: PolicyChanges = {
          version: base.version,
          name: form.name.trim(),
          description: form.description.trim() || null,
          enforcement_mode: form.mode,
          // Left "by mode", no severity is sent: the service keeps it following the mode (or the one it has).
          ...(form.severity ? { severity: form.severity } : {}),
          scope: form.scope === 'all' ? { all_systems: true } : { system_ids: form.systems },
          ...(unchangedRule.ok && sameJson(unchangedRule.rule, rule)
            ? {}
            : { rules: rule as PolicyChanges['rules'] }),
          ...(reason.trim() ? { reason: reason.trim() } : {}),
        };
        update.mutate(
          { id: base.id, changes },
          {
            onSuccess: () => {
              setReason('');
              onSuccess();
            },
          },
        );
      }}
    />
  );
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const isNameConflict = (problem: ApiProblem) =>
  typeof problem.details === 'object' &&
  problem.details !== null &&
  'field' in problem.details &&
  problem.details.field === 'name';

interface FormMutation {
  error: unknown;
  isPending: boolean;
  reset: () => void;
}

function PolicyFormDialog({
  title,
  open,
  initial,
  initialDraft,
  mutation,
  submitLabel,
  refusal,
  withStatus = true,
  extra,
  onClose,
  send,
}: {
  title: string;
  open: boolean;
  initial: Form;
  initialDraft: () => RuleDraft;
  mutation: FormMutation;
  submitLabel: [idle: string, busy: string];
  refusal: string;
  withStatus?: boolean;
  extra?: ReactNode;
  onClose: () => void;
  send: (form: Form, rule: unknown, done: { onSuccess: () => void }) => void;
}) {
  const [form, setForm] = useState(initial);
  const [draft, setDraft] = useState<RuleDraft>(initialDraft);
  const systems = useScopeSystems(open && form.scope === 'some');
  const errors = formErrors(mutation.error);
  const nameTaken = mutation.error instanceof ApiProblem && isNameConflict(mutation.error);
  const problems = ruleProblems(mutation.error);
  const [scopeError, setScopeError] = useState<string | undefined>();
  const change = (field: 'name' | 'description') => (event: { target: { value: string } }) =>
    setForm((previous) => ({ ...previous, [field]: event.target.value }));
  const reset = () => {
    mutation.reset();
    setForm(initial);
    setDraft(initialDraft());
    setScopeError(undefined);
  };
  const close = () => {
    reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const sending = ruleToSend(draft);
    if (!sending.ok) {
      setDraft(sending.draft);
      return;
    }
    if (form.scope === 'some' && form.systems.length === 0) {
      setScopeError('Choose at least one system, or apply the policy to every system.');
      return;
    }
    setScopeError(undefined);
    send(form, sending.rule, { onSuccess: close });
  };
  return (
    <Dialog title={title} open={open} onClose={close}>
      <form className={styles.form} onSubmit={submit}>
        {errors.message && !nameTaken && (
          <div className={styles.full}>
            <Alert tone="danger" title={refusal}>
              {errors.message}
              {problems.length > 0 && (
                <ul>
                  {problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              )}
            </Alert>
          </div>
        )}
        <div className={styles.full}>
          <TextField
            label="Name"
            value={form.name}
            onChange={change('name')}
            error={nameTaken ? 'Another policy already has this name.' : errors.fields['name']}
            maxLength={200}
          />
        </div>
        <div className={styles.full}>
          <TextAreaField
            label="Description"
            optional
            value={form.description}
            onChange={change('description')}
            error={errors.fields['description']}
            maxLength={2000}
          />
        </div>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Enforcement</legend>
          <div className={styles.choices}>
            {ENFORCEMENT_MODES.map((mode) => (
              <label key={mode}>
                <input
                  type="radio"
                  name="enforcement_mode"
                  value={mode}
                  checked={form.mode === mode}
                  onChange={() => setForm((previous) => ({ ...previous, mode }))}
                />
                <span>
                  {MODE_LABELS[mode]}
                  <small>{MODE_HINTS[mode]}</small>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className={styles.choices}>
          <SelectField
            label="Severity"
            hint="By mode: critical for Block, high for Warn."
            value={form.severity}
            options={SEVERITY_OPTIONS}
            onChange={(event) =>
              setForm((previous) => ({
                ...previous,
                severity:
                  event.target.value === 'HIGH' || event.target.value === 'CRITICAL'
                    ? event.target.value
                    : '',
              }))
            }
            error={errors.fields['severity']}
          />
          {withStatus && (
            <SelectField
              label="Status"
              value={form.status}
              options={STATUS_OPTIONS}
              onChange={(event) =>
                setForm((previous) => ({
                  ...previous,
                  status: event.target.value === 'disabled' ? 'disabled' : 'active',
                }))
              }
              error={errors.fields['status']}
            />
          )}
        </div>
        <div className={styles.full}>
          <SelectField
            label="Applies to"
            value={form.scope}
            options={SCOPE_OPTIONS}
            onChange={(event) =>
              setForm((previous) => ({ ...previous, scope: event.target.value === 'some' ? 'some' : 'all' }))
            }
            error={scopeError ?? errors.fields['scope'] ?? errors.fields['scope.system_ids']}
          />
          {form.scope === 'some' && (
            <fieldset className={styles.fieldset}>
              <legend className="visually-hidden">Systems the policy applies to</legend>
              {systems.isPending ? (
                <p className={styles.panelHint}>Loading systems…</p>
              ) : systems.isError ? (
                <p className={styles.panelHint}>The systems could not be loaded.</p>
              ) : systems.data.data.length === 0 ? (
                <p className={styles.panelHint}>No active system yet.</p>
              ) : (
                <div className={styles.choices}>
                  {systems.data.data.map((system) => (
                    <label key={system.id}>
                      <input
                        type="checkbox"
                        checked={form.systems.includes(system.id)}
                        onChange={(event) =>
                          setForm((previous) => ({
                            ...previous,
                            systems: event.target.checked
                              ? [...previous.systems, system.id]
                              : previous.systems.filter((id) => id !== system.id),
                          }))
                        }
                      />
                      {system.name}
                    </label>
                  ))}
                </div>
              )}
            </fieldset>
          )}
        </div>
        <div className={styles.full}>
          <RuleEditor draft={draft} onChange={setDraft} />
        </div>
        {extra && <div className={styles.full}>{extra}</div>}
        <div className={styles.formActions}>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={mutation.isPending}>
            {mutation.isPending ? submitLabel[1] : submitLabel[0]}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
