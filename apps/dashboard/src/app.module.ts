import { type DynamicModule, Module } from '@nestjs/common';
import { AuthModule } from '@governance/auth';
import { MessagingModule } from '@governance/messaging';
import { PersistenceModule } from '@governance/persistence';
import { type Logger, PlatformModule } from '@governance/platform';
import { type DashboardConfig } from './config';
import { DashboardModule } from './dashboard.module';
import { DashboardInitial1764200000000 } from './migrations/1764200000000-dashboard-initial';
import { DashboardOpenFindings1764300000000 } from './migrations/1764300000000-dashboard-open-findings';

export const DASHBOARD_SCHEMA = 'dashboard';

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
          migrations: [DashboardInitial1764200000000, DashboardOpenFindings1764300000000],
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
