import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { api } from '../../api/client';
import { unwrap } from '../../api/problem';
import { Button } from '../../design/button';
import { EmptyState, ErrorState, Loading } from '../../design/states';
import { Card } from '../../design/surface';
import { type ChartSeries, SeriesChart } from './series-chart';
import {
  bucketLabel,
  RANGES,
  type RangeKey,
  rangeQuery,
  type SeriesPoint,
  type TelemetrySeries,
  totals,
} from './telemetry-range';
import styles from './telemetry.module.css';

// The design tokens' colors, as SVG presentation attributes (the CSP forbids inline styles).
const PRIMARY = '#1d4ed8';
const HIGH = '#c2410c';
const MEDIUM = '#a16207';
const CRITICAL = '#9f1239';

/** A system's telemetry, read each minute while the page is visible. */
function useTelemetrySeries(systemId: string, range: RangeKey) {
  return useQuery({
    queryKey: ['telemetry', systemId, range],
    queryFn: () =>
      unwrap(
        api.GET('/api/service/probe/systems/{id}/telemetry', {
          params: { path: { id: systemId }, query: rangeQuery(range, new Date()) },
        }),
      ),
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
  });
}

const number = (value: number) => value.toLocaleString();

/** Latency, tokens, violations and each drifted metric against its baseline, over a chosen range. */
export function SystemTelemetry({ systemId }: { systemId: string }) {
  const [range, setRange] = useState<RangeKey>('24h');
  const series = useTelemetrySeries(systemId, range);
  return (
    <Card
      title="Telemetry over time"
      labelledBy={`system-telemetry-${systemId}`}
      action={
        <div className={styles.toolbar} role="group" aria-label="Range">
          {RANGES.map((option) => (
            <Button
              key={option.key}
              size="small"
              variant={option.key === range ? 'primary' : 'secondary'}
              aria-pressed={option.key === range}
              onClick={() => setRange(option.key)}
            >
              {option.label}
            </Button>
          ))}
        </div>
      }
    >
      {series.isPending ? (
        <Loading compact label="Loading telemetry…" />
      ) : series.isError ? (
        <ErrorState compact error={series.error} onRetry={() => void series.refetch()} />
      ) : (
        <TelemetryCharts data={series.data} rangeLabel={RANGES.find((r) => r.key === range)!.label} />
      )}
    </Card>
  );
}

