import { Body, Controller, Delete, Get, Put, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
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
      [409, '`conflict`: another organization’s SSO claims one of the email domains.'],
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
