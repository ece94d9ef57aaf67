import { type EnvReader } from '@governance/platform';

export interface DatabaseConfig {
  /** Unset means: start the embedded PostgreSQL kept under `dataDir`. */
  url: string | undefined;
  poolSize: number;
  dataDir: string;
  embeddedPort: number;
}

export function readDatabaseConfig(env: EnvReader): DatabaseConfig {
  return {
    url: env.optionalString('DATABASE_URL'),
    // One connection for a consumer batch's checkpoint and one for the work it does, at least.
    poolSize: env.int('DATABASE_POOL_SIZE', 10, { min: 2, max: 200 }),
    dataDir: env.string('DATA_DIR', '.data'),
    embeddedPort: env.int('EMBEDDED_POSTGRES_PORT', 54329, { min: 1, max: 65535 }),
  };
}
