import { type DynamicModule, Module } from '@nestjs/common';
import { AuthModule } from '@governance/auth';
import { MessagingModule } from '@governance/messaging';
import { PersistenceModule } from '@governance/persistence';
import { type Logger, PlatformModule } from '@governance/platform';
import { type ReportsConfig } from './config';
import { ReportsInitial1764400000000 } from './migrations/1764400000000-reports-initial';
import { ReportsDeadLetters1764700000000 } from './migrations/1764700000000-reports-dead-letters';
import { ReportsModule } from './reports.module';

export const REPORTS_SCHEMA = 'reports';
/** Applied in this order at start (RUN_MIGRATIONS) or by `main.js migrate`, which then exits. */
export const REPORTS_MIGRATIONS = [ReportsInitial1764400000000, ReportsDeadLetters1764700000000];

@Module({})
export class ReportsAppModule {
  static register(config: ReportsConfig, logger: Logger): DynamicModule {
    return {
      module: ReportsAppModule,
      imports: [
        PlatformModule.forService('reports', logger),
        PersistenceModule.forService({
          url: config.database.url,
          schema: REPORTS_SCHEMA,
          migrations: REPORTS_MIGRATIONS,
          poolSize: config.database.poolSize,
          applicationName: 'reports',
          runMigrations: config.runMigrations,
        }),
        MessagingModule.forService({ service: 'reports', schema: REPORTS_SCHEMA, config: config.messaging }),
        AuthModule.forService(REPORTS_SCHEMA),
        ReportsModule.register(config),
      ],
    };
  }
}
