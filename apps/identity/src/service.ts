import { AuthModule } from '@governance/auth';
import { authOptions, defineService } from '@governance/service';
import { IDENTITY_CONFIG, readIdentityConfig } from './config';
import { TenancyInitial1763800000000 } from './migrations/1763800000000-tenancy-initial';
import { IdentityPeople1765000000000 } from './migrations/1765000000000-identity-people';
import { IdentitySso1765200000000 } from './migrations/1765200000000-identity-sso';
import { IdentitySsoEndpointHosts1765310000000 } from './migrations/1765310000000-identity-sso-endpoint-hosts';
import { IdentitySsoDomainVerification1765320000000 } from './migrations/1765320000000-identity-sso-domain-verification';
import { IdentitySessionOrganization1765330000000 } from './migrations/1765330000000-identity-session-organization';
import { IdentitySessionIdleIndex1765340000000 } from './migrations/1765340000000-identity-session-idle-index';
import { IdentityAudit1765100000000 } from './migrations/1765100000000-identity-audit';
import { ADMIN_TOKEN } from '@governance/platform';
import { OrganizationSettingsModule } from './organization-settings/organization-settings.module';
import { OrganizationsModule } from './organizations/organizations.module';
import { IdentityDirectory } from './people/identity-directory';
import { PeopleModule } from './people/people.module';
import { SignInModule } from './sign-in/sign-in.module';
import { AuditModule } from './audit/audit.module';
import { createMailer, Mailer } from './mail/mailer';
import { MembersModule } from './members/members.module';
import { InvitationsModule } from './invitations/invitations.module';
import { ApiKeysModule } from './api-keys/api-keys.module';
import { SsoModule } from './sso/sso.module';

/**
 * The identity service: organizations, API keys, people and the admin API; it keeps the audit trail from
 * every service's audit events.
 */
export const identityService = defineService({
  name: 'identity',
  // Its data predates the name: the schema moves with the people tables (docs/decisions/0006).
  schema: 'tenancy',
  migrations: [
    TenancyInitial1763800000000,
    IdentityPeople1765000000000,
    IdentityAudit1765100000000,
    IdentitySso1765200000000,
    IdentitySsoEndpointHosts1765310000000,
    IdentitySsoDomainVerification1765320000000,
    IdentitySessionOrganization1765330000000,
    IdentitySessionIdleIndex1765340000000,
  ],
  routes: [
    '/admin/v1',
    '/api/service/members',
    '/api/service/invitations',
    '/api/service/api-keys',
    '/api/service/organization',
    '/api/service/sso',
    '/api/service/auth/sso',
    '/api/service/auth',
    '/api/service/audit',
  ],
  readConfig: readIdentityConfig,
  authenticates: false,
  domain: (config, logger) => ({
    imports: [
      // Identity checks credentials in its own tables, never cached: a revocation holds at once here.
      AuthModule.withDirectory(IdentityDirectory, {
        ...authOptions(config),
        allowedOrigins: [new URL(config.publicUrl).origin],
        credentialCacheTtlMs: 0,
      }),
      OrganizationsModule,
      PeopleModule,
      MembersModule,
      InvitationsModule,
      ApiKeysModule,
      OrganizationSettingsModule,
      SsoModule,
      SignInModule,
      AuditModule,
    ],
    providers: [
      { provide: ADMIN_TOKEN, useValue: config.adminToken },
      { provide: IDENTITY_CONFIG, useValue: config },
      { provide: Mailer, useValue: createMailer(config, logger) },
    ],
    exports: [ADMIN_TOKEN, IDENTITY_CONFIG, Mailer],
  }),
});

export const { createService } = identityService;
