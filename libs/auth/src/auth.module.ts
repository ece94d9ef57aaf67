import { type DynamicModule, Module } from '@nestjs/common';
import { ApiKeyGuard } from './api-key.guard';
import { AUTH_SCHEMA } from './auth.tokens';
import { TenantDirectoryRepository } from './tenant-directory.repository';
import { TenantReplicaConsumer } from './tenant-replica.consumer';

/** API-key authentication backed by the service's own tenant replica, and the consumer that feeds it. */
@Module({})
export class AuthModule {
  static forService(schema: string): DynamicModule {
    return {
      module: AuthModule,
      global: true,
      controllers: [TenantReplicaConsumer],
      providers: [{ provide: AUTH_SCHEMA, useValue: schema }, TenantDirectoryRepository, ApiKeyGuard],
      exports: [TenantDirectoryRepository, ApiKeyGuard],
    };
  }
}
