import { Body, Controller, HttpCode, HttpStatus, Param, Post, UseGuards } from '@nestjs/common';
import { AdminTokenGuard } from './admin-token.guard';
import { type ApiKeyResponse, CreateOrganizationDto, type OrganizationResponse } from './organization.dto';
import { OrganizationsService } from './organizations.service';

@Controller('admin/v1/organizations')
@UseGuards(AdminTokenGuard)
export class AdminController {
  constructor(private readonly organizations: OrganizationsService) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  create(@Body() body: CreateOrganizationDto): Promise<OrganizationResponse> {
    return this.organizations.createOrganization(body.name, body.plan);
  }

  @Post(':id/api-keys')
  @HttpCode(HttpStatus.CREATED)
  createApiKey(@Param('id') organizationId: string): Promise<ApiKeyResponse> {
    return this.organizations.createApiKey(organizationId);
  }
}
