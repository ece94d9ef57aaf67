import { createServiceDataSource, migrate, type ServiceDataSourceOptions } from './data-source';

/** A service's own schema and its migrations in order, as its definition declares them. */
export type ServiceMigrations = Pick<ServiceDataSourceOptions, 'schema' | 'migrations'>;

/**
 * Applies a service's pending migrations, creating its schema, under the same advisory lock as a
 * migration at start, and closes its connections. Running it again once the schema is current changes
 * nothing.
 */
export async function migrateService(
  url: string,
  applicationName: string,
  service: ServiceMigrations,
): Promise<void> {
  const dataSource = createServiceDataSource({
    url,
    schema: service.schema,
    migrations: service.migrations,
    // One connection holds the lock while another runs the migrations.
    poolSize: 2,
    applicationName,
  });
  await dataSource.initialize();
  try {
    await migrate(dataSource, service.schema);
  } finally {
    await dataSource.destroy();
  }
}
