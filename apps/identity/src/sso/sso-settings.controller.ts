import { Body, Controller, Delete, Get, Param, Post, Put, UseGuards } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { AuthGuard, OrganizationId, RequirePermission } from '@governance/auth';
import { ApiKeyAuth, Endpoint } from '@governance/platform';
import { examples } from './sso.openapi';
import { PutSsoConfigurationDto, SsoConfigurationResponse } from './sso.dto';
import { SsoSettingsService } from './sso-settings.service';

const NOT_CONFIGURED: [number, string] = [404, '`not_found`: the organization has no SSO configuration.'];

@Controller('api/service/sso')
@UseGuards(AuthGuard)
@ApiTags('SSO')
@ApiKeyAuth()
export class SsoSettingsController {
  constructor(private readonly settings: SsoSettingsService) {}

  @RequirePermission('organization:read')
  @Get()
  @Endpoint({
    summary: 'Get the SSO configuration',
    description: 'The organization’s OpenID Connect configuration; the client secret is never returned.',
    answer: [200, 'The SSO configuration.', SsoConfigurationResponse, examples.configuration],
    errors: [NOT_CONFIGURED],
  })
  get(@OrganizationId() organizationId: string): Promise<SsoConfigurationResponse> {
    return this.settings.get(organizationId);
  }

  @RequirePermission('organization:write')
  @Put()
  @Endpoint({
    summary: 'Configure SSO',
    description:
      'Creates or replaces the organization’s OpenID Connect configuration. An enabled configuration’s ' +
      'issuer is discovered first, so a wrong issuer is refused at once. Leave `client_secret` out to keep ' +
      'the stored one (not when the issuer changes). Register `redirect_uri` of the answer at the provider (docs/sso.md).',
    body: [PutSsoConfigurationDto, examples.put],
    answer: [200, 'The saved configuration.', SsoConfigurationResponse, examples.configuration],
    errors: [
      [400, '`validation_failed`: a bad field, or the issuer’s discovery failed (`details` names `issuer`).'],
      [409, '`conflict`: another organization’s SSO has verified one of the email domains.'],
      [503, '`service_unavailable`: the identity service has no `SECRETS_ENCRYPTION_KEY`.'],
    ],
  })
  put(
    @OrganizationId() organizationId: string,
    @Body() body: PutSsoConfigurationDto,
  ): Promise<SsoConfigurationResponse> {
    return this.settings.put(organizationId, body);
  }

  @RequirePermission('organization:write')
  @Post('domains/:domain/verify')
  @ApiParam({ name: 'domain', description: 'One of the configuration’s allowed email domains.' })
  @Endpoint({
    summary: 'Verify an SSO email domain',
    description:
      'Looks up the DNS TXT records at `_governance-challenge.<domain>`; when one is this organization’s ' +
      '`governance-domain-verification=<token>` (see `domain_verification` of the configuration), the domain ' +
      'is verified: from then on it routes and vouches for sign-ins here, and no other organization can ' +
      'claim it. Calling it for a verified domain changes nothing.',
    answer: [
      200,
      'The configuration, the domain verified.',
      SsoConfigurationResponse,
      examples.configuration,
    ],
    errors: [
      [400, '`validation_failed`: the TXT record is not there (yet); `details` names `domain`.'],
      [404, '`not_found`: the configuration does not claim this domain, or there is none.'],
      [409, '`conflict`: another organization’s SSO has verified this domain.'],
      [503, '`service_unavailable`: DNS did not answer.'],
    ],
  })
  verifyDomain(
    @OrganizationId() organizationId: string,
    @Param('domain') domain: string,
  ): Promise<SsoConfigurationResponse> {
    return this.settings.verifyDomain(organizationId, domain);
  }

  @RequirePermission('organization:write')
  @Delete()
  @Endpoint({
    summary: 'Remove the SSO configuration',
    description:
      'People who signed in with SSO stay members; they sign in with a password reset from now on.',
    answer: [204, 'Removed.'],
    errors: [NOT_CONFIGURED],
  })
  remove(@OrganizationId() organizationId: string): Promise<void> {
    return this.settings.remove(organizationId);
  }
}
