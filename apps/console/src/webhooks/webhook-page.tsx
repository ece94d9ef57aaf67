import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiProblem, problemMessage } from '../api/problem';
import { useCan } from '../auth/session-context';
import { Badge } from '../design/badge';
import { Button } from '../design/button';
import { SelectField } from '../design/field';
import { usePageTitle } from '../design/page-title';
import { EmptyState, ErrorState, Loading } from '../design/states';
import { Actions, Alert, Card, PageHeader, Stack } from '../design/surface';
import { Time } from '../design/time';
import { DeliveryLog } from './delivery-log';
import { formatDuration } from './delivery-log-state';
import { EVENT_TYPES } from './webhook-types';
import { ActiveBadge, HealthBadge } from './webhook-badges';
import { healthSummary } from './webhook-health';
import { DeleteWebhookDialog, EditWebhookDialog, RotateSecretDialog } from './webhook-dialogs';
import { type EventType, type Webhook, useSendTest, useWebhook } from './webhooks.queries';
import record from '../design/record.module.css';
import styles from './webhooks.module.css';

type Opened = 'edit' | 'delete' | 'rotate' | null;

export function WebhookPage() {
  const { id = '' } = useParams();
  const webhook = useWebhook(id);
  usePageTitle(webhook.data ? `Webhook ${webhook.data.url}` : 'Webhook');
  const canWrite = useCan('webhooks:write');
  const navigate = useNavigate();
  const [opened, setOpened] = useState<Opened>(null);
  const back = (
    <Link className={record.back} to="/webhooks">
      ← All webhooks
    </Link>
  );
  if (webhook.isPending)
    return (
      <>
        {back}
        <Loading label="Loading the webhook…" />
      </>
    );
  if (webhook.isError)
    return (
      <>
        {back}
        {webhook.error instanceof ApiProblem && webhook.error.status === 404 ? (
          <EmptyState title="No such webhook">
            It may have been deleted, or belong to another organization.
          </EmptyState>
        ) : (
          <ErrorState error={webhook.error} onRetry={() => void webhook.refetch()} />
        )}
      </>
    );
  const data = webhook.data;
  const close = () => setOpened(null);
  return (
    <>
      {back}
      <PageHeader
        title={data.url}
        description={
          <span className={record.titleBadges}>
            <ActiveBadge active={data.active} />
            <HealthBadge health={data.health} />
            {data.previous_secret_expires_at && <Badge tone="info">Secret rotation under way</Badge>}
          </span>
        }
        actions={
          canWrite && (
            <Actions>
              <Button onClick={() => setOpened('edit')}>Edit</Button>
              <Button onClick={() => setOpened('rotate')}>Rotate secret</Button>
              <Button variant="danger" onClick={() => setOpened('delete')}>
                Delete
              </Button>
            </Actions>
          )
        }
      />
      <Stack gap={4}>
        <Card title="Health" labelledBy="webhook-health-title">
          <Health webhook={data} />
        </Card>
        <Card title="Details" labelledBy="webhook-details-title">
          <Details webhook={data} />
        </Card>
        {canWrite && <SendTest webhook={data} />}
        <DeliveryLog webhook={data} />
      </Stack>
      {canWrite && (
        <>
          <EditWebhookDialog webhook={data} open={opened === 'edit'} onClose={close} />
          <RotateSecretDialog webhook={data} open={opened === 'rotate'} onClose={close} />
          <DeleteWebhookDialog
            webhook={data}
            open={opened === 'delete'}
            onClose={close}
            onDeleted={() => void navigate('/webhooks', { replace: true })}
          />
        </>
      )}
    </>
  );
}

/** How the endpoint answered lately: a failing endpoint says so before anything else on the page. */
function Health({ webhook }: { webhook: Webhook }) {
  const { health } = webhook;
  return (
    <div className={styles.health}>
      {health.status === 'failing' && (
        <Alert tone="danger" title="Every recent attempt failed.">
          Open a failed delivery below to see what the endpoint answered; once it is fixed, recover the failed
          deliveries.
        </Alert>
      )}
      {health.status === 'degraded' && (
        <Alert tone="warning" title="Some recent attempts failed.">
          Failed deliveries are retried on the usual schedule; the log below shows each attempt’s answer.
        </Alert>
      )}
      <dl className={record.details}>
        <div>
          <dt>Success rate</dt>
          <dd>
            <HealthBadge health={health} /> {healthSummary(health)}
          </dd>
        </div>
        <div>
          <dt>Last attempt</dt>
          <dd>
            <Time value={health.last_attempt_at} empty="None in the window" />
          </dd>
        </div>
        <div>
          <dt>Last success</dt>
          <dd>
            <Time value={health.last_success_at} empty="None in the window" />
          </dd>
        </div>
      </dl>
    </div>
  );
}

function Details({ webhook }: { webhook: Webhook }) {
  const rows: Array<[string, ReactNode]> = [
    ['Endpoint URL', <code key="url">{webhook.url}</code>],
    ['Description', webhook.description ?? '—'],
    [
      'Events',
      <span key="events" className={styles.eventList}>
        {webhook.events.map((event) => (
          <Badge key={event}>{event}</Badge>
        ))}
      </span>,
    ],
    [
      'Signing secret',
      webhook.previous_secret_expires_at ? (
        <span key="secret">
          Rotated: the previous secret also signs until <Time value={webhook.previous_secret_expires_at} />
        </span>
      ) : (
        'Shown once, when created or rotated'
      ),
    ],
    ['Created', <Time key="created" value={webhook.created_at} />],
    ['Last changed', <Time key="updated" value={webhook.updated_at} />],
    ['Webhook id', <code key="id">{webhook.id}</code>],
  ];
  return (
    <dl className={record.details}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One invented event of a chosen type, sent now with the real secret; the outcome shows at once. */
function SendTest({ webhook }: { webhook: Webhook }) {
  const [event, setEvent] = useState<EventType>(webhook.events[0] ?? 'finding.created');
  const test = useSendTest();
  const submit = (submitted: FormEvent) => {
    submitted.preventDefault();
    test.mutate({ id: webhook.id, event });
  };
  const result = test.data;
  return (
    <Card title="Send a test event" labelledBy="send-test-title">
      <form className={styles.testForm} onSubmit={submit}>
        <SelectField
          label="Event type"
          value={event}
          options={EVENT_TYPES.map((type) => ({ value: type, label: type }))}
          onChange={(changed) => {
            const chosen = EVENT_TYPES.find((type) => type === changed.target.value);
            if (chosen) setEvent(chosen);
          }}
          hint="A sample payload with invented data, signed with the real secret."
        />
        <Button type="submit" variant="primary" disabled={test.isPending}>
          {test.isPending ? 'Sending…' : 'Send test event'}
        </Button>
      </form>
      {test.isError && (
        <Alert tone="danger" title="The test event was not sent.">
          {problemMessage(test.error)}
        </Alert>
      )}
      {result &&
        (result.success ? (
          <Alert tone="success" title="The endpoint accepted the test event.">
            It answered {result.status_code} in {formatDuration(result.response_time_ms)}. Delivery{' '}
            <code>{result.delivery_id}</code> is in the log below.
          </Alert>
        ) : (
          <Alert tone="danger" title="The endpoint did not accept the test event.">
            {result.status_code === null
              ? `No answer after ${formatDuration(result.response_time_ms)}.`
              : `It answered ${result.status_code} in ${formatDuration(result.response_time_ms)}.`}{' '}
            Delivery <code>{result.delivery_id}</code> is in the log below, with its error.
          </Alert>
        ))}
    </Card>
  );
}

export const Component = WebhookPage;
