import { Module } from '@nestjs/common';
import { DiscoveryModule } from '../discovery/discovery.module';
import { DriftRepository } from './drift.repository';
import { DriftService } from './drift.service';
import { TelemetryDriftConsumer } from './telemetry-drift.consumer';

/**
 * Drift detection and shadow-AI discovery, both fed by telemetry.received through one consumer.
 * DRIFT_CONFIG comes from the service definition (global), read by readDriftConfig.
 */
@Module({
  imports: [DiscoveryModule],
  controllers: [TelemetryDriftConsumer],
  providers: [DriftService, DriftRepository],
})
export class DriftModule {}
