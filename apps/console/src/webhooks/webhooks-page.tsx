import { useState } from 'react';
import { Link } from 'react-router';
import { useCan } from '../auth/session-context';
import { Badge } from '../design/badge';
import { Button } from '../design/button';
import { usePageTitle } from '../design/page-title';
import { SortableHeader, useSortedRows } from '../design/sortable-header';
import { EmptyState, ErrorState, Loading } from '../design/states';
import { PageHeader } from '../design/surface';
import table from '../design/table.module.css';
import { Time } from '../design/time';
import { LiveIndicator } from '../live/live-indicator';
import { useLiveUpdates } from '../live/live-updates';
import { CreateWebhookDialog } from './create-webhook-dialog';
import { ActiveBadge, HealthBadge } from './webhook-badges';
import { healthSummary } from './webhook-health';
import { type Webhook, useWebhooks } from './webhooks.queries';
import styles from './webhooks.module.css';
import { TableScroll } from '../design/table-scroll';

type Column = 'url' | 'events' | 'active' | 'health' | 'created';

const valueOf = (webhook: Webhook, column: Column) =>
  column === 'url'
    ? webhook.url
    : column === 'events'
      ? webhook.events.length
      : column === 'active'
        ? webhook.active
          ? 0
          : 1
        : column === 'health'
          ? (webhook.health.success_rate ?? 2)
          : webhook.created_at;

export function WebhooksPage() {
  usePageTitle('Webhooks');
  const webhooks = useWebhooks();
  // Attempts change each endpoint's health: the stream says when, and the list reads again.
  const live = useLiveUpdates('webhooks');
  const canWrite = useCan('webhooks:write');
  const [creating, setCreating] = useState(false);
  const { rows, sort, setSort } = useSortedRows(webhooks.data?.data ?? [], valueOf);
  const createButton = canWrite && (
    <Button variant="primary" onClick={() => setCreating(true)}>
      Create webhook
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="HTTPS endpoints that receive the organization’s events, signed, with a delivery log you can filter, inspect and resend from."
        actions={
          <>
            <LiveIndicator status={live} />
            <Link className={styles.catalogueLink} to="/webhooks/event-types">
              Event types and sample payloads
            </Link>
            {createButton}
          </>
        }
      />
      {webhooks.isPending ? (
        <Loading label="Loading webhooks…" />
      ) : webhooks.isError ? (
        <ErrorState error={webhooks.error} onRetry={() => void webhooks.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title="No webhooks yet" action={createButton}>
          A webhook sends each event you choose (a finding, a policy violation, a drift…) to your endpoint as
          it happens, signed with a secret only you and the console know.
        </EmptyState>
      ) : (
        <TableScroll>
          <table className={table.table}>
            <caption className="visually-hidden">Webhooks</caption>
            <thead>
              <tr>
                <SortableHeader column="url" sort={sort} onSort={setSort}>
                  Endpoint
                </SortableHeader>
                <SortableHeader column="events" sort={sort} onSort={setSort}>
                  Events
                </SortableHeader>
                <SortableHeader column="active" sort={sort} onSort={setSort}>
                  Status
                </SortableHeader>
                <SortableHeader column="health" sort={sort} onSort={setSort}>
                  Health
                </SortableHeader>
                <SortableHeader column="created" sort={sort} onSort={setSort}>
                  Created
                </SortableHeader>
              </tr>
            </thead>
            <tbody>
              {rows.map((webhook) => (
                <tr key={webhook.id}>
                  <td className={styles.urlCell}>
                    <Link to={`/webhooks/${webhook.id}`}>{webhook.url}</Link>
                    {webhook.description && <span>{webhook.description}</span>}
                  </td>
                  <td>
                    <div className={styles.eventList}>
                      {webhook.events.map((event) => (
                        <Badge key={event}>{event}</Badge>
                      ))}
                    </div>
                  </td>
                  <td>
                    <ActiveBadge active={webhook.active} />
                  </td>
                  <td className={styles.healthCell}>
                    <HealthBadge health={webhook.health} />
                    <span className={styles.healthSummary}>{healthSummary(webhook.health)}</span>
                  </td>
                  <td className={table.muted}>
                    <Time value={webhook.created_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {canWrite && <CreateWebhookDialog open={creating} onClose={() => setCreating(false)} />}
    </>
  );
}

export const Component = WebhooksPage;
