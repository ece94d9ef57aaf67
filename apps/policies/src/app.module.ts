import { type DynamicModule, Module } from '@nestjs/common';
import { AuthModule } from '@governance/auth';
import { MessagingModule } from '@governance/messaging';
import { PersistenceModule } from '@governance/persistence';
import { type Logger, PlatformModule } from '@governance/platform';
import { type PoliciesConfig } from './config';
import { PoliciesInitial1764000000000 } from './migrations/1764000000000-policies-initial';
import { PoliciesDeadLetters1764700000000 } from './migrations/1764700000000-policies-dead-letters';
import { PoliciesModule } from './policies/policies.module';

export const POLICIES_SCHEMA = 'policies';
/** Applied in this order at start (RUN_MIGRATIONS) or by `main.js migrate`, which then exits. */
export const POLICIES_MIGRATIONS = [PoliciesInitial1764000000000, PoliciesDeadLetters1764700000000];

@Module({})
export class PoliciesAppModule {
  static register(config: PoliciesConfig, logger: Logger): DynamicModule {
    return {
      module: PoliciesAppModule,
      imports: [
        PlatformModule.forService('policies', logger),
        PersistenceModule.forService({
          url: config.database.url,
          schema: POLICIES_SCHEMA,
          migrations: POLICIES_MIGRATIONS,
          poolSize: config.database.poolSize,
          applicationName: 'policies',
          runMigrations: config.runMigrations,
        }),
        MessagingModule.forService({
          service: 'policies',
          schema: POLICIES_SCHEMA,
          config: config.messaging,
        }),
        AuthModule.forService(POLICIES_SCHEMA),
        PoliciesModule,
      ],
    };
  }
}
