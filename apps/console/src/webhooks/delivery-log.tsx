import { Fragment, useState } from 'react';
import { useSearchParams } from 'react-router';
import { problemMessage } from '../api/problem';
import { useCan } from '../auth/session-context';
import { FilterBar } from '../design/filter-bar';
import { Badge } from '../design/badge';
import { Button } from '../design/button';
import { SelectField, TextField } from '../design/field';
import { SortableHeader, useSortedRows } from '../design/sortable-header';
import { EmptyState, ErrorState, Loading } from '../design/states';
import { Alert, Card } from '../design/surface';
import table from '../design/table.module.css';
import { Time } from '../design/time';
import { LiveIndicator } from '../live/live-indicator';
import { useLiveUpdates } from '../live/live-updates';
import {
  formatDuration,
  fromLocalInput,
  type LogFilters,
  logFiltersFrom,
  toLocalInput,
} from './delivery-log-state';
import { OUTCOME_LABELS } from './labels';
import { EVENT_TYPES, OUTCOMES } from './webhook-types';
import { RecoverDialog } from './webhook-dialogs';
import { OutcomeBadge } from './webhook-badges';
import { formatBytes, prettyJson } from './webhook-health';
import {
  type Delivery,
  type DeliveryDetail,
  type Webhook,
  useDeliveries,
  useDelivery,
  useResend,
} from './webhooks.queries';
import styles from './webhooks.module.css';
import { TableScroll } from '../design/table-scroll';

const OUTCOME_OPTIONS = [
  { value: '', label: 'Every outcome' },
  ...OUTCOMES.map((outcome) => ({ value: outcome, label: OUTCOME_LABELS[outcome].label })),
];
const EVENT_OPTIONS = [
  { value: '', label: 'Every event type' },
  ...EVENT_TYPES.map((event) => ({ value: event, label: event })),
];

type Column = 'event' | 'outcome' | 'status' | 'time' | 'attempts' | 'created';

const valueOf = (delivery: Delivery, column: Column) => {
  switch (column) {
    case 'event':
      return delivery.event;
    case 'outcome':
      return delivery.outcome;
    case 'status':
      return delivery.status_code;
    case 'time':
      return delivery.response_time_ms;
    case 'attempts':
      return delivery.attempt_count;
    case 'created':
      return delivery.created_at;
  }
};

/**
 * The delivery log of one webhook: filtered by outcome, event type and creation time (kept in the
 * address), a page at a time, each delivery opening onto its attempts and resendable.
 */
