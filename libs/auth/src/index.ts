export { issueApiKey, issueCredential, parseCredential, sha256Hex, secretMatches } from './api-key';
export {
  tenantReplicaTablesSql,
  dropTenantReplicaTablesSql,
  PeopleReplica1765050000000,
  SessionBinding1765330000000,
} from './tenant-replica-tables';
export { sessionCredential } from './replica-directory';
export { AuthGuard, RequirePlans } from './auth.guard';
export { OrganizationId } from './organization-id.decorator';
export { AuthModule, type AuthOptions } from './auth.module';
export { CredentialCache } from './credential-cache';
export * from './principal';
export * from './permissions';
export * from './credential-directory';
