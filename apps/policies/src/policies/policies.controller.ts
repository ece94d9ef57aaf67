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
import { ApiKeyGuard, type AuthenticatedOrganization, CurrentOrganization } from '@governance/auth';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import {
  CreatePolicyDto,
  type FrameworkImportResponse,
  ListPoliciesQuery,
  type PolicyPageResponse,
  type PolicyResponse,
} from './policy.dto';
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
export class PoliciesController {
  constructor(private readonly policies: PoliciesService) {}

  @Get()
  list(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Query() query: ListPoliciesQuery,
  ): Promise<PolicyPageResponse> {
    return this.policies.list(organization.id, query);
  }

  @Post()
  @HttpCode(HttpStatus.CREATED)
  create(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Body() body: CreatePolicyDto,
  ): Promise<PolicyResponse> {
    return this.policies.create(organization.id, body);
  }

  @Get(':id')
  get(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Param('id') id: string,
  ): Promise<PolicyResponse> {
    return this.policies.get(organization.id, id);
  }

  @Patch(':id/enforcement')
  setEnforcement(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Param('id') id: string,
    @OptionalBody() body: unknown,
  ): Promise<PolicyResponse> {
    return this.policies.setEnforcement(organization.id, id, body);
  }

  /** 201 when the import created at least one policy; 200 when everything was already imported. */
  @Post('frameworks/:id/import')
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
