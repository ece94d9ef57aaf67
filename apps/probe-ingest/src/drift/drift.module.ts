import { Module } from '@nestjs/common';
import { ShadowDiscoveryRepository } from '../discovery/shadow-discovery.repository';
import { ShadowDiscoveryService } from '../discovery/shadow-discovery.service';
import { DriftRepository } from './drift.repository';
import { DriftService } from './drift.service';
import { TelemetryDriftConsumer } from './telemetry-drift.consumer';

/** Drift detection and shadow-AI discovery, both fed by telemetry.received through one consumer. */
@Module({
  controllers: [TelemetryDriftConsumer],
  providers: [DriftService, DriftRepository, ShadowDiscoveryService, ShadowDiscoveryRepository],
})
export class DriftModule {}
