import { type DynamicModule, Module } from '@nestjs/common';
import { AuthModule } from '@governance/auth';
import { MessagingModule } from '@governance/messaging';
import { PersistenceModule } from '@governance/persistence';
import { type Logger, PlatformModule } from '@governance/platform';
import { type SystemsConfig } from './config';
import { SystemsInitial1763900000000 } from './migrations/1763900000000-systems-initial';
import { SystemsDeadLetters1764700000000 } from './migrations/1764700000000-systems-dead-letters';
import { SystemsModule } from './systems/systems.module';

export const SYSTEMS_SCHEMA = 'systems';
/** Applied in this order at start (RUN_MIGRATIONS) or by `main.js migrate`, which then exits. */
export const SYSTEMS_MIGRATIONS = [SystemsInitial1763900000000, SystemsDeadLetters1764700000000];

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
          migrations: SYSTEMS_MIGRATIONS,
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
