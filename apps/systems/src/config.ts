import { nothingOwn, readServiceConfig, type ServiceConfig } from '@governance/service';

/** The systems service has nothing to configure beyond what every service has. */
export type SystemsConfig = ServiceConfig<Record<never, never>>;

export function readSystemsConfig(source: NodeJS.ProcessEnv = process.env): SystemsConfig {
  return readServiceConfig(source, 'systems', nothingOwn);
}
