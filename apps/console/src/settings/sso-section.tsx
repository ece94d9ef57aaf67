import { type FormEvent, useState } from 'react';
import { formErrors } from '../auth/form-errors';
import { ROLE_LABELS } from '../auth/access';
import { useCan } from '../auth/session-context';
import { Badge } from '../design/badge';
import { Button } from '../design/button';
import { CopyValue } from '../design/copy-value';
import { SelectField, TextField } from '../design/field';
import { EmptyState, ErrorState, Loading } from '../design/states';
import { Alert, Card } from '../design/surface';
import { ConfirmDialog } from '../design/confirm-dialog';
import { type SsoSettings, useRemoveSso, useSaveSso, useSso, useVerifySsoDomain } from './settings.queries';
import { type MappingRow, SSO_ROLES, type SsoForm, type SsoRole, ssoFormFrom, ssoRequest } from './sso-form';
import record from '../design/record.module.css';
import styles from './settings.module.css';

const ROLE_OPTIONS = SSO_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

export function SsoSection() {
  const sso = useSso();
  const canWrite = useCan('organization:write');
  return (
    <Card title="Single sign-on (OpenID Connect)" labelledBy="sso-heading">
      {sso.isPending ? (
        <Loading label="Loading single sign-on…" compact />
      ) : sso.isError ? (
        <ErrorState error={sso.error} onRetry={() => void sso.refetch()} compact />
      ) : canWrite ? (
        <SsoEditor key={sso.data ? 'configured' : 'new'} settings={sso.data} />
      ) : sso.data ? (
        <SsoSummary settings={sso.data} />
      ) : (
        <EmptyState title="Single sign-on is not configured" compact>
          People sign in with their email and password.
        </EmptyState>
      )}
    </Card>
  );
}

function SsoSummary({ settings }: { settings: SsoSettings }) {
  const mapping = Object.entries(settings.role_mapping);
  return (
    <dl className={record.details}>
      <div>
        <dt>Status</dt>
        <dd>
          <Badge tone={settings.enabled ? 'success' : 'neutral'}>
            {settings.enabled ? 'Enabled' : 'Disabled'}
          </Badge>
        </dd>
      </div>
      <div>
        <dt>Issuer</dt>
        <dd>{settings.issuer}</dd>
      </div>
      <div>
        <dt>Client id</dt>
        <dd>{settings.client_id}</dd>
      </div>
      <div>
        <dt>Allowed email domains</dt>
        <dd>
          {settings.domain_verification
            .map((claim) => `${claim.domain} (${claim.verified ? 'verified' : 'not verified'})`)
            .join(', ')}
        </dd>
      </div>
      <div>
        <dt>Role claim</dt>
        <dd>{settings.role_claim ?? '—'}</dd>
      </div>
      <div>
        <dt>Claim → role</dt>
        <dd>
          {mapping.length === 0
            ? '—'
            : mapping.map(([claim, role]) => `${claim} → ${ROLE_LABELS[role]}`).join(', ')}
        </dd>
      </div>
      <div>
        <dt>Default role</dt>
        <dd>{ROLE_LABELS[settings.default_role]}</dd>
      </div>
      <div>
        <dt>Redirect URI</dt>
        <dd className={styles.mono}>{settings.redirect_uri}</dd>
      </div>
    </dl>
  );
}

