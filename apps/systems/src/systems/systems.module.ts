import { Module } from '@nestjs/common';
import { ProbeEventsConsumer } from '../probes/probe-events.consumer';
import { ProbeRepository } from '../probes/probe.repository';
import { SystemRepository } from './system.repository';
import { SystemsController } from './systems.controller';
import { SystemsService } from './systems.service';

@Module({
  controllers: [SystemsController, ProbeEventsConsumer],
  providers: [SystemsService, SystemRepository, ProbeRepository],
})
export class SystemsModule {}
