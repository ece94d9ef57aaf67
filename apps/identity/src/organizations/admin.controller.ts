import { Body, Controller, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ADMIN_TOKEN_AUTH, AdminTokenGuard, ApiErrors, Endpoint } from '@governance/platform';
import { examples } from './admin.openapi';
import { ApiKeyResponse, CreateOrganizationDto, OrganizationResponse } from './organization.dto';
import { OrganizationsService } from './organizations.service';

@Controller('admin/v1/organizations')
@UseGuards(AdminTokenGuard)
@ApiTags('Admin')
@ApiBearerAuth(ADMIN_TOKEN_AUTH)
@ApiErrors([401, '`unauthorized`: the admin token is missing or wrong.'])
export class AdminController {
  constructor(private readonly organizations: OrganizationsService) {}

  @Post()
  @Endpoint({
    summary: 'Create an organization',
    description:
      'Creates an organization (a tenant) and its first API key, which the answer shows once. With ' +
      '`owner_email`, also a one-time setup link that makes that person its owner: emailed to them, and ' +
      'returned as `owner_setup_url` to pass on when no SMTP server is configured.',
    body: [CreateOrganizationDto, examples.create],
    answer: [201, 'The organization and its first API key.', OrganizationResponse, examples.organization],
  })
  create(@Body() body: CreateOrganizationDto): Promise<OrganizationResponse> {
    return this.organizations.createOrganization(body.name, body.plan, body.owner_email);
  }

  @Post(':id/api-keys')
  @Endpoint({
    summary: 'Issue an API key',
    description: 'Issues another API key for the organization; the earlier keys stay valid.',
    id: ['organization', 'org'],
    answer: [201, 'The new API key, shown once.', ApiKeyResponse, examples.apiKey],
  })
  createApiKey(@Param('id') organizationId: string): Promise<ApiKeyResponse> {
    return this.organizations.createApiKey(organizationId);
  }
}
