import { readServiceConfig, type ServiceConfig } from '@governance/service';

export type TenancyConfig = ServiceConfig<{ adminToken: string }>;

export function readTenancyConfig(source: NodeJS.ProcessEnv = process.env): TenancyConfig {
  return readServiceConfig(source, 'tenancy', (env) => {
    const adminToken = env.optionalString('ADMIN_TOKEN');
    if (!adminToken) env.invalid('ADMIN_TOKEN is required');
    else if (adminToken.length < 16) env.invalid('ADMIN_TOKEN must be at least 16 characters');
    return { adminToken: adminToken ?? '' };
  });
}