function TelemetryCharts({ data, rangeLabel }: { data: TelemetrySeries; rangeLabel: string }) {
  const labels = useMemo(
    () => data.points.map((point) => bucketLabel(point.start, data.bucket, data.points.length)),
    [data],
  );
  const sum = totals(data.points);
  if (sum.requests === 0 && sum.tokens === 0 && sum.violations === 0 && data.drifted_metrics.length === 0)
    return (
      <EmptyState compact title={`No telemetry in the last ${rangeLabel}`}>
        A probe sending <code>latency_ms</code>, <code>input.tokens</code> and <code>output.tokens</code>{' '}
        fills these charts, one point per {data.bucket}.
      </EmptyState>
    );
  const values = (pick: (point: SeriesPoint) => number | null) => data.points.map(pick);
  return (
    <>
      <p className={styles.summary}>
        In the last {rangeLabel}: {number(sum.requests)} request{sum.requests === 1 ? '' : 's'}
        {sum.requests > 0 && `, p95 latency up to ${number(sum.worstP95)} ms`}, {number(sum.tokens)} tokens,{' '}
        {number(sum.violations)} violation{sum.violations === 1 ? '' : 's'}
        {data.drifted_metrics.length > 0 &&
          `; drifted: ${data.drifted_metrics.map((metric) => metric.metric).join(', ')}`}
        . One point per {data.bucket}.
      </p>
      <div className={styles.charts}>
        <Figure
          title="Latency (ms)"
          legend={[
            ['p50', 'primary'],
            ['p95', 'high'],
          ]}
          series={[
            { name: 'p50', color: PRIMARY, kind: 'line', values: values((p) => p.latency_p50_ms) },
            { name: 'p95', color: HIGH, kind: 'line', values: values((p) => p.latency_p95_ms) },
          ]}
          labels={labels}
        />
        <Figure
          title="Tokens"
          legend={[
            ['Input', 'primary'],
            ['Output', 'medium'],
          ]}
          series={[
            { name: 'Input', color: PRIMARY, kind: 'bar', values: values((p) => p.input_tokens) },
            { name: 'Output', color: MEDIUM, kind: 'bar', values: values((p) => p.output_tokens) },
          ]}
          labels={labels}
        />
        <Figure
          title="Policy violations"
          legend={[['Violations', 'critical']]}
          series={[{ name: 'Violations', color: CRITICAL, kind: 'bar', values: values((p) => p.violations) }]}
          labels={labels}
        />
        {data.drifted_metrics.map((metric) => {
          const starts = data.points.map((point) => Date.parse(point.start));
          const size = starts.length > 1 ? starts[1]! - starts[0]! : 0;
          const marks = metric.alerts.map((alert) => ({
            index: starts.findIndex((start) => Date.parse(alert.detected_at) < start + size),
            color: alert.severity === 'HIGH' ? HIGH : MEDIUM,
          }));
          return (
            <Figure
              key={metric.metric}
              title={
                <>
                  Drift: <code>{metric.metric}</code>
                </>
              }
              legend={driftLegend(metric)}
              series={[
                {
                  name: 'Mean',
                  color: PRIMARY,
                  kind: 'line',
                  values: metric.points.map((point) => point.mean),
                },
              ]}
              reference={{ value: metric.baseline_mean, label: 'Baseline' }}
              marks={marks.filter((mark) => mark.index >= 0)}
              labels={labels}
            />
          );
        })}
      </div>
      <TelemetryTable data={data} />
    </>
  );
}

type Legend = ReadonlyArray<readonly [label: string, tone: string]>;

/** Mean, baseline, and one entry per severity of alert the metric had. */
function driftLegend(metric: TelemetrySeries['drifted_metrics'][number]): Legend {
  const severities = [...new Set(metric.alerts.map((alert) => alert.severity))];
  return [
    ['Mean', 'primary'],
    [`Baseline ${number(metric.baseline_mean)}`, 'baseline'],
    ...severities.map((severity) => [`${severity} alert`, severity === 'HIGH' ? 'high' : 'medium'] as const),
  ];
}

function Figure({
  title,
  legend,
  ...chart
}: {
  title: ReactNode;
  legend: Legend;
} & Parameters<typeof SeriesChart>[0] & { series: ChartSeries[] }) {
  return (
    <figure className={styles.figure}>
      <figcaption>
        <span>{title}</span>
        <ul className={styles.legend}>
          {legend.map(([label, tone]) => (
            <li key={label} data-tone={tone}>
              {label}
            </li>
          ))}
        </ul>
      </figcaption>
      <SeriesChart {...chart} />
    </figure>
  );
}

/** The charts' numbers for screen readers: the buckets that had any. */
function TelemetryTable({ data }: { data: TelemetrySeries }) {
  const rows = data.points.filter(
    (point) => point.requests > 0 || point.violations > 0 || point.input_tokens + point.output_tokens > 0,
  );
  return (
    // Hidden by a box around it: a table ignores the width that hides it, and would widen the page.
    <div className="visually-hidden">
      <table>
        <caption>Telemetry per {data.bucket}</caption>
        <thead>
          <tr>
            <th scope="col">Start</th>
            <th scope="col">Requests</th>
            <th scope="col">Latency p50 (ms)</th>
            <th scope="col">Latency p95 (ms)</th>
            <th scope="col">Input tokens</th>
            <th scope="col">Output tokens</th>
            <th scope="col">Violations</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((point) => (
            <tr key={point.start}>
              <th scope="row">{new Date(point.start).toLocaleString()}</th>
              <td>{point.requests}</td>
              <td>{point.latency_p50_ms ?? '—'}</td>
              <td>{point.latency_p95_ms ?? '—'}</td>
              <td>{point.input_tokens}</td>
              <td>{point.output_tokens}</td>
              <td>{point.violations}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
