import { DataSource, type DataSourceOptions } from 'typeorm';

export interface ServiceDataSourceOptions {
  url: string;
  /** The service's own schema; nothing else writes to it. */
  schema: string;
  migrations: DataSourceOptions['migrations'];
  poolSize: number;
  applicationName: string;
}

const SCHEMA_NAME = /^[a-z][a-z0-9_]*$/;
/** One advisory lock for every migration run, so replicas and co-located services migrate one at a time. */
const MIGRATION_LOCK_KEY = 7_316_202;

export function assertSchemaName(schema: string): string {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`invalid schema name "${schema}"`);
  return schema;
}

export function createServiceDataSource(options: ServiceDataSourceOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url: options.url,
    schema: assertSchemaName(options.schema),
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    applicationName: options.applicationName,
    extra: { max: options.poolSize },
  });
}

/** The most connections `dataSource` opens at once: its pool's `max`, node-postgres's 10 unless set. */
export function poolSizeOf(dataSource: DataSource): number {
  const extra = dataSource.options.extra as { max?: unknown } | undefined;
  const poolSize = (dataSource.options as { poolSize?: unknown }).poolSize ?? extra?.max;
  return typeof poolSize === 'number' && poolSize > 0 ? poolSize : 10;
}

/** Creates the schema and applies pending migrations while holding the migration lock. */
export async function migrate(dataSource: DataSource, schema: string): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await runner.query(`CREATE SCHEMA IF NOT EXISTS ${assertSchemaName(schema)}`);
      await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await runner.release();
  }
}
