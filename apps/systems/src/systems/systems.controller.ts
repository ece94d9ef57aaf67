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
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyGuard, type AuthenticatedOrganization, CurrentOrganization } from '@governance/auth';
import {
  ApiErrors,
  ApiIdParam,
  ApiJsonBody,
  ApiJsonResponse,
  ApiKeyAuth,
  ApiQueryFrom,
} from '@governance/platform';
import {
  CreateSystemDto,
  ListSystemsQuery,
  type SystemDetailResponse,
  type SystemPageResponse,
  type SystemResponse,
  UpdateSystemDto,
} from './system.dto';
import {
  createSystemBody,
  examples,
  systemDetailSchema,
  systemPageSchema,
  systemSchema,
  updateSystemBody,
} from './systems.openapi';
import { SystemsService } from './systems.service';

/** Open to every plan: the inventory is the base of everything else. */
@Controller('api/service/systems')
@UseGuards(ApiKeyGuard)
@ApiTags('Systems')
@ApiKeyAuth()
export class SystemsController {
  constructor(private readonly systems: SystemsService) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    summary: 'Register a system',
    description: 'Adds a declared AI system to the inventory and announces `system.registered`.',
  })
  @ApiJsonBody(createSystemBody, examples.create)
  @ApiJsonResponse(201, 'The registered system.', systemSchema, examples.system)
  @ApiErrors(400, [409, '`conflict`: a system of this name already exists.'], 413, 415)
  create(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Body() body: CreateSystemDto,
  ): Promise<SystemResponse> {
    return this.systems.create(organization.id, body);
  }

  @Get()
  @ApiOperation({
    summary: 'List systems',
    description: 'The inventory, newest first, with optional filters; `q` searches names and descriptions.',
  })
  @ApiQueryFrom(ListSystemsQuery)
  @ApiJsonResponse(200, 'One page of systems.', systemPageSchema, examples.page)
  @ApiErrors(400)
  list(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Query() query: ListSystemsQuery,
  ): Promise<SystemPageResponse> {
    return this.systems.list(organization.id, query);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a system', description: 'The system and the probes attached to it.' })
  @ApiIdParam('system', 'sys')
  @ApiJsonResponse(200, 'The system with its probes.', systemDetailSchema, examples.detail)
  @ApiErrors(404)
  get(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Param('id') id: string,
  ): Promise<SystemDetailResponse> {
    return this.systems.get(organization.id, id);
  }

  @Patch(':id')
  @ApiOperation({
    summary: 'Update a system',
    description: 'Changes the given fields only; null clears an optional text field.',
  })
  @ApiIdParam('system', 'sys')
  @ApiJsonBody(updateSystemBody, examples.update)
  @ApiJsonResponse(200, 'The updated system.', systemSchema, examples.system)
  @ApiErrors(400, 404, [409, '`conflict`: another system already has this name.'], 413, 415)
  update(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Param('id') id: string,
    @Body() body: UpdateSystemDto,
  ): Promise<SystemResponse> {
    return this.systems.update(organization.id, id, body);
  }
}
