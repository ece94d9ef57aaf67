import { Link } from 'react-router';
import { Badge } from '../design/badge';
import { usePageTitle } from '../design/page-title';
import { ErrorState, Loading } from '../design/states';
import { Card, PageHeader } from '../design/surface';
import { type EventTypeEntry, useEventTypes } from './webhooks.queries';
import record from '../design/record.module.css';
import styles from './webhooks.module.css';

/** The event catalogue: what each type means and a sample body, the one its published schema carries. */
export function EventTypesPage() {
  usePageTitle('Event types');
  const types = useEventTypes();
  return (
    <>
      <Link className={record.back} to="/webhooks">
        ← All webhooks
      </Link>
      <PageHeader
        title="Event types"
        description="What a webhook can subscribe to: when each event is sent, and the body your endpoint receives, as its published JSON Schema describes it."
      />
      {types.isPending ? (
        <Loading label="Loading the event types…" />
      ) : types.isError ? (
        <ErrorState error={types.error} onRetry={() => void types.refetch()} />
      ) : (
        <div className={styles.catalogue}>
          {types.data.data.map((entry) => (
            <EventTypeCard key={entry.event} entry={entry} />
          ))}
        </div>
      )}
    </>
  );
}

function EventTypeCard({ entry }: { entry: EventTypeEntry }) {
  const titleId = `event-type-${entry.event.replace('.', '-')}`;
  return (
    <Card title={<code>{entry.event}</code>} labelledBy={titleId} action={<Badge>{entry.severity}</Badge>}>
      <div className={styles.exchange}>
        <p>{entry.trigger}.</p>
        <section aria-label={`Sample payload of ${entry.event}`}>
          <h3>Sample payload</h3>
          <pre className={styles.payload}>{JSON.stringify(entry.example, null, 2)}</pre>
        </section>
      </div>
    </Card>
  );
}

export const Component = EventTypesPage;
