import { Module } from '@nestjs/common';
import { SilenceMonitor } from '../silence/silence-monitor';
import { SilenceRepository } from '../silence/silence.repository';
import { SystemsReplicaModule } from '../systems/systems-replica.module';
import { ProbeRepository } from './probe.repository';
import { ProbesController } from './probes.controller';
import { ProbesService } from './probes.service';

/** Probe registration and heartbeats, and the silence monitor that disconnects quiet probes. */
@Module({
  imports: [SystemsReplicaModule],
  controllers: [ProbesController],
  providers: [ProbesService, ProbeRepository, SilenceMonitor, SilenceRepository],
  exports: [ProbeRepository],
})
export class ProbesModule {}
