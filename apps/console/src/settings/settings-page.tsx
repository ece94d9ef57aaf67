import { type FormEvent, useState } from 'react';
import { formErrors } from '../auth/form-errors';
import { useCan } from '../auth/session-context';
import { Button } from '../design/button';
import { usePageTitle } from '../design/page-title';
import { TextField } from '../design/field';
import { ErrorState, Loading } from '../design/states';
import { Alert, Card, PageHeader, Stack } from '../design/surface';
import { Time } from '../design/time';
import { AccountSection } from './account-section';
import { useOrganization, useRenameOrganization } from './settings.queries';
import { SsoSection } from './sso-section';
import record from '../design/record.module.css';
import styles from './settings.module.css';

const PLAN_LABELS = {
  free: 'Free',
  professional: 'Professional',
  federal: 'Federal',
  embedded: 'Embedded',
} as const;

export function SettingsPage() {
  usePageTitle('Settings');
  return (
    <>
      <PageHeader
        title="Settings"
        description="The organization, its single sign-on, and your own account."
      />
      <Stack gap={5}>
        <OrganizationSection />
        <SsoSection />
        <AccountSection />
      </Stack>
    </>
  );
}

function OrganizationSection() {
  const organization = useOrganization();
  const canWrite = useCan('organization:write');
  return (
    <Card title="Organization" labelledBy="organization-heading">
      {organization.isPending ? (
        <Loading label="Loading the organization…" compact />
      ) : organization.isError ? (
        <ErrorState error={organization.error} onRetry={() => void organization.refetch()} compact />
      ) : (
        <Stack gap={4}>
          {canWrite ? (
            <RenameForm key={organization.data.id} name={organization.data.name} />
          ) : (
            <dl className={record.details}>
              <div>
                <dt>Name</dt>
                <dd>{organization.data.name}</dd>
              </div>
            </dl>
          )}
          <dl className={record.details}>
            <div>
              <dt>Plan</dt>
              <dd>{PLAN_LABELS[organization.data.plan]}</dd>
            </div>
            <div>
              <dt>Created</dt>
              <dd>
                <Time value={organization.data.created_at} />
              </dd>
            </div>
            <div>
              <dt>Id</dt>
              <dd className={styles.mono}>{organization.data.id}</dd>
            </div>
          </dl>
        </Stack>
      )}
    </Card>
  );
}

function RenameForm({ name: current }: { name: string }) {
  const [name, setName] = useState(current);
  const rename = useRenameOrganization();
  const errors = formErrors(rename.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate(name.trim());
  };
  return (
    <form className={styles.inlineForm} onSubmit={submit}>
      <TextField
        label="Organization name"
        value={name}
        maxLength={200}
        onChange={(event) => {
          rename.reset();
          setName(event.target.value);
        }}
        error={errors.fields.name ?? errors.message}
      />
      <Button type="submit" variant="primary" disabled={rename.isPending || name.trim() === current}>
        {rename.isPending ? 'Saving…' : 'Save name'}
      </Button>
      {rename.isSuccess && (
        <div className={styles.full}>
          <Alert tone="success" title="The organization is renamed." />
        </div>
      )}
    </form>
  );
}

export const Component = SettingsPage;
