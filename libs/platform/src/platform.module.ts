import { type DynamicModule, Global, Module } from '@nestjs/common';
import { HealthController, ReadinessChecks } from './health';
import { LOGGER, type Logger } from './logger';

export const SERVICE_NAME = Symbol('SERVICE_NAME');

/** Health, metrics and the logger of one service. Global inside that service's own Nest application. */
@Global()
@Module({})
export class PlatformModule {
  static forService(name: string, logger: Logger): DynamicModule {
    return {
      module: PlatformModule,
      controllers: [HealthController],
      providers: [
        { provide: SERVICE_NAME, useValue: name },
        { provide: LOGGER, useValue: logger },
        ReadinessChecks,
      ],
      exports: [SERVICE_NAME, LOGGER, ReadinessChecks],
    };
  }
}
