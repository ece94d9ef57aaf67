import {
  Body,
  Controller,
  createParamDecorator,
  Delete,
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
  DeletePolicyQuery,
  FrameworkImportResponse,
  ListPoliciesQuery,
  ModeBody,
  PolicyPageResponse,
  PolicyResponse,
  UpdatePolicyDto,
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
  @Patch(':id')
  @Endpoint({
    summary: 'Update a policy',
    description:
      'Changes the given fields only, each checked as at creation (the rule by the same validator); ' +
      '`null` clears the description. `status: disabled` stops its enforcement and its sync to probes; ' +
      '`active` resumes them. Send the `version` you read to refuse a change made since (409). A change ' +
      'of nothing answers the policy as it is, at the same version.',
    id: ['policy', 'pol'],
    body: [UpdatePolicyDto, examples.update],
    answer: [200, 'The policy, at its new version when something changed.', PolicyResponse, examples.updated],
    errors: [
      [
        409,
        '`conflict`: another policy has this name (`details.field` is `name`), or the policy changed since ' +
          '`version` (`details.current_version` says to what).',
      ],
    ],
  })
  update(
    @OrganizationId() organizationId: string,
    @Param('id') id: string,
    @Body() body: UpdatePolicyDto,
  ): Promise<PolicyResponse> {
    return this.policies.update(organizationId, id, body);
  }

  @RequirePermission('policies:write')
  @Delete(':id')
  @Endpoint({
    summary: 'Delete a policy',
    description:
      'The policy leaves every list and every probe’s policy set, and no telemetry is checked against it ' +
      'any more. Violations it raised keep their history, and its name can be used again. `version` ' +
      'refuses the deletion of a policy changed since (409); `reason` goes to the audit trail.',
    id: ['policy', 'pol'],
    query: DeletePolicyQuery,
    answer: [204, 'Deleted.'],
    errors: [[409, '`conflict`: the policy changed since `version` (`details.current_version`).']],
  })
  delete(
    @OrganizationId() organizationId: string,
    @Param('id') id: string,
    @Query() query: DeletePolicyQuery,
  ): Promise<void> {
    return this.policies.delete(organizationId, id, query);
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
