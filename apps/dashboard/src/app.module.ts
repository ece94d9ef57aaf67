import { type DynamicModule, Module } from '@nestjs/common';
import { AuthModule } from '@governance/auth';
import { MessagingModule } from '@governance/messaging';
import { PersistenceModule } from '@governance/persistence';
import { type Logger, PlatformModule } from '@governance/platform';
import { type DashboardConfig } from './config';
import { DashboardModule } from './dashboard.module';
import { DashboardInitial1764200000000 } from './migrations/1764200000000-dashboard-initial';
import { DashboardOpenFindings1764300000000 } from './migrations/1764300000000-dashboard-open-findings';
import { DashboardDeadLetters1764700000000 } from './migrations/1764700000000-dashboard-dead-letters';

export const DASHBOARD_SCHEMA = 'dashboard';
/** Applied in this order at start (RUN_MIGRATIONS) or by `main.js migrate`, which then exits. */
export const DASHBOARD_MIGRATIONS = [
  DashboardInitial1764200000000,
  DashboardOpenFindings1764300000000,
  DashboardDeadLetters1764700000000,
];

@Module({})
export class DashboardAppModule {
  static register(config: DashboardConfig, logger: Logger): DynamicModule {
    return {
      module: DashboardAppModule,
      imports: [
        PlatformModule.forService('dashboard', logger),
        PersistenceModule.forService({
          url: config.database.url,
          schema: DASHBOARD_SCHEMA,
          migrations: DASHBOARD_MIGRATIONS,
          poolSize: config.database.poolSize,
          applicationName: 'dashboard',
          runMigrations: config.runMigrations,
        }),
        MessagingModule.forService({
          service: 'dashboard',
          schema: DASHBOARD_SCHEMA,
          config: config.messaging,
        }),
        AuthModule.forService(DASHBOARD_SCHEMA),
        DashboardModule.register(config),
      ],
    };
  }
}
