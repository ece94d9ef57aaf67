export { type DatabaseConfig, readDatabaseConfig } from './database-config';
export { startEmbeddedPostgres, EmbeddedPostgresError, type RunningPostgres } from './embedded-postgres';
export { prepareEmbeddedMode } from './embedded-mode';
export {
  createServiceDataSource,
  migrate,
  assertSchemaName,
  type ServiceDataSourceOptions,
} from './data-source';
export { PersistenceModule, type PersistenceOptions } from './persistence.module';
export { runServiceProcess } from './run-service';
export { type ServiceMigrations } from './migrate-service';
