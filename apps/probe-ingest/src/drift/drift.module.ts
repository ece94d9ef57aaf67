import { Module } from '@nestjs/common';
import { ShadowDiscoveryRepository } from '../discovery/shadow-discovery.repository';
import { ShadowDiscoveryService } from '../discovery/shadow-discovery.service';
import { ProbesModule } from '../probes/probes.module';
import { SystemsReplicaModule } from '../systems/systems-replica.module';
import { TelemetrySeriesModule } from '../telemetry-series/telemetry-series.module';
import { DriftRepository } from './drift.repository';
import { DriftService } from './drift.service';
import { TelemetryDriftConsumer } from './telemetry-drift.consumer';

/** The telemetry consumer that detects drift, discovers shadow AI and keeps the hourly series. */
@Module({
  imports: [ProbesModule, SystemsReplicaModule, TelemetrySeriesModule],
  controllers: [TelemetryDriftConsumer],
  providers: [DriftService, DriftRepository, ShadowDiscoveryService, ShadowDiscoveryRepository],
})
export class DriftModule {}
