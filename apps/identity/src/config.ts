import { readServiceConfig, type ServiceConfig } from '@governance/service';

export type IdentityConfig = ServiceConfig<{ adminToken: string }>;

export function readIdentityConfig(source: NodeJS.ProcessEnv = process.env): IdentityConfig {
  return readServiceConfig(source, 'identity', (env) => {
    const adminToken = env.optionalString('ADMIN_TOKEN');
    // Its length is checked with the messaging config, which every service reads.
    if (!adminToken) env.invalid('ADMIN_TOKEN is required');
    return { adminToken: adminToken ?? '' };
  });
}
