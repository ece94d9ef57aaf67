export { issueApiKey, issueCredential, parseCredential, sha256Hex, secretMatches } from './api-key';
export * from './principal';
export * from './permissions';
export * from './credential-directory';
export { tenantReplicaTablesSql, dropTenantReplicaTablesSql } from './tenant-replica-tables';
export { ApiKeyGuard, RequirePlans } from './api-key.guard';
export { OrganizationId } from './organization-id.decorator';
export { AuthModule } from './auth.module';
