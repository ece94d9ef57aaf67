import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Patch,
  Post,
  Query,
  UseGuards,
} from '@nestjs/common';
import { ApiKeyGuard, type AuthenticatedOrganization, CurrentOrganization } from '@governance/auth';
import {
  CreateSystemDto,
  ListSystemsQuery,
  type SystemDetailResponse,
  type SystemPageResponse,
  type SystemResponse,
  UpdateSystemDto,
} from './system.dto';
import { SystemsService } from './systems.service';

/** Open to every plan: the inventory is the base of everything else. */
@Controller('api/service/systems')
@UseGuards(ApiKeyGuard)
export class SystemsController {
  constructor(private readonly systems: SystemsService) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  create(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Body() body: CreateSystemDto,
  ): Promise<SystemResponse> {
    return this.systems.create(organization.id, body);
  }

  @Get()
  list(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Query() query: ListSystemsQuery,
  ): Promise<SystemPageResponse> {
    return this.systems.list(organization.id, query);
  }

  @Get(':id')
  get(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Param('id') id: string,
  ): Promise<SystemDetailResponse> {
    return this.systems.get(organization.id, id);
  }

  @Patch(':id')
  update(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Param('id') id: string,
    @Body() body: UpdateSystemDto,
  ): Promise<SystemResponse> {
    return this.systems.update(organization.id, id, body);
  }
}
