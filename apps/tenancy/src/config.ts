import { readServiceConfig, type ServiceConfig } from '@governance/service';

export type TenancyConfig = ServiceConfig<{ adminToken: string }>;

export function readTenancyConfig(source: NodeJS.ProcessEnv = process.env): TenancyConfig {
  return readServiceConfig(source, 'tenancy', (env) => {
    const adminToken = env.optionalString('ADMIN_TOKEN');
    // Its length is checked with the messaging config, which every service reads.
    if (!adminToken) env.invalid('ADMIN_TOKEN is required');
    return { adminToken: adminToken ?? '' };
  });
}
