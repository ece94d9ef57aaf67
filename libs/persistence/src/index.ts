export { type DatabaseConfig, readDatabaseConfig } from './database-config';
export { startEmbeddedPostgres, type RunningPostgres } from './embedded-postgres';
export { prepareEmbeddedMode } from './embedded-mode';
export {
  createServiceDataSource,
  migrate,
  assertSchemaName,
  poolSizeOf,
  type ServiceDataSourceOptions,
} from './data-source';
export { PersistenceModule, type PersistenceOptions } from './persistence.module';
export { runServiceProcess, describeStartFailure } from './run-service';
export { type ServiceMigrations } from './migrate-service';
export { SqlConditions } from './sql-conditions';
