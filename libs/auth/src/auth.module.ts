import { type DynamicModule, Module, type Provider, type Type } from '@nestjs/common';
import { AuthGuard, ALLOWED_ORIGINS, CSRF_COOKIE_NAME } from './auth.guard';
import { csrfCookieName } from './principal';
import { CredentialCache } from './credential-cache';
import { CredentialDirectory } from './credential-directory';
import { KEY_USAGE_REPORT_MS, KeyUsage } from './key-usage';
import { AUTH_SCHEMA, ReplicaDirectory } from './replica-directory';
import { TenantReplicaConsumer } from './tenant-replica.consumer';

export interface AuthOptions {
  /** Origins a session's state-changing requests may come from besides the request's own host. */
  allowedOrigins: readonly string[];
  /** How long a found credential is trusted without a query: it bounds how late a revocation reaches an
   * instance that did not consume the event itself. */
  credentialCacheTtlMs: number;
  keyUsageReportMs: number;
  /** Cookies are Secure (SECURE_COOKIES): the CSRF cookie then has the `__Host-` prefix. */
  secureCookies: boolean;
}

const CREDENTIAL_CACHE_MAX_ENTRIES = 10_000;

// What `@UseGuards(AuthGuard)` needs in whichever module the controller is.
const EXPORTS = [
  AuthGuard,
  CredentialCache,
  CredentialDirectory,
  KeyUsage,
  ALLOWED_ORIGINS,
  CSRF_COOKIE_NAME,
];

function providers(options: AuthOptions): Provider[] {
  return [
    { provide: ALLOWED_ORIGINS, useValue: options.allowedOrigins },
    { provide: CSRF_COOKIE_NAME, useValue: csrfCookieName(options.secureCookies) },
    { provide: KEY_USAGE_REPORT_MS, useValue: options.keyUsageReportMs },
    {
      provide: CredentialCache,
      useFactory: () =>
        new CredentialCache({
          ttlMs: options.credentialCacheTtlMs,
          maxEntries: CREDENTIAL_CACHE_MAX_ENTRIES,
        }),
    },
    KeyUsage,
    AuthGuard,
  ];
}

/** Authentication of keys and sessions, with permissions per route. */
@Module({})
export class AuthModule {
  /** For a service that replicates identity's events into `schema`. */
  static forService(schema: string, options: AuthOptions): DynamicModule {
    return {
      module: AuthModule,
      global: true,
      controllers: [TenantReplicaConsumer],
      providers: [
        ...providers(options),
        { provide: AUTH_SCHEMA, useValue: schema },
        ReplicaDirectory,
        { provide: CredentialDirectory, useExisting: ReplicaDirectory },
      ],
      exports: EXPORTS,
    };
  }

  /** For the identity service, which finds credentials in its own tables. */
  static withDirectory(directory: Type<CredentialDirectory>, options: AuthOptions): DynamicModule {
    return {
      module: AuthModule,
      global: true,
      providers: [...providers(options), { provide: CredentialDirectory, useClass: directory }],
      exports: EXPORTS,
    };
  }
}
