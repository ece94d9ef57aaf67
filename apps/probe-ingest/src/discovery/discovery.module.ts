import { Module } from '@nestjs/common';
import { ShadowDiscoveryRepository } from './shadow-discovery.repository';
import { ShadowDiscoveryService } from './shadow-discovery.service';

/** Shadow-AI discovery from telemetry; the drift module's telemetry consumer drives it. */
@Module({
  providers: [ShadowDiscoveryService, ShadowDiscoveryRepository],
  exports: [ShadowDiscoveryService],
})
export class DiscoveryModule {}
