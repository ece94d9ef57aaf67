import { Module } from '@nestjs/common';
import { TelemetryHoursRetentionJob } from './telemetry-hours-retention.job';
import { TelemetrySeriesController } from './telemetry-series.controller';
import { TelemetrySeriesRepository } from './telemetry-series.repository';
import { TelemetrySeriesService } from './telemetry-series.service';

/** A system's telemetry per hour (kept by the drift consumer), its endpoint and its retention. */
@Module({
  controllers: [TelemetrySeriesController],
  providers: [TelemetrySeriesService, TelemetrySeriesRepository, TelemetryHoursRetentionJob],
  exports: [TelemetrySeriesService],
})
export class TelemetrySeriesModule {}
