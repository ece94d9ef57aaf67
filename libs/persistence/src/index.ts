export { type DatabaseConfig, readDatabaseConfig } from './database-config';
export { startEmbeddedPostgres, type RunningPostgres } from './embedded-postgres';
export { prepareEmbeddedMode } from './embedded-mode';
export { createServiceDataSource, migrate, assertSchemaName, poolSizeOf } from './data-source';
export { PersistenceModule } from './persistence.module';
export { runServiceProcess, describeStartFailure } from './run-service';
export { SqlConditions } from './sql-conditions';
export { LiveChanges, LiveChangesModule, type LiveOptions } from './live-changes';
export { unnestColumns } from './unnest-columns';
