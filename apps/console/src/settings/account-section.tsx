import { type FormEvent, useState } from 'react';
import { problemMessage } from '../api/problem';
import { formErrors } from '../auth/form-errors';
import { useSession } from '../auth/session-context';
import { Badge } from '../design/badge';
import { Button } from '../design/button';
import { TextField } from '../design/field';
import { EmptyState, ErrorState, Loading } from '../design/states';
import { Alert, Card } from '../design/surface';
import table from '../design/table.module.css';
import { Time } from '../design/time';
import { useAccountSessions, useChangePassword, useEndSession } from './settings.queries';
import styles from './settings.module.css';
import { TableScroll } from '../design/table-scroll';

/** The signed-in person's own password and sessions: every role has them. */
export function AccountSection() {
  const { user } = useSession();
  return (
    <Card title="Your account" labelledBy="account-heading">
      <p className={styles.muted}>
        {user.name} · {user.email}
      </p>
      <div className={styles.account}>
        <PasswordForm />
        <Sessions />
      </div>
    </Card>
  );
}

function PasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const change = useChangePassword();
  const errors = formErrors(change.error);
  const mismatch = repeat.length > 0 && repeat !== next;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mismatch) return;
    change.mutate(
      { current_password: current, new_password: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setRepeat('');
        },
      },
    );
  };
  return (
    <form className={styles.stackForm} onSubmit={submit} aria-labelledby="password-heading">
      <h3 id="password-heading">Change password</h3>
      {errors.message && (
        <Alert tone="danger" title="The password was not changed.">
          {errors.message}
        </Alert>
      )}
      {change.isSuccess && (
        <Alert tone="success" title="Your password is changed.">
          Your other sessions have ended.
        </Alert>
      )}
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
        error={errors.fields.current_password}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        minLength={12}
        value={next}
        onChange={(event) => setNext(event.target.value)}
        hint="At least 12 characters; not a common password, not your email."
        error={errors.fields.new_password}
      />
      <TextField
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
        value={repeat}
        onChange={(event) => setRepeat(event.target.value)}
        error={mismatch ? 'The two passwords differ.' : undefined}
      />
      <div>
        <Button type="submit" variant="primary" disabled={change.isPending || mismatch}>
          {change.isPending ? 'Changing…' : 'Change password'}
        </Button>
      </div>
    </form>
  );
}

function Sessions() {
  const sessions = useAccountSessions();
  const end = useEndSession();
  return (
    <section className={styles.sessions} aria-labelledby="sessions-heading">
      <h3 id="sessions-heading">Your sessions</h3>
      {end.isError && (
        <Alert tone="danger" title="The session was not ended.">
          {problemMessage(end.error)}
        </Alert>
      )}
      {sessions.isPending ? (
        <Loading label="Loading your sessions…" compact />
      ) : sessions.isError ? (
        <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} compact />
      ) : sessions.data.data.length === 0 ? (
        <EmptyState title="No open sessions" compact />
      ) : (
        <TableScroll>
          <table className={table.table}>
            <caption className="visually-hidden">Your sessions</caption>
            <thead>
              <tr>
                <th scope="col">Device</th>
                <th scope="col">Signed in</th>
                <th scope="col">Last active</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.data.data.map((session) => (
                <tr key={session.id}>
                  <td>
                    <div className={styles.device}>
                      <span>{session.user_agent ?? 'Unknown browser'}</span>
                      <span className={styles.muted}>{session.address ?? '—'}</span>
                    </div>
                  </td>
                  <td className={table.muted}>
                    <Time value={session.created_at} />
                  </td>
                  <td className={table.muted}>
                    <Time value={session.last_seen_at} />
                  </td>
                  <td>
                    {session.current ? (
                      <Badge tone="info">This session</Badge>
                    ) : (
                      <Button
                        size="small"
                        variant="danger"
                        disabled={end.isPending}
                        aria-label={`End the session signed in at ${new Date(session.created_at).toLocaleString()}`}
                        onClick={() => end.mutate(session.id)}
                      >
                        End
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
