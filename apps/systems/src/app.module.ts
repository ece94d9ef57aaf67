import { type DynamicModule, Module } from '@nestjs/common';
import { AuthModule } from '@governance/auth';
import { MessagingModule } from '@governance/messaging';
import { PersistenceModule } from '@governance/persistence';
import { type Logger, PlatformModule } from '@governance/platform';
import { type SystemsConfig } from './config';
import { SystemsInitial1763900000000 } from './migrations/1763900000000-systems-initial';
import { SystemsModule } from './systems/systems.module';

export const SYSTEMS_SCHEMA = 'systems';

@Module({})
export class SystemsAppModule {
  static register(config: SystemsConfig, logger: Logger): DynamicModule {
    return {
      module: SystemsAppModule,
      imports: [
        PlatformModule.forService('systems', logger),
        PersistenceModule.forService({
          url: config.database.url,
          schema: SYSTEMS_SCHEMA,
          migrations: [SystemsInitial1763900000000],
          poolSize: config.database.poolSize,
          applicationName: 'systems',
          runMigrations: config.runMigrations,
        }),
        MessagingModule.forService({ service: 'systems', schema: SYSTEMS_SCHEMA, config: config.messaging }),
        AuthModule.forService(SYSTEMS_SCHEMA),
        SystemsModule,
      ],
    };
  }
}
