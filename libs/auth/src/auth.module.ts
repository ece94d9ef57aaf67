import { type DynamicModule, Module } from '@nestjs/common';
import { ApiKeyGuard } from './api-key.guard';
import { CredentialCache } from './credential-cache';
import { AUTH_SCHEMA, TenantDirectoryRepository } from './tenant-directory.repository';
import { TenantReplicaConsumer } from './tenant-replica.consumer';

/** Found credentials are trusted this long without a query; a new plan shows within it. */
const CREDENTIAL_CACHE_TTL_MS = 10_000;
const CREDENTIAL_CACHE_MAX_ENTRIES = 10_000;

/** API-key authentication backed by the service's own tenant replica, and the consumer that feeds it. */
@Module({})
export class AuthModule {
  static forService(schema: string): DynamicModule {
    return {
      module: AuthModule,
      global: true,
      controllers: [TenantReplicaConsumer],
      providers: [
        { provide: AUTH_SCHEMA, useValue: schema },
        {
          provide: CredentialCache,
          useFactory: () =>
            new CredentialCache({
              ttlMs: CREDENTIAL_CACHE_TTL_MS,
              maxEntries: CREDENTIAL_CACHE_MAX_ENTRIES,
            }),
        },
        TenantDirectoryRepository,
        ApiKeyGuard,
      ],
      exports: [TenantDirectoryRepository, ApiKeyGuard, CredentialCache],
    };
  }
}
