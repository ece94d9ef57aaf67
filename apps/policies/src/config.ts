import { nothingOwn, readServiceConfig, type ServiceConfig } from '@governance/service';

/** Policies have no time-dependent rules; the config is the common service settings only. */
export type PoliciesConfig = ServiceConfig<Record<never, never>>;

export function readPoliciesConfig(source: NodeJS.ProcessEnv = process.env): PoliciesConfig {
  return readServiceConfig(source, 'policies', nothingOwn);
}
