import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type MetricHour } from './telemetry-hours';
import { type DriftAlertRow, type MetricBucketRow, type SeriesRange } from './telemetry-series';

/** Alerts read for one series at most; the latest ones. */
const MAX_ALERTS_READ = 500;

/** All SQL on the hourly telemetry aggregates, and the series reads over them, violations and drift. */
@Injectable()
export class TelemetrySeriesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Adds hours into the stored ones in one statement: counts and sums add, histograms add bin by bin. Rows
   * are written in key order, so two consumers adding to the same hours cannot deadlock.
   */
  async addHours(
    manager: EntityManager,
    organizationId: string,
    hours: readonly MetricHour[],
  ): Promise<void> {
    if (hours.length === 0) return;
    const rows = JSON.stringify(
      hours.map((hour) => ({
        system_id: hour.systemId,
        metric: hour.metric,
        hour: hour.hour.toISOString(),
        count: hour.count,
        sum: hour.sum,
        histogram: hour.histogram,
      })),
    );
    await manager.query(
      `INSERT INTO probe_ingest.telemetry_hours (organization_id, system_id, metric, hour, count, sum, histogram)
       SELECT $1, r.system_id, r.metric, r.hour, r.count, r.sum,
         (SELECT array_agg(c::int ORDER BY i) FROM jsonb_array_elements_text(r.histogram) WITH ORDINALITY AS h(c, i))
       FROM jsonb_to_recordset($2::jsonb)
         AS r(system_id text, metric text, hour timestamptz, count int, sum double precision, histogram jsonb)
       ORDER BY r.system_id, r.hour, r.metric
       ON CONFLICT (organization_id, system_id, hour, metric) DO UPDATE SET
         count = telemetry_hours.count + excluded.count,
         sum = telemetry_hours.sum + excluded.sum,
         histogram = CASE WHEN telemetry_hours.histogram IS NULL THEN excluded.histogram
           WHEN excluded.histogram IS NULL THEN telemetry_hours.histogram
           ELSE ARRAY(SELECT a + b FROM unnest(telemetry_hours.histogram, excluded.histogram) WITH ORDINALITY AS u(a, b, i) ORDER BY i)
         END`,
      [organizationId, rows],
    );
  }

  /** Whether the organization knows the system (its replica), so a series of a stranger's system is a 404. */
  async systemExists(organizationId: string, systemId: string): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>(
      'SELECT 1 FROM probe_ingest.systems WHERE organization_id = $1 AND system_id = $2',
      [organizationId, systemId],
    );
    return rows.length > 0;
  }

  /** The given metrics per bucket of the range: hours added up, latency histograms bin by bin. */
  async metricBuckets(
    organizationId: string,
    systemId: string,
    range: SeriesRange,
    metrics: readonly string[],
  ): Promise<MetricBucketRow[]> {
    return this.dataSource.query<MetricBucketRow[]>(
      `WITH hours AS (
         SELECT date_trunc($3, t.hour, 'UTC') AS start, t.metric, t.count, t.sum, t.histogram
         FROM probe_ingest.telemetry_hours t
         WHERE t.organization_id = $1 AND t.system_id = $2 AND t.hour >= $4 AND t.hour < $5 AND t.metric = ANY($6::text[])
       ), bins AS (
         SELECT h.start, h.metric, b.i, sum(b.c)::int AS c
         FROM hours h, unnest(h.histogram) WITH ORDINALITY AS b(c, i)
         GROUP BY h.start, h.metric, b.i
       )
       SELECT s.start, s.metric, s.count, s.sum,
         (SELECT array_agg(bins.c ORDER BY bins.i) FROM bins WHERE bins.start = s.start AND bins.metric = s.metric)
           AS histogram
       FROM (
         SELECT start, metric, sum(count)::int AS count, sum(sum)::double precision AS sum FROM hours GROUP BY start, metric
       ) AS s`,
      [organizationId, systemId, range.bucket, range.since, range.until, metrics],
    );
  }

  async violationBuckets(
    organizationId: string,
    systemId: string,
    range: SeriesRange,
  ): Promise<Array<{ start: Date; count: number }>> {
    return this.dataSource.query(
      `SELECT date_trunc($3, v.created_at, 'UTC') AS start, count(*)::int AS count
       FROM probe_ingest.violations v
       WHERE v.organization_id = $1 AND v.system_id = $2 AND v.created_at >= $4 AND v.created_at < $5
       GROUP BY 1`,
      [organizationId, systemId, range.bucket, range.since, range.until],
    );
  }

  /** The system's drift alerts within the range, the latest first, with their metric's baseline mean. */
  async driftAlerts(organizationId: string, systemId: string, range: SeriesRange): Promise<DriftAlertRow[]> {
    return this.dataSource.query<DriftAlertRow[]>(
      `SELECT r.drift_id AS "driftId", r.metric, r.detection_layer AS layer,
         coalesce(m.baseline_mean, r.baseline_mean) AS "baselineMean", r.created_at AS "detectedAt", r.severity,
         r.window_mean AS "windowMean", r.drift_score AS "driftScore"
       FROM probe_ingest.drift_records r
       LEFT JOIN probe_ingest.drift_metrics m
         ON m.organization_id = r.organization_id AND m.system_id = r.system_id AND m.metric = r.metric
       WHERE r.organization_id = $1 AND r.system_id = $2 AND r.created_at >= $3 AND r.created_at < $4
       ORDER BY r.created_at DESC
       LIMIT ${MAX_ALERTS_READ}`,
      [organizationId, systemId, range.since, range.until],
    );
  }

  /** Deletes up to `batchSize` hours older than `retentionMs`; returns how many. */
  async purgeOlderThan(retentionMs: number, batchSize: number): Promise<number> {
    const [, deleted] = await this.dataSource.query<[unknown, number]>(
      `DELETE FROM probe_ingest.telemetry_hours WHERE ctid = ANY(ARRAY(
         SELECT ctid FROM probe_ingest.telemetry_hours
         WHERE hour < now() - make_interval(secs => $1 / 1000.0) LIMIT $2))`,
      [retentionMs, batchSize],
    );
    return deleted;
  }
}