export function DeliveryLog({ webhook }: { webhook: Webhook }) {
  const [params, setParams] = useSearchParams();
  const filters = logFiltersFrom(params);
  const key = JSON.stringify(filters);
  // Cursors of the pages before this one, for "Previous"; any filter change starts over.
  const [pages, setPages] = useState<{ key: string; cursors: Array<string | null> }>({
    key: '',
    cursors: [null],
  });
  const cursors = pages.key === key ? pages.cursors : [null];
  const cursor = cursors.at(-1) ?? null;
  const deliveries = useDeliveries(webhook.id, filters, cursor);
  const canWrite = useCan('webhooks:write');
  const resend = useResend();
  // Deliveries are made and attempted in the background: the stream says when, and the log reads again.
  const live = useLiveUpdates('webhooks');
  const [recovering, setRecovering] = useState(false);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const { rows, sort, setSort } = useSortedRows(deliveries.data?.data ?? [], valueOf);

  const setFilter = (name: keyof LogFilters, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  const toggle = (id: string) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const filtered = Object.keys(filters).length > 0;
  const columns = canWrite ? 8 : 7;

  return (
    <Card
      title="Delivery log"
      labelledBy="delivery-log-title"
      action={
        <div className={styles.logActions}>
          <LiveIndicator status={live} />
          {canWrite && (
            <Button size="small" onClick={() => setRecovering(true)}>
              Recover failed deliveries
            </Button>
          )}
        </div>
      }
    >
      <FilterBar label="Filter deliveries" columns="repeat(4, minmax(150px, 1fr))">
        <SelectField
          label="Outcome"
          value={filters.outcome ?? ''}
          options={OUTCOME_OPTIONS}
          onChange={(event) => setFilter('outcome', event.target.value)}
        />
        <SelectField
          label="Event type"
          value={filters.event ?? ''}
          options={EVENT_OPTIONS}
          onChange={(event) => setFilter('event', event.target.value)}
        />
        <TextField
          label="Created from"
          type="datetime-local"
          optional
          value={filters.since ? toLocalInput(filters.since) : ''}
          onChange={(event) => setFilter('since', fromLocalInput(event.target.value))}
        />
        <TextField
          label="Created before"
          type="datetime-local"
          optional
          value={filters.until ? toLocalInput(filters.until) : ''}
          onChange={(event) => setFilter('until', fromLocalInput(event.target.value))}
        />
      </FilterBar>
      {resend.isSuccess && (
        <div className={styles.notice}>
          <Alert tone="success" title="Delivery resent.">
            The new delivery is <code>{resend.data.delivery_id}</code>; it is attempted now and retried on the
            usual schedule.
          </Alert>
        </div>
      )}
      {resend.isError && (
        <div className={styles.notice}>
          <Alert tone="danger" title="The delivery was not resent.">
            {problemMessage(resend.error)}
          </Alert>
        </div>
      )}
      {deliveries.isPending ? (
        <Loading compact label="Loading deliveries…" />
      ) : deliveries.isError ? (
        <ErrorState compact error={deliveries.error} onRetry={() => void deliveries.refetch()} />
      ) : rows.length === 0 ? (
        filtered ? (
          <EmptyState compact title="No delivery matches these filters" />
        ) : (
          <EmptyState compact title="No deliveries yet">
            Each event this webhook subscribes to shows here with its attempts, for 30 days. Send a test event
            to see one now.
          </EmptyState>
        )
      ) : (
        <>
          <TableScroll>
            <table className={table.table} aria-busy={deliveries.isFetching}>
              <caption className="visually-hidden">Deliveries of this webhook</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">Details</span>
                  </th>
                  <SortableHeader column="event" sort={sort} onSort={setSort}>
                    Event
                  </SortableHeader>
                  <SortableHeader column="outcome" sort={sort} onSort={setSort}>
                    Outcome
                  </SortableHeader>
                  <SortableHeader column="status" sort={sort} onSort={setSort} numeric>
                    Status
                  </SortableHeader>
                  <SortableHeader column="time" sort={sort} onSort={setSort} numeric>
                    Response time
                  </SortableHeader>
                  <SortableHeader column="attempts" sort={sort} onSort={setSort} numeric>
                    Attempts
                  </SortableHeader>
                  <SortableHeader column="created" sort={sort} onSort={setSort}>
                    Created
                  </SortableHeader>
                  {canWrite && (
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {rows.map((delivery) => {
                  const expanded = open.has(delivery.delivery_id);
                  const panelId = `attempts-${delivery.delivery_id}`;
                  return (
                    <Fragment key={delivery.delivery_id}>
                      <tr>
                        <td>
                          <Button
                            size="small"
                            variant="ghost"
                            aria-expanded={expanded}
                            aria-controls={expanded ? panelId : undefined}
                            aria-label={`Attempts of delivery ${delivery.delivery_id}`}
                            onClick={() => toggle(delivery.delivery_id)}
                          >
                            <span aria-hidden="true">{expanded ? '▾' : '▸'}</span>
                          </Button>
                        </td>
                        <td>
                          <code>{delivery.event}</code> {delivery.test && <Badge tone="info">Test</Badge>}{' '}
                          {delivery.resent_from && <Badge>Resend</Badge>}
                        </td>
                        <td>
                          <OutcomeBadge outcome={delivery.outcome} />
                        </td>
                        <td className={table.numeric}>{delivery.status_code ?? '—'}</td>
                        <td className={table.numeric}>{formatDuration(delivery.response_time_ms)}</td>
                        <td className={table.numeric}>{delivery.attempt_count}</td>
                        <td className={`${table.muted} ${styles.nowrap}`}>
                          <Time value={delivery.created_at} />
                        </td>
                        {canWrite && (
                          <td>
                            <div className={styles.rowActions}>
                              <Button
                                size="small"
                                disabled={resend.isPending}
                                aria-label={`Resend delivery ${delivery.delivery_id}`}
                                onClick={() =>
                                  resend.mutate({ id: webhook.id, deliveryId: delivery.delivery_id })
                                }
                              >
                                Resend
                              </Button>
                            </div>
                          </td>
                        )}
                      </tr>
                      {expanded && (
                        <tr className={styles.expandedRow}>
                          <td colSpan={columns} id={panelId}>
                            <DeliveryDetails webhookId={webhook.id} delivery={delivery} />
                          </td>
                        </tr>
                      )}
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
          <nav className={styles.pager} aria-label="Pages of deliveries">
            <span>
              Page {cursors.length} · {rows.length} deliver{rows.length === 1 ? 'y' : 'ies'} shown
            </span>
            <div>
              <Button
                size="small"
                disabled={cursors.length <= 1}
                onClick={() => setPages({ key, cursors: cursors.slice(0, -1) })}
              >
                Previous page
              </Button>
              <Button
                size="small"
                disabled={!deliveries.data.next_cursor || deliveries.isPlaceholderData}
                onClick={() => setPages({ key, cursors: [...cursors, deliveries.data.next_cursor] })}
              >
                Next page
              </Button>
            </div>
          </nav>
        </>
      )}
      {canWrite && <RecoverDialog webhook={webhook} open={recovering} onClose={() => setRecovering(false)} />}
    </Card>
  );
}

function DeliveryDetails({ webhookId, delivery }: { webhookId: string; delivery: Delivery }) {
  const detail = useDelivery(webhookId, delivery.delivery_id);
  return (
    <div className={styles.expanded}>
      <dl>
        <div>
          <dt>Delivery id (X-Service-Delivery)</dt>
          <dd>
            <code>{delivery.delivery_id}</code>
          </dd>
        </div>
        <div>
          <dt>Event id</dt>
          <dd>
            <code>{delivery.event_id}</code>
          </dd>
        </div>
        {delivery.resent_from && (
          <div>
            <dt>Resends</dt>
            <dd>
              <code>{delivery.resent_from}</code>
            </dd>
          </div>
        )}
        <div>
          <dt>Next attempt</dt>
          <dd>
            <Time value={delivery.next_attempt_at} empty="None due" />
          </dd>
        </div>
      </dl>
      {delivery.attempts.length === 0 ? (
        <p className={table.muted}>Not attempted yet.</p>
      ) : (
        <TableScroll>
          <table className={table.table}>
            <caption className="visually-hidden">Attempts of delivery {delivery.delivery_id}</caption>
            <thead>
              <tr>
                <th scope="col" className={table.numeric}>
                  Attempt
                </th>
                <th scope="col">Attempted</th>
                <th scope="col" className={table.numeric}>
                  Status code
                </th>
                <th scope="col" className={table.numeric}>
                  Response time
                </th>
                <th scope="col">Error</th>
              </tr>
            </thead>
            <tbody>
              {delivery.attempts.map((attempt) => (
                <tr key={attempt.attempt}>
                  <td className={table.numeric}>{attempt.attempt}</td>
                  <td className={table.muted}>
                    <Time value={attempt.attempted_at} />
                  </td>
                  <td className={table.numeric}>{attempt.status_code ?? '—'}</td>
                  <td className={table.numeric}>{formatDuration(attempt.response_time_ms)}</td>
                  <td>{attempt.error ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {detail.isPending ? (
        <Loading compact label="Loading the request and responses…" />
      ) : detail.isError ? (
        <ErrorState compact error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <RequestAndResponses detail={detail.data} />
      )}
    </div>
  );
}

/** What was sent, once, and what each attempt got back, as the Svix and Hook0 portals show them. */
function RequestAndResponses({ detail }: { detail: DeliveryDetail }) {
  const cap = formatBytes(detail.response_body_max_bytes);
  return (
    <div className={styles.exchange}>
      <section aria-label={`Request body of delivery ${detail.delivery_id}`}>
        <h3>Request body</h3>
        <p className={table.muted}>Sent byte for byte by every attempt, signed; headers are not kept.</p>
        <pre className={styles.payload}>{prettyJson(detail.payload)}</pre>
      </section>
      {detail.attempts.map((attempt) => (
        <section key={attempt.attempt} aria-label={`Response to attempt ${attempt.attempt}`}>
          <h3>
            Response to attempt {attempt.attempt}{' '}
            {attempt.status_code !== null && (
              <Badge tone={attempt.error === null ? 'success' : 'danger'}>{attempt.status_code}</Badge>
            )}
          </h3>
          {attempt.response_body === null ? (
            <p className={table.muted}>No answer{attempt.error ? `: ${attempt.error}` : ''}.</p>
          ) : attempt.response_body === '' ? (
            <p className={table.muted}>An empty body.</p>
          ) : (
            <>
              <pre className={styles.payload}>{prettyJson(attempt.response_body)}</pre>
              {attempt.response_body_truncated && (
                <p className={table.muted}>Cut: only the first {cap} of a longer body are kept.</p>
              )}
            </>
          )}
        </section>
      ))}
    </div>
  );
}
