import { type DynamicModule, Global, Module } from '@nestjs/common';
import { MessagingModule } from '@governance/messaging';
import { PersistenceModule } from '@governance/persistence';
import { ADMIN_TOKEN, type Logger, PlatformModule } from '@governance/platform';
import { type TenancyConfig } from './config';
import { TenancyInitial1763800000000 } from './migrations/1763800000000-tenancy-initial';
import { OrganizationsModule } from './organizations/organizations.module';

export const TENANCY_SCHEMA = 'tenancy';
/** Applied in this order at start (RUN_MIGRATIONS) or by `main.js migrate`, which then exits. */
export const TENANCY_MIGRATIONS = [TenancyInitial1763800000000];

@Global()
@Module({})
export class TenancyAppModule {
  static register(config: TenancyConfig, logger: Logger): DynamicModule {
    return {
      module: TenancyAppModule,
      imports: [
        PlatformModule.forService('tenancy', logger),
        PersistenceModule.forService({
          url: config.database.url,
          schema: TENANCY_SCHEMA,
          migrations: TENANCY_MIGRATIONS,
          poolSize: config.database.poolSize,
          applicationName: 'tenancy',
          runMigrations: config.runMigrations,
        }),
        MessagingModule.forService({
          service: 'tenancy',
          schema: TENANCY_SCHEMA,
          config: config.messaging,
          consumes: false,
        }),
        OrganizationsModule,
      ],
      providers: [{ provide: ADMIN_TOKEN, useValue: config.adminToken }],
      exports: [ADMIN_TOKEN],
    };
  }
}
