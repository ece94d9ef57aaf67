import {
  Body,
  Controller,
  Get,
  type MessageEvent,
  Param,
  Patch,
  Post,
  Query,
  UseGuards,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AuthGuard, RequirePermission, OrganizationId } from '@governance/auth';
import { LiveChanges } from '@governance/persistence';
import { ApiKeyAuth, Endpoint, LiveStream } from '@governance/platform';
import { type Observable } from 'rxjs';
import {
  CreateSystemDto,
  ListSystemsQuery,
  SystemDetailResponse,
  SystemPageResponse,
  SystemResponse,
  UpdateSystemDto,
} from './system.dto';
import { examples } from './systems.openapi';
import { SystemsService } from './systems.service';

/** Open to every plan: the inventory is the base of everything else. */
@Controller('api/service/systems')
@UseGuards(AuthGuard)
@ApiTags('Systems')
@ApiKeyAuth()
export class SystemsController {
  constructor(
    private readonly systems: SystemsService,
    private readonly live: LiveChanges,
  ) {}

  @RequirePermission('systems:write')
  @Post()
  @Endpoint({
    summary: 'Register a system',
    description: 'Adds a declared AI system to the inventory and announces `system.registered`.',
    body: [CreateSystemDto, examples.create],
    answer: [201, 'The registered system.', SystemResponse, examples.system],
    errors: [[409, '`conflict`: a system of this name already exists.']],
  })
  create(@OrganizationId() organizationId: string, @Body() body: CreateSystemDto): Promise<SystemResponse> {
    return this.systems.create(organizationId, body);
  }

  @RequirePermission('systems:read')
  @Get()
  @Endpoint({
    summary: 'List systems',
    description: 'The inventory, newest first, with optional filters; `q` searches names and descriptions.',
    query: ListSystemsQuery,
    answer: [200, 'One page of systems.', SystemPageResponse, examples.page],
  })
  list(
    @OrganizationId() organizationId: string,
    @Query() query: ListSystemsQuery,
  ): Promise<SystemPageResponse> {
    return this.systems.list(organizationId, query);
  }

  @RequirePermission('systems:read')
  @LiveStream('stream', ['systems', 'probes'], {
    summary: 'Follow the inventory live',
    description:
      'Tells the console when systems changed (`systems`: registered, discovered, adopted, edited) or ' +
      'their probes did (`probes`: registered, heartbeat, connection state).',
  })
  stream(@OrganizationId() organizationId: string): Observable<MessageEvent> {
    return this.live.stream(organizationId, ['systems', 'probes']);
  }

  @RequirePermission('systems:read')
  @Get(':id')
  @Endpoint({
    summary: 'Get a system',
    description: 'The system and the probes attached to it.',
    id: ['system', 'sys'],
    answer: [200, 'The system with its probes.', SystemDetailResponse, examples.detail],
  })
  get(@OrganizationId() organizationId: string, @Param('id') id: string): Promise<SystemDetailResponse> {
    return this.systems.get(organizationId, id);
  }

  @RequirePermission('systems:write')
  @Patch(':id')
  @Endpoint({
    summary: 'Update a system',
    description: 'Changes the given fields only; null clears an optional text field.',
    id: ['system', 'sys'],
    body: [UpdateSystemDto, examples.update],
    answer: [200, 'The updated system.', SystemResponse, examples.system],
    errors: [[409, '`conflict`: another system already has this name.']],
  })
  update(
    @OrganizationId() organizationId: string,
    @Param('id') id: string,
    @Body() body: UpdateSystemDto,
  ): Promise<SystemResponse> {
    return this.systems.update(organizationId, id, body);
  }
}
