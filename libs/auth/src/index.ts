export { issueApiKey } from './api-key';
export { tenantReplicaTablesSql, dropTenantReplicaTablesSql } from './tenant-replica-tables';
export { ApiKeyGuard, RequirePlans } from './api-key.guard';
export { OrganizationId } from './organization-id.decorator';
export { AuthModule } from './auth.module';
