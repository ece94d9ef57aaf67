import { defineService } from '@governance/service';
import { readTenancyConfig } from './config';
import { TenancyInitial1763800000000 } from './migrations/1763800000000-tenancy-initial';
import { ADMIN_TOKEN } from '@governance/platform';
import { OrganizationsModule } from './organizations/organizations.module';

/** The tenancy service: organizations, API keys and the admin API. It issues keys, so it checks none. */
export const tenancyService = defineService({
  name: 'tenancy',
  schema: 'tenancy',
  migrations: [TenancyInitial1763800000000],
  routes: ['/admin/v1'],
  readConfig: readTenancyConfig,
  authenticates: false,
  consumes: false,
  domain: (config) => ({
    imports: [OrganizationsModule],
    providers: [{ provide: ADMIN_TOKEN, useValue: config.adminToken }],
    exports: [ADMIN_TOKEN],
  }),
});

export const { createService } = tenancyService;
