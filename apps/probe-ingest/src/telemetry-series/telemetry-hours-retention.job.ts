import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { deleteInBatches, LOGGER, type Logger, PeriodicTask } from '@governance/platform';
import { PROBE_INGEST_CONFIG, type ProbeIngestConfig } from '../config';
import { TelemetrySeriesRepository } from './telemetry-series.repository';

const BATCH_SIZE = 5_000;

/** Deletes telemetry hours past their retention in bounded batches; replicas may sweep at once. */
@Injectable()
export class TelemetryHoursRetentionJob implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly sweeps: PeriodicTask<number>;

  constructor(
    private readonly series: TelemetrySeriesRepository,
    @Inject(PROBE_INGEST_CONFIG) private readonly config: ProbeIngestConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.sweeps = new PeriodicTask(config.telemetrySeries.sweepIntervalMs, () => this.purge());
  }

  onApplicationBootstrap(): void {
    this.sweeps.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.sweeps.stop();
  }

  sweep(): Promise<number> {
    return this.sweeps.run();
  }

  private async purge(): Promise<number> {
    let total = 0;
    try {
      total = await deleteInBatches(BATCH_SIZE, (limit) =>
        this.series.purgeOlderThan(this.config.telemetrySeries.retentionMs, limit),
      );
      if (total > 0) this.logger.info({ deleted: total }, 'purged telemetry hours past retention');
    } catch (error) {
      this.logger.warn({ err: error }, 'telemetry retention sweep failed; will retry next interval');
    }
    return total;
  }
}
