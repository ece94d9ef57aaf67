import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiProblem, problemMessage, waitPhrase } from '../api/problem';
import { Button, ButtonLink } from '../design/button';
import { TextField } from '../design/field';
import { Alert } from '../design/surface';
import { useDebounced } from '../design/use-debounced';
import { AuthLayout, authStyles } from './auth-layout';
import { safeNextPath } from './next-path';
import { useSetupPending, useSignIn, useSsoDiscovery } from './session';
import { ssoErrorMessage } from './sso-errors';

function signInError(error: unknown): { title: string; detail?: string } {
  if (error instanceof ApiProblem) {
    if (error.status === 401) return { title: 'The email or password is incorrect.' };
    if (error.status === 429)
      return {
        title: 'Too many failed sign-ins.',
        detail:
          error.retryAfterSeconds !== null
            ? `Try again in ${waitPhrase(error.retryAfterSeconds)}.`
            : 'Wait a few minutes, then try again.',
      };
  }
  return { title: 'You could not be signed in.', detail: problemMessage(error) };
}

export function SignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useSignIn();
  const sso = useSsoDiscovery(useDebounced(email.trim(), 400));
  const ssoError = ssoErrorMessage(params.get('error'));
  const setupPending = useSetupPending();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate(
      { email: email.trim(), password },
      { onSuccess: () => void navigate(safeNextPath(params.get('next')), { replace: true }) },
    );
  };
  const failure = signIn.isError ? signInError(signIn.error) : undefined;

  return (
    <AuthLayout
      title="Sign in"
      lead="Govern your organization’s AI systems."
      footer={<Link to="/reset-password">Forgot your password?</Link>}
    >
      {setupPending.data && (
        <Alert tone="info" title="Nobody has an account here yet.">
          To create the first owner, open the first-start setup link that <code>npm start</code> printed in
          its terminal (an address ending in <code>/setup?token=…</code>). Once the first owner exists,
          everyone else joins by invitation.
        </Alert>
      )}
      {ssoError && <Alert tone="danger" title={ssoError} />}
      {failure && (
        <Alert tone="danger" title={failure.title}>
          {failure.detail}
        </Alert>
      )}
      <form className={authStyles.form} onSubmit={submit}>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" variant="primary" block disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
      {sso.data?.sso && (
        <>
          <div className={authStyles.divider}>or</div>
          <ButtonLink block href={`/api/service/auth/sso/start?email=${encodeURIComponent(email.trim())}`}>
            Sign in with SSO
          </ButtonLink>
          {sso.data.organization_name && (
            <p className={authStyles.lead}>
              Your organization, {sso.data.organization_name}, uses single sign-on.
            </p>
          )}
        </>
      )}
    </AuthLayout>
  );
}

export const Component = SignInPage;
