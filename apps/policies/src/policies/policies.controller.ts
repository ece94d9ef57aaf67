import {
  Body,
  Controller,
  createParamDecorator,
  type ExecutionContext,
  Get,
  HttpStatus,
  Param,
  Patch,
  Post,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiBody, ApiParam, ApiTags } from '@nestjs/swagger';
import { AuthGuard, RequirePermission, OrganizationId } from '@governance/auth';
import { FRAMEWORK_KEYS } from '@governance/frameworks';
import { ApiJsonResponse, ApiKeyAuth, Endpoint, StringEnum } from '@governance/platform';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import {
  CreatePolicyDto,
  FrameworkImportResponse,
  ListPoliciesQuery,
  ModeBody,
  PolicyPageResponse,
  PolicyResponse,
} from './policy.dto';
import { examples } from './policies.openapi';
import { PoliciesService } from './policies.service';

/** The raw body, or undefined: no body means something here, which the global validation pipe refuses. */
const OptionalBody = createParamDecorator(
  (_data: unknown, context: ExecutionContext): unknown =>
    context.switchToHttp().getRequest<FastifyRequest>().body,
);

/** Open to every plan: policies are part of the governance base. */
@Controller('api/service/policies')
@UseGuards(AuthGuard)
@ApiTags('Policies')
@ApiKeyAuth()
export class PoliciesController {
  constructor(private readonly policies: PoliciesService) {}

  @RequirePermission('policies:read')
  @Get()
  @Endpoint({
    summary: 'List policies',
    description: 'The policies, newest first, with optional filters.',
    query: ListPoliciesQuery,
    answer: [200, 'One page of policies.', PolicyPageResponse, examples.page],
  })
  list(
    @OrganizationId() organizationId: string,
    @Query() query: ListPoliciesQuery,
  ): Promise<PolicyPageResponse> {
    return this.policies.list(organizationId, query);
  }

  @RequirePermission('policies:write')
  @Post()
  @Endpoint({
    summary: 'Create a policy',
    description: 'Creates a custom policy, active unless `status` says otherwise.',
    body: [CreatePolicyDto, examples.create],
    answer: [201, 'The policy.', PolicyResponse, examples.policy],
    errors: [[409, '`conflict`: a policy of this name already exists.']],
  })
  create(@OrganizationId() organizationId: string, @Body() body: CreatePolicyDto): Promise<PolicyResponse> {
    return this.policies.create(organizationId, body);
  }

  @RequirePermission('policies:read')
  @Get(':id')
  @Endpoint({
    summary: 'Get a policy',
    id: ['policy', 'pol'],
    answer: [200, 'The policy.', PolicyResponse, examples.policy],
  })
  get(@OrganizationId() organizationId: string, @Param('id') id: string): Promise<PolicyResponse> {
    return this.policies.get(organizationId, id);
  }

  @RequirePermission('policies:write')
  @Patch(':id/enforcement')
  @Endpoint({
    summary: 'Toggle the enforcement mode',
    description:
      'Sets the mode the body names, or flips BLOCK and WARN when there is no body. Setting the current ' +
      'mode changes nothing.',
    id: ['policy', 'pol'],
    answer: [200, 'The policy in its new mode.', PolicyResponse, examples.toggled],
    errors: [400, 413, 415],
  })
  @ApiBody({ required: false, schema: { ...ModeBody, example: examples.mode } })
  setEnforcement(
    @OrganizationId() organizationId: string,
    @Param('id') id: string,
    @OptionalBody() body: unknown,
  ): Promise<PolicyResponse> {
    return this.policies.setEnforcement(organizationId, id, body);
  }

  /** 201 when the import created at least one policy; 200 when everything was already imported. */
  @RequirePermission('policies:write')
  @Post('frameworks/:id/import')
  @Endpoint({
    summary: 'Import a framework',
    description:
      'Creates a policy for each control of the framework that has a runtime rule and is not imported ' +
      'yet, in the mode the body names (WARN when there is no body). Importing again creates only what ' +
      'is missing.',
    answer: [201, 'At least one policy was created.', FrameworkImportResponse, examples.imported],
    errors: [400, [404, '`not_found`: no framework with this key.'], 409, 413, 415],
  })
  @ApiParam({
    name: 'id',
    description: 'The framework key, in any letter case.',
    schema: StringEnum(FRAMEWORK_KEYS),
  })
  @ApiBody({ required: false, schema: { ...ModeBody, example: examples.mode } })
  @ApiJsonResponse(200, 'Every policy of the framework was already imported.', FrameworkImportResponse)
  async importFramework(
    @OrganizationId() organizationId: string,
    @Param('id') id: string,
    @OptionalBody() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<FrameworkImportResponse> {
    const result = await this.policies.importFramework(organizationId, id, body);
    void reply.status(result.created_count > 0 ? HttpStatus.CREATED : HttpStatus.OK);
    return result;
  }
}