function SsoEditor({ settings }: { settings: SsoSettings | null }) {
  const [form, setForm] = useState<SsoForm>(() => ssoFormFrom(settings));
  const [invalid, setInvalid] = useState<{ field: string; message: string } | null>(null);
  const [removing, setRemoving] = useState(false);
  const save = useSaveSso();
  const remove = useRemoveSso();
  const errors = formErrors(save.error);
  const fieldError = (field: string) => (invalid?.field === field ? invalid.message : errors.fields[field]);
  const set = <Key extends keyof SsoForm>(field: Key, value: SsoForm[Key]) => {
    setInvalid(null);
    setForm((previous) => ({ ...previous, [field]: value }));
  };
  const setRow = (index: number, row: Partial<MappingRow>) =>
    set(
      'mapping',
      form.mapping.map((existing, at) => (at === index ? { ...existing, ...row } : existing)),
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = ssoRequest(form);
    if (!request.ok) {
      setInvalid(request);
      return;
    }
    save.mutate(request.body);
  };
  const closeRemove = () => {
    remove.reset();
    setRemoving(false);
  };

  return (
    <form className={styles.form} onSubmit={submit}>
      {!settings && (
        <p className={`${styles.full} ${styles.muted}`}>
          Not configured: people sign in with their email and password. Configure your OpenID Provider to let
          people of your email domains sign in with it.
        </p>
      )}
      {errors.message && (
        <div className={styles.full}>
          <Alert tone="danger" title="Single sign-on was not saved.">
            {errors.message}
          </Alert>
        </div>
      )}
      {settings && (
        <div className={styles.full}>
          <Alert tone="info" title="Register this redirect URI at your provider:">
            <code className={styles.mono}>{settings.redirect_uri}</code>
          </Alert>
        </div>
      )}
      <div className={styles.full}>
        <TextField
          label="Issuer"
          type="url"
          value={form.issuer}
          onChange={(event) => set('issuer', event.target.value)}
          placeholder="https://login.example.com"
          hint="The provider’s issuer URL; its discovery document is read from it."
          error={fieldError('issuer')}
        />
      </div>
      <TextField
        label="Client id"
        value={form.clientId}
        onChange={(event) => set('clientId', event.target.value)}
        error={fieldError('client_id')}
      />
      <TextField
        label="Client secret"
        type="password"
        autoComplete="new-password"
        optional={Boolean(settings)}
        value={form.clientSecret}
        onChange={(event) => set('clientSecret', event.target.value)}
        hint={
          settings
            ? 'Stored and never shown; leave empty to keep it.'
            : 'Encrypted at rest, never shown again.'
        }
        error={fieldError('client_secret')}
      />
      <div className={styles.full}>
        <TextField
          label="Allowed email domains"
          value={form.domains}
          onChange={(event) => set('domains', event.target.value)}
          placeholder="acme.com, acme.co.uk"
          hint="Separated by commas. People of these domains sign in through this provider once each domain is verified."
          error={fieldError('allowed_email_domains')}
        />
      </div>
      {settings && settings.domain_verification.length > 0 && <DomainVerification settings={settings} />}
      <div className={styles.full}>
        <TextField
          label="Other endpoint hosts"
          optional
          value={form.endpointHosts}
          onChange={(event) => set('endpointHosts', event.target.value)}
          placeholder="oauth2.googleapis.com, www.googleapis.com"
          hint="Only if the provider’s token, userinfo or key endpoints are on hosts other than the issuer’s (Google)."
          error={fieldError('endpoint_hosts')}
        />
      </div>
      <TextField
        label="Role claim"
        optional
        value={form.roleClaim}
        onChange={(event) => set('roleClaim', event.target.value)}
        placeholder="groups"
        hint="The claim that carries roles or groups, such as groups or realm_access.roles."
        error={fieldError('role_claim')}
      />
      <SelectField
        label="Default role"
        value={form.defaultRole}
        options={ROLE_OPTIONS}
        onChange={(event) => set('defaultRole', event.target.value as SsoRole)}
        hint="For a person whose claim maps to no role."
        error={fieldError('default_role')}
      />
      <fieldset className={`${styles.full} ${styles.mapping}`}>
        <legend>Claim value → role</legend>
        {form.mapping.length === 0 && (
          <p className={styles.muted}>No mapping: everyone gets the default role.</p>
        )}
        {form.mapping.map((row, index) => (
          <div className={styles.mappingRow} key={index}>
            <TextField
              label={`Claim value ${index + 1}`}
              value={row.claim}
              onChange={(event) => setRow(index, { claim: event.target.value })}
            />
            <SelectField
              label={`Role for claim value ${index + 1}`}
              value={row.role}
              options={ROLE_OPTIONS}
              onChange={(event) => setRow(index, { role: event.target.value as SsoRole })}
            />
            <Button
              size="small"
              variant="ghost"
              aria-label={`Remove claim value ${index + 1}`}
              onClick={() =>
                set(
                  'mapping',
                  form.mapping.filter((_, at) => at !== index),
                )
              }
            >
              Remove
            </Button>
          </div>
        ))}
        <div>
          <Button
            size="small"
            onClick={() => set('mapping', [...form.mapping, { claim: '', role: 'viewer' }])}
          >
            Add a mapping
          </Button>
        </div>
        {fieldError('role_mapping') && <p className={styles.error}>{fieldError('role_mapping')}</p>}
      </fieldset>
      <label className={`${styles.full} ${styles.checkbox}`}>
        <input
          type="checkbox"
          checked={form.enabled}
          onChange={(event) => set('enabled', event.target.checked)}
        />
        Enabled: people can sign in with it now
      </label>
      {save.isSuccess && (
        <div className={styles.full}>
          <Alert tone="success" title="Single sign-on is saved." />
        </div>
      )}
      <div className={styles.formActions}>
        {settings && (
          <Button variant="danger" onClick={() => setRemoving(true)}>
            Remove single sign-on
          </Button>
        )}
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save single sign-on'}
        </Button>
      </div>
      <ConfirmDialog
        title="Remove single sign-on?"
        open={removing}
        confirmLabel="Remove single sign-on"
        busy={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate(undefined, { onSuccess: closeRemove })}
        onClose={closeRemove}
      >
        People of {settings?.allowed_email_domains.join(', ')} can no longer sign in through the provider;
        those with a password keep signing in with it.
      </ConfirmDialog>
    </form>
  );
}

