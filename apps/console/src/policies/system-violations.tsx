import { Badge } from '../design/badge';
import { EmptyState, ErrorState, Loading } from '../design/states';
import { Card } from '../design/surface';
import table from '../design/table.module.css';
import { Time } from '../design/time';
import { SEVERITY_LABELS, SEVERITY_TONES } from './labels';
import { useActivityOf } from './policies.queries';
import { TableScroll } from '../design/table-scroll';

const RECENT = 10;

/** A system's most recent policy violations, newest first: a compact table for the system's page. */
export function SystemViolations({ systemId }: { systemId: string }) {
  const violations = useActivityOf({ event: 'policy.violated', system_id: systemId }, RECENT);
  const items = violations.data?.pages[0]?.data ?? [];
  return (
    <Card title="Policy violations" labelledBy={`system-violations-${systemId}`}>
      {violations.isPending ? (
        <Loading compact label="Loading violations…" />
      ) : violations.isError ? (
        <ErrorState compact error={violations.error} onRetry={() => void violations.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState compact title="No policy violations for this system" />
      ) : (
        <TableScroll>
          <table className={table.table}>
            <caption className="visually-hidden">Recent policy violations of this system</caption>
            <thead>
              <tr>
                <th scope="col">Severity</th>
                <th scope="col">Violation</th>
                <th scope="col">When</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id}>
                  <td>
                    <Badge tone={SEVERITY_TONES[item.severity]}>{SEVERITY_LABELS[item.severity]}</Badge>
                  </td>
                  <td>{item.summary}</td>
                  <td className={table.muted}>
                    <Time value={item.timestamp} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Card>
  );
}
