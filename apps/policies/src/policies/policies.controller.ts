import {
  Body,
  Controller,
  createParamDecorator,
  type ExecutionContext,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Patch,
  Post,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiKeyGuard, type AuthenticatedOrganization, CurrentOrganization } from '@governance/auth';
import { FRAMEWORK_KEYS } from '@governance/frameworks';
import {
  ApiErrors,
  ApiIdParam,
  ApiJsonBody,
  ApiJsonResponse,
  ApiKeyAuth,
  ApiQueryFrom,
} from '@governance/platform';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import {
  CreatePolicyDto,
  type FrameworkImportResponse,
  ListPoliciesQuery,
  type PolicyPageResponse,
  type PolicyResponse,
} from './policy.dto';
import {
  createPolicyBody,
  examples,
  frameworkImportSchema,
  modeBody,
  policyPageSchema,
  policySchema,
} from './policies.openapi';
import { PoliciesService } from './policies.service';

/**
 * The raw body, undefined when the request has none. The global validation pipe refuses a missing body;
 * here no body is meaningful (flip the mode, import with the default mode), so the service parses it.
 */
const OptionalBody = createParamDecorator(
  (_data: unknown, context: ExecutionContext): unknown =>
    context.switchToHttp().getRequest<FastifyRequest>().body,
);

/** Open to every plan: policies are part of the governance base. */
@Controller('api/service/policies')
@UseGuards(ApiKeyGuard)
@ApiTags('Policies')
@ApiKeyAuth()
export class PoliciesController {
  constructor(private readonly policies: PoliciesService) {}

  @Get()
  @ApiOperation({
    summary: 'List policies',
    description: 'The policies, newest first, with optional filters.',
  })
  @ApiQueryFrom(ListPoliciesQuery)
  @ApiJsonResponse(200, 'One page of policies.', policyPageSchema, examples.page)
  @ApiErrors(400)
  list(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Query() query: ListPoliciesQuery,
  ): Promise<PolicyPageResponse> {
    return this.policies.list(organization.id, query);
  }

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    summary: 'Create a policy',
    description: 'Creates a custom policy, active unless `status` says otherwise.',
  })
  @ApiJsonBody(createPolicyBody, examples.create)
  @ApiJsonResponse(201, 'The policy.', policySchema, examples.policy)
  @ApiErrors(400, [409, '`conflict`: a policy of this name already exists.'], 413, 415)
  create(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Body() body: CreatePolicyDto,
  ): Promise<PolicyResponse> {
    return this.policies.create(organization.id, body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a policy' })
  @ApiIdParam('policy', 'pol')
  @ApiJsonResponse(200, 'The policy.', policySchema, examples.policy)
  @ApiErrors(404)
  get(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Param('id') id: string,
  ): Promise<PolicyResponse> {
    return this.policies.get(organization.id, id);
  }

  @Patch(':id/enforcement')
  @ApiOperation({
    summary: 'Toggle the enforcement mode',
    description:
      'Sets the mode the body names, or flips BLOCK and WARN when there is no body. Setting the current ' +
      'mode changes nothing.',
  })
  @ApiIdParam('policy', 'pol')
  @ApiBody({ required: false, schema: { ...modeBody, example: examples.mode } })
  @ApiJsonResponse(200, 'The policy in its new mode.', policySchema, examples.toggled)
  @ApiErrors(400, 404, 413, 415)
  setEnforcement(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Param('id') id: string,
    @OptionalBody() body: unknown,
  ): Promise<PolicyResponse> {
    return this.policies.setEnforcement(organization.id, id, body);
  }

  /** 201 when the import created at least one policy; 200 when everything was already imported. */
  @Post('frameworks/:id/import')
  @ApiOperation({
    summary: 'Import a framework',
    description:
      'Creates a policy for each control of the framework that has a runtime rule and is not imported ' +
      'yet, in the mode the body names (WARN when there is no body). Importing again creates only what ' +
      'is missing.',
  })
  @ApiParam({
    name: 'id',
    description: 'The framework key, in any letter case.',
    schema: { type: 'string', enum: [...FRAMEWORK_KEYS] },
  })
  @ApiBody({ required: false, schema: { ...modeBody, example: examples.mode } })
  @ApiJsonResponse(201, 'At least one policy was created.', frameworkImportSchema, examples.imported)
  @ApiJsonResponse(200, 'Every policy of the framework was already imported.', frameworkImportSchema)
  @ApiErrors(400, [404, '`not_found`: no framework with this key.'], 409, 413, 415)
  async importFramework(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Param('id') id: string,
    @OptionalBody() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<FrameworkImportResponse> {
    const result = await this.policies.importFramework(organization.id, id, body);
    void reply.status(result.created_count > 0 ? HttpStatus.CREATED : HttpStatus.OK);
    return result;
  }
}