/**
 * Each allowed domain's proof: the DNS TXT record to publish, and a button that asks identity to look it
 * up. Until verified, a domain routes no sign-in.
 */
function DomainVerification({ settings }: { settings: SsoSettings }) {
  const verify = useVerifySsoDomain();
  const errors = formErrors(verify.error);
  const pending = settings.domain_verification.filter((claim) => !claim.verified);
  return (
    <div className={styles.full}>
      <table className={styles.domains} aria-label="Email domain verification">
        <thead>
          <tr>
            <th scope="col">Domain</th>
            <th scope="col">Status</th>
            <th scope="col">DNS TXT record</th>
            <th scope="col">
              <span className="visually-hidden">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {settings.domain_verification.map((claim) => (
            <tr key={claim.domain}>
              <td>{claim.domain}</td>
              <td>
                <Badge tone={claim.verified ? 'success' : 'warning'}>
                  {claim.verified ? 'Verified' : 'Not verified'}
                </Badge>
              </td>
              <td>
                {claim.verified ? (
                  '—'
                ) : (
                  <>
                    <code className={styles.mono}>{claim.txt_record.name}</code>
                    <CopyValue label={`TXT record of ${claim.domain}`} value={claim.txt_record.value} />
                  </>
                )}
              </td>
              <td>
                {!claim.verified && (
                  <Button
                    size="small"
                    disabled={verify.isPending}
                    aria-label={`Verify ${claim.domain}`}
                    onClick={() => verify.mutate(claim.domain)}
                  >
                    Verify
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {pending.length > 0 && (
        <p className={styles.muted}>
          Publish each record at the domain’s DNS, then verify it. Until then, people of that domain are not
          sent to this provider.
        </p>
      )}
      {verify.isError && (
        <Alert tone="danger" title="The domain is not verified yet.">
          {errors.fields['domain'] ?? errors.message}
        </Alert>
      )}
    </div>
  );
}
