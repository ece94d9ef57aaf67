import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiProblem } from '../api/problem';
import { Button } from '../design/button';
import { TextField } from '../design/field';
import { Alert } from '../design/surface';
import { AuthLayout, authStyles } from './auth-layout';
import { formErrors } from './form-errors';
import { useConfirmPasswordReset, useRequestPasswordReset } from './session';

/** Without a token: ask for a link by email. With the emailed link's token: choose a new password. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <ChooseNewPassword token={token} /> : <RequestLink />;
}

function RequestLink() {
  const [email, setEmail] = useState('');
  const request = useRequestPasswordReset();
  const errors = formErrors(request.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(email.trim());
  };
  return (
    <AuthLayout
      title="Reset your password"
      lead="We will email you a link to choose a new password."
      footer={<Link to="/sign-in">Back to sign in</Link>}
    >
      {request.isSuccess ? (
        <Alert tone="success" title="Check your email.">
          If an account exists for {email.trim()}, a link to reset its password is on its way.
        </Alert>
      ) : (
        <>
          {errors.message && (
            <Alert tone="danger" title="The link was not sent.">
              {errors.message}
            </Alert>
          )}
          <form className={authStyles.form} onSubmit={submit}>
            <TextField
              label="Email"
              type="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={errors.fields.email}
              autoComplete="username"
            />
            <Button type="submit" variant="primary" block disabled={request.isPending}>
              Send reset link
            </Button>
          </form>
        </>
      )}
    </AuthLayout>
  );
}

function ChooseNewPassword({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const confirm = useConfirmPasswordReset();
  const errors = formErrors(confirm.error);
  const linkGone = confirm.error instanceof ApiProblem && confirm.error.code === 'link_invalid';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate({ token, new_password: password });
  };
  return (
    <AuthLayout title="Choose a new password" footer={<Link to="/sign-in">Back to sign in</Link>}>
      {confirm.isSuccess ? (
        <Alert tone="success" title="Your password is set.">
          <Link to="/sign-in">Sign in</Link> with your new password.
        </Alert>
      ) : (
        <>
          {linkGone ? (
            <Alert tone="danger" title="This link has expired or was used already.">
              <Link to="/reset-password">Ask for a new link</Link>.
            </Alert>
          ) : (
            errors.message && (
              <Alert tone="danger" title="The password was not changed.">
                {errors.message}
              </Alert>
            )
          )}
          <form className={authStyles.form} onSubmit={submit}>
            <TextField
              label="New password"
              type="password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={errors.fields.new_password}
              hint="At least 12 characters; not a common password, not your email."
              autoComplete="new-password"
            />
            <Button type="submit" variant="primary" block disabled={confirm.isPending}>
              Set password
            </Button>
          </form>
        </>
      )}
    </AuthLayout>
  );
}

export const Component = ResetPasswordPage;
