import { lazy, Suspense, useMemo, useState } from 'react';
import { EmptyState, ErrorState, Loading } from '../design/states';
import { Card } from '../design/surface';
import { dayLabel, type DriftDay, driftByDay } from './drift-series';
import { useActivityOf } from './policies.queries';
import styles from './policies.module.css';

// ECharts is heavy: it loads with the chart, after the rest of the system's page.
const DriftBars = lazy(() => import('./drift-bars'));

const WINDOW_DAYS = 30;
/** The newest alerts read for the chart: the feed's largest page. */
const ALERTS_READ = 100;

/** A system's drift alerts per day over the last 30 days, from the activity feed's drift events. */
export function SystemDriftChart({ systemId }: { systemId: string }) {
  // The window starts when the card first shows; the feed's own time dates the bars.
  const [since] = useState(() => new Date(Date.now() - WINDOW_DAYS * 24 * 60 * 60 * 1000).toISOString());
  const alerts = useActivityOf({ event: 'drift.detected', system_id: systemId, since }, ALERTS_READ);
  const items = alerts.data?.pages[0]?.data;
  const fetchedAt = alerts.dataUpdatedAt;
  const series = useMemo(
    () => (items ? driftByDay(items, new Date(fetchedAt), WINDOW_DAYS) : []),
    [items, fetchedAt],
  );
  const total = series.reduce((sum, day) => sum + day.medium + day.high, 0);
  return (
    <Card title="Drift alerts, last 30 days" labelledBy={`system-drift-${systemId}`}>
      {alerts.isPending ? (
        <Loading compact label="Loading drift alerts…" />
      ) : alerts.isError ? (
        <ErrorState compact error={alerts.error} onRetry={() => void alerts.refetch()} />
      ) : total === 0 ? (
        <EmptyState compact title="No drift alerts in the last 30 days" />
      ) : (
        <>
          <p className={styles.chartSummary}>{summary(series, total)}</p>
          <ul className={styles.chartLegend} aria-hidden="true">
            <li data-severity="MEDIUM">Medium</li>
            <li data-severity="HIGH">High</li>
          </ul>
          <Suspense fallback={<div className={styles.chart} />}>
            <DriftBars series={series} />
          </Suspense>
          <DriftTable series={series} />
        </>
      )}
    </Card>
  );
}

function summary(series: readonly DriftDay[], total: number): string {
  const high = series.reduce((sum, day) => sum + day.high, 0);
  const worst = series.reduce((best, day) => (day.medium + day.high > best.medium + best.high ? day : best));
  return (
    `${total} drift alert${total === 1 ? '' : 's'}, ${high} of them high; ` +
    `the most on ${dayLabel(worst.day)} (${worst.medium + worst.high}).`
  );
}

/** The chart's numbers for screen readers: the days that had alerts. */
function DriftTable({ series }: { series: readonly DriftDay[] }) {
  return (
    // Hidden by a box around it: a table ignores the width that hides it, and would widen the page.
    <div className="visually-hidden">
      <table>
        <caption>Drift alerts per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Medium</th>
            <th scope="col">High</th>
          </tr>
        </thead>
        <tbody>
          {series
            .filter((day) => day.medium + day.high > 0)
            .map((day) => (
              <tr key={day.day}>
                <th scope="row">{dayLabel(day.day)}</th>
                <td>{day.medium}</td>
                <td>{day.high}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </div>
  );
}
