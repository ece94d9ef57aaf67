import { Module } from '@nestjs/common';
import { TelemetryCommitQueue } from './telemetry-commit-queue';
import { TelemetryController } from './telemetry.controller';
import { TelemetryRepository } from './telemetry.repository';
import { TelemetryService } from './telemetry.service';

/** Telemetry ingest: batches are accepted, committed in groups and announced on the telemetry topic. */
@Module({
  controllers: [TelemetryController],
  providers: [TelemetryService, TelemetryRepository, TelemetryCommitQueue],
})
export class TelemetryModule {}
