import { Module } from '@nestjs/common';
import { SilenceMonitor } from '../silence/silence-monitor';
import { SilenceRepository } from '../silence/silence.repository';
import { SystemsReplicaModule } from '../systems/systems.module';
import { TelemetryCommitQueue } from '../telemetry/telemetry-commit-queue';
import { TelemetryController } from '../telemetry/telemetry.controller';
import { TelemetryRepository } from '../telemetry/telemetry.repository';
import { TelemetryService } from '../telemetry/telemetry.service';
import { ProbeRepository } from './probe.repository';
import { ProbesController } from './probes.controller';
import { ProbesService } from './probes.service';

/** Probe registration, heartbeats, telemetry ingest and the silence monitor. */
@Module({
  imports: [SystemsReplicaModule],
  controllers: [ProbesController, TelemetryController],
  providers: [
    ProbesService,
    ProbeRepository,
    TelemetryService,
    TelemetryRepository,
    TelemetryCommitQueue,
    SilenceRepository,
    SilenceMonitor,
  ],
})
export class ProbesModule {}
