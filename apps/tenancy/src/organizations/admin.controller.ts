import { Body, Controller, HttpCode, HttpStatus, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ADMIN_TOKEN_AUTH,
  AdminTokenGuard,
  ApiErrors,
  ApiIdParam,
  ApiJsonBody,
  ApiJsonResponse,
} from '@governance/platform';
import { apiKeySchema, createOrganizationBody, examples, organizationSchema } from './admin.openapi';
import { type ApiKeyResponse, CreateOrganizationDto, type OrganizationResponse } from './organization.dto';
import { OrganizationsService } from './organizations.service';

@Controller('admin/v1/organizations')
@UseGuards(AdminTokenGuard)
@ApiTags('Admin')
@ApiBearerAuth(ADMIN_TOKEN_AUTH)
@ApiErrors([401, '`unauthorized`: the admin token is missing or wrong.'])
export class AdminController {
  constructor(private readonly organizations: OrganizationsService) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    summary: 'Create an organization',
    description: 'Creates an organization (a tenant) and its first API key, which the answer shows once.',
  })
  @ApiJsonBody(createOrganizationBody, examples.create)
  @ApiJsonResponse(201, 'The organization and its first API key.', organizationSchema, examples.organization)
  @ApiErrors(400, 413, 415)
  create(@Body() body: CreateOrganizationDto): Promise<OrganizationResponse> {
    return this.organizations.createOrganization(body.name, body.plan);
  }

  @Post(':id/api-keys')
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    summary: 'Issue an API key',
    description: 'Issues another API key for the organization; the earlier keys stay valid.',
  })
  @ApiIdParam('organization', 'org')
  @ApiJsonResponse(201, 'The new API key, shown once.', apiKeySchema, examples.apiKey)
  @ApiErrors(404)
  createApiKey(@Param('id') organizationId: string): Promise<ApiKeyResponse> {
    return this.organizations.createApiKey(organizationId);
  }
}
