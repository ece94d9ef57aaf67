import { Inject, Injectable } from '@nestjs/common';
import { deleteInBatches, LOGGER, type Logger, PeriodicJob } from '@governance/platform';
import { PROBE_INGEST_CONFIG, type ProbeIngestConfig } from '../config';
import { TelemetrySeriesRepository } from './telemetry-series.repository';

const BATCH_SIZE = 5_000;

/** Deletes telemetry hours past their retention in bounded batches; replicas may sweep at once. */
@Injectable()
export class TelemetryHoursRetentionJob extends PeriodicJob {
  constructor(
    private readonly series: TelemetrySeriesRepository,
    @Inject(PROBE_INGEST_CONFIG) private readonly config: ProbeIngestConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    super(logger, { name: 'telemetry retention', everyMs: config.telemetrySeries.sweepIntervalMs });
  }

  protected async work(): Promise<number> {
    const { retentionMs } = this.config.telemetrySeries;
    const deleted = await deleteInBatches(BATCH_SIZE, (limit) =>
      this.series.purgeOlderThan(retentionMs, limit),
    );
    if (deleted > 0) this.logger.info({ deleted }, 'purged telemetry hours past retention');
    return deleted;
  }
}
