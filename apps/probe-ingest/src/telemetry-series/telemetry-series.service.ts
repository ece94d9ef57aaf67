import { Injectable } from '@nestjs/common';
import { isId, type TelemetryReceivedDetails } from '@governance/contracts';
import { type Transaction } from '@governance/messaging';
import { ApiError } from '@governance/platform';
import { LATENCY_METRIC, metricHours, TOKEN_METRICS } from './telemetry-hours';
import { buildSeries, MAX_DRIFTED_METRICS, seriesRange } from './telemetry-series';
import { type TelemetrySeriesQuery, type TelemetrySeriesResponse } from './telemetry-series.dto';
import { TelemetrySeriesRepository } from './telemetry-series.repository';

/** A system's telemetry over time: hourly aggregates written with drift detection, read as buckets. */
@Injectable()
export class TelemetrySeriesService {
  constructor(private readonly series: TelemetrySeriesRepository) {}

  /** Adds one organization's batches to their hours, in the consumer's transaction. */
  async observeBatches(
    tx: Transaction,
    organizationId: string,
    batches: readonly TelemetryReceivedDetails[],
  ): Promise<void> {
    await this.series.addHours(tx.manager, organizationId, metricHours(batches));
  }

  async read(
    organizationId: string,
    systemId: string,
    query: TelemetrySeriesQuery,
  ): Promise<TelemetrySeriesResponse> {
    if (!isId('system', systemId) || !(await this.series.systemExists(organizationId, systemId)))
      throw ApiError.notFound('System');
    const decision = seriesRange(query, new Date());
    if ('field' in decision)
      throw ApiError.validation([{ field: decision.field, message: decision.message }]);
    const { range } = decision;
    const drifts = await this.series.driftAlerts(organizationId, systemId, range);
    const drifted = [...new Set(drifts.map((alert) => alert.metric))].slice(0, MAX_DRIFTED_METRICS);
    const [metrics, violations] = await Promise.all([
      this.series.metricBuckets(organizationId, systemId, range, [
        LATENCY_METRIC,
        ...TOKEN_METRICS,
        ...drifted,
      ]),
      this.series.violationBuckets(organizationId, systemId, range),
    ]);
    return buildSeries(systemId, range, metrics, violations, drifts);
  }
}
