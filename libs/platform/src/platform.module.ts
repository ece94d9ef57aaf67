import { type DynamicModule, Global, Module } from '@nestjs/common';
import { HealthController, ReadinessChecks } from './health';
import { LOGGER, type Logger } from './logger';
import { StartupNotices } from './startup-notices';

/** Health, metrics and the logger of one service. Global inside that service's own Nest application. */
@Global()
@Module({})
export class PlatformModule {
  static forService(logger: Logger): DynamicModule {
    return {
      module: PlatformModule,
      controllers: [HealthController],
      providers: [{ provide: LOGGER, useValue: logger }, ReadinessChecks, StartupNotices],
      exports: [LOGGER, ReadinessChecks, StartupNotices],
    };
  }
}
