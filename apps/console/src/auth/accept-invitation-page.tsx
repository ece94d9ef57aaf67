import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { setCurrentOrganization } from '../api/organization';
import { ApiProblem } from '../api/problem';
import { Button } from '../design/button';
import { TextField } from '../design/field';
import { ErrorState, Loading } from '../design/states';
import { Alert } from '../design/surface';
import { ROLE_LABELS } from './access';
import { AuthLayout, authStyles } from './auth-layout';
import { formErrors } from './form-errors';
import { useAcceptInvitation, useInvitation } from './session';

const INVITATION_PROBLEMS: Partial<Record<string, string>> = {
  not_found: 'This invitation link is not valid. Check that you opened the whole link.',
  invitation_expired: 'This invitation has expired. Ask for a new one.',
  invitation_revoked: 'This invitation was withdrawn. Ask for a new one if you still need access.',
  invitation_accepted: 'This invitation has been accepted already. Sign in instead.',
};

function invitationProblem(error: unknown): string | undefined {
  return error instanceof ApiProblem ? INVITATION_PROBLEMS[error.code] : undefined;
}

export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const footer = <Link to="/sign-in">Back to sign in</Link>;

  if (!token)
    return (
      <AuthLayout title="Accept an invitation" footer={footer}>
        <Alert tone="warning" title="This page needs the link from your invitation email." />
      </AuthLayout>
    );
  if (invitation.isPending)
    return (
      <AuthLayout title="Accept an invitation" footer={footer}>
        <Loading label="Looking up your invitation…" compact />
      </AuthLayout>
    );
  if (invitation.isError) {
    const known = invitationProblem(invitation.error);
    return (
      <AuthLayout title="Accept an invitation" footer={footer}>
        {known ? (
          <Alert tone="danger" title={known} />
        ) : (
          <ErrorState error={invitation.error} compact onRetry={() => void invitation.refetch()} />
        )}
      </AuthLayout>
    );
  }

  const { organization, email, role, account_exists: accountExists } = invitation.data;
  const errors = formErrors(accept.error);
  const acceptFailure = invitationProblem(accept.error) ?? errors.message;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    accept.mutate(
      { token, password, ...(accountExists ? {} : { name: name.trim() }) },
      {
        onSuccess: (accepted) => {
          setCurrentOrganization(accepted.organization.id);
          void navigate('/', { replace: true });
        },
      },
    );
  };

  return (
    <AuthLayout
      title={`Join ${organization.name}`}
      lead={
        <>
          You were invited as <strong>{ROLE_LABELS[role]}</strong> with <strong>{email}</strong>.
        </>
      }
      footer={footer}
    >
      {acceptFailure && (
        <Alert tone="danger" title="The invitation was not accepted.">
          {acceptFailure}
        </Alert>
      )}
      <form className={authStyles.form} onSubmit={submit}>
        {!accountExists && (
          <TextField
            label="Your name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={errors.fields.name}
            autoComplete="name"
          />
        )}
        <TextField
          label="Password"
          type="password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.fields.password}
          hint={
            accountExists
              ? 'Your account exists: enter its password.'
              : 'At least 12 characters; not a common password.'
          }
          autoComplete={accountExists ? 'current-password' : 'new-password'}
        />
        <Button type="submit" variant="primary" block disabled={accept.isPending}>
          {accept.isPending ? 'Joining…' : 'Accept invitation'}
        </Button>
      </form>
    </AuthLayout>
  );
}

export const Component = AcceptInvitationPage;
