import { Body, Controller, Get, Patch, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AuthGuard, OrganizationId, RequirePermission } from '@governance/auth';
import { ApiKeyAuth, Endpoint } from '@governance/platform';
import { OrganizationSettingsResponse, UpdateOrganizationDto } from './organization-settings.dto';
import { examples } from './organization-settings.openapi';
import { OrganizationSettingsService } from './organization-settings.service';

@Controller('api/service/organization')
@UseGuards(AuthGuard)
@ApiTags('Organization')
@ApiKeyAuth()
export class OrganizationSettingsController {
  constructor(private readonly settings: OrganizationSettingsService) {}

  @RequirePermission('organization:read')
  @Get()
  @Endpoint({
    summary: 'Get the organization',
    description: 'The caller’s organization: its name, plan and an SSO summary.',
    answer: [200, 'The organization.', OrganizationSettingsResponse, examples.organization],
  })
  get(@OrganizationId() organizationId: string): Promise<OrganizationSettingsResponse> {
    return this.settings.get(organizationId);
  }

  @RequirePermission('organization:write')
  @Patch()
  @Endpoint({
    summary: 'Rename the organization',
    description: 'Changes the name, on every service from the next request on (`organization.updated`).',
    body: [UpdateOrganizationDto, examples.update],
    answer: [200, 'The renamed organization.', OrganizationSettingsResponse, examples.organization],
  })
  update(
    @OrganizationId() organizationId: string,
    @Body() body: UpdateOrganizationDto,
  ): Promise<OrganizationSettingsResponse> {
    return this.settings.rename(organizationId, body.name);
  }
}
