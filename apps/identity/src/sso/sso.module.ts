import { Module } from '@nestjs/common';
import { DestinationPolicy, SecretBox } from '@governance/platform';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { PeopleModule } from '../people/people.module';
import { OpenIdProviders, SSO_DESTINATIONS } from './openid-providers';
import { SsoDns } from './sso-dns';
import { SsoRepository } from './sso.repository';
import { SsoSettingsController } from './sso-settings.controller';
import { SSO_SECRET_BOX, SsoSettingsService } from './sso-settings.service';
import { SsoSignInController } from './sso-sign-in.controller';
import { SsoSignInService } from './sso-sign-in.service';

/** SSO with OpenID Connect: each organization's configuration, and sign-in through its provider. */
@Module({
  imports: [PeopleModule],
  controllers: [SsoSettingsController, SsoSignInController],
  providers: [
    {
      provide: SSO_SECRET_BOX,
      inject: [IDENTITY_CONFIG],
      useFactory: (config: IdentityConfig) =>
        config.secretsEncryptionKey ? new SecretBox(config.secretsEncryptionKey) : null,
    },
    SsoDns,
    {
      provide: SSO_DESTINATIONS,
      inject: [IDENTITY_CONFIG, SsoDns],
      useFactory: (config: IdentityConfig, dns: SsoDns) =>
        new DestinationPolicy({
          allowPrivateTargets: config.sso.allowPrivateIssuers,
          allowHttp: config.sso.allowHttpIssuers,
          resolveHost: dns.addresses,
        }),
    },
    OpenIdProviders,
    SsoRepository,
    SsoSettingsService,
    SsoSignInService,
  ],
  exports: [SsoRepository],
})
export class SsoModule {}
