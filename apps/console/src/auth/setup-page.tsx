import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../design/button';
import { TextField } from '../design/field';
import { Alert } from '../design/surface';
import { AuthLayout, authStyles } from './auth-layout';
import { formErrors } from './form-errors';
import { useSetup } from './session';

/** First-owner setup: the link printed at first start (or one from the admin API) makes its owner. */
export function SetupPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const setup = useSetup();
  const [form, setForm] = useState({ organization: '', name: '', email: '', password: '' });
  const errors = formErrors(setup.error);
  const change = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((previous) => ({ ...previous, [field]: event.target.value }));

  if (!token)
    return (
      <AuthLayout title="Set up the console" footer={<Link to="/sign-in">Back to sign in</Link>}>
        <Alert tone="warning" title="This page needs its setup link.">
          Open the link printed by the service at its first start, or the one you were sent.
        </Alert>
      </AuthLayout>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setup.mutate(
      {
        token,
        email: form.email.trim(),
        name: form.name.trim(),
        password: form.password,
        organization_name: form.organization.trim() || undefined,
      },
      { onSuccess: () => void navigate('/', { replace: true }) },
    );
  };

  return (
    <AuthLayout
      title="Set up the console"
      lead="Create the owner’s account. You will be signed in as its owner."
      footer={<Link to="/sign-in">I already have an account</Link>}
    >
      {errors.message && (
        <Alert tone="danger" title="The account was not created.">
          {errors.message}
        </Alert>
      )}
      <form className={authStyles.form} onSubmit={submit}>
        <TextField
          label="Organization name"
          hint="Required when setting up a new installation; a link for an existing organization ignores it."
          value={form.organization}
          onChange={change('organization')}
          error={errors.fields.organization_name}
          autoComplete="organization"
        />
        <TextField
          label="Your name"
          value={form.name}
          onChange={change('name')}
          error={errors.fields.name}
          autoComplete="name"
        />
        <TextField
          label="Email"
          type="email"
          value={form.email}
          onChange={change('email')}
          error={errors.fields.email}
          autoComplete="username"
        />
        <TextField
          label="Password"
          type="password"
          value={form.password}
          onChange={change('password')}
          error={errors.fields.password}
          hint="At least 12 characters; not a common password, not your email."
          autoComplete="new-password"
        />
        <Button type="submit" variant="primary" block disabled={setup.isPending}>
          {setup.isPending ? 'Setting up…' : 'Create owner account'}
        </Button>
      </form>
    </AuthLayout>
  );
}

export const Component = SetupPage;
