import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { formErrors } from '../auth/form-errors';
import { ApiProblem } from '../api/problem';
import { Button } from '../design/button';
import { TextAreaField, TextField } from '../design/field';
import { Alert } from '../design/surface';
import { EVENT_DESCRIPTIONS } from './labels';
import { EVENT_TYPES } from './webhook-types';
import { type EventType, type Webhook } from './webhooks.queries';
import styles from './webhooks.module.css';

export interface WebhookDraft {
  url: string;
  description: string;
  events: EventType[];
  active: boolean;
}

export const NEW_WEBHOOK: WebhookDraft = { url: '', description: '', events: [], active: true };

export const draftOf = (webhook: Webhook): WebhookDraft => ({
  url: webhook.url,
  description: webhook.description ?? '',
  events: webhook.events,
  active: webhook.active,
});

/** The fields a webhook is created and edited with; the API's answer marks the wrong ones. */
export function WebhookForm({
  initial,
  error,
  pending,
  submitLabel,
  failureTitle,
  onSubmit,
  onCancel,
}: {
  initial: WebhookDraft;
  error: unknown;
  pending: boolean;
  submitLabel: ReactNode;
  failureTitle: string;
  onSubmit: (draft: WebhookDraft) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [noEvents, setNoEvents] = useState(false);
  const eventsErrorId = useId();
  const errors = formErrors(error);
  const urlRefused = error instanceof ApiProblem && error.code === 'url_not_allowed';
  const toggle = (event: EventType, on: boolean) => {
    setNoEvents(false);
    setDraft((previous) => ({
      ...previous,
      // Kept in the API's order, whatever order they were ticked in.
      events: EVENT_TYPES.filter((known) => (known === event ? on : previous.events.includes(known))),
    }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.events.length === 0) {
      setNoEvents(true);
      return;
    }
    onSubmit({ ...draft, url: draft.url.trim() });
  };
  const eventsError = noEvents ? 'Choose at least one event type.' : errors.fields.events;
  return (
    <form className={styles.form} onSubmit={submit}>
      {errors.message && !urlRefused && (
        <Alert tone="danger" title={failureTitle}>
          {errors.message}
        </Alert>
      )}
      <TextField
        label="Endpoint URL"
        type="url"
        placeholder="https://hooks.example.com/governance"
        hint="HTTPS; it must resolve to a public address."
        value={draft.url}
        onChange={(event) => setDraft({ ...draft, url: event.target.value })}
        error={urlRefused ? error.message : errors.fields.url}
        maxLength={2048}
      />
      <TextAreaField
        label="Description"
        optional
        value={draft.description}
        onChange={(event) => setDraft({ ...draft, description: event.target.value })}
        error={errors.fields.description}
        maxLength={1000}
      />
      <fieldset className={styles.choices} aria-describedby={eventsError ? eventsErrorId : undefined}>
        <legend>Events</legend>
        <div className={styles.choiceList}>
          {EVENT_TYPES.map((type) => (
            <label key={type} className={styles.choice}>
              <input
                type="checkbox"
                checked={draft.events.includes(type)}
                onChange={(event) => toggle(type, event.target.checked)}
              />
              <code>{type}</code>
              <small>{EVENT_DESCRIPTIONS[type]}</small>
            </label>
          ))}
        </div>
        {eventsError && (
          <span id={eventsErrorId} className={styles.choiceError}>
            {eventsError}
          </span>
        )}
      </fieldset>
      <label className={styles.choice}>
        <input
          type="checkbox"
          checked={draft.active}
          onChange={(event) => setDraft({ ...draft, active: event.target.checked })}
        />
        Active
        <small>Paused webhooks receive no deliveries.</small>
      </label>
      <div className={styles.formActions}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
