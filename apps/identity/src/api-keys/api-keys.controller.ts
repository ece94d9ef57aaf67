import { Body, Controller, Delete, Get, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AuthGuard, CurrentPrincipal, type Principal, RequirePermission } from '@governance/auth';
import { ApiKeyAuth, Endpoint } from '@governance/platform';
import { ApiKeyPageResponse, CreateApiKeyDto, CreatedApiKeyResponse, ListApiKeysQuery } from './api-key.dto';
import { examples } from './api-keys.openapi';
import { ApiKeysService } from './api-keys.service';

const FORBIDDEN: [number, string] = [
  403,
  '`forbidden`: only owners and admins (or a `full` key) manage API keys.',
];

@Controller('api/service/api-keys')
@UseGuards(AuthGuard)
@ApiTags('API keys')
@ApiKeyAuth()
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Get()
  @RequirePermission('api_keys:read')
  @Endpoint({
    summary: 'List API keys',
    description:
      'The organization’s active keys, newest first; `include=revoked` lists revoked ones too. Secrets are ' +
      'never shown again.',
    query: ListApiKeysQuery,
    answer: [200, 'One page of keys.', ApiKeyPageResponse, examples.page],
    errors: [FORBIDDEN],
  })
  list(
    @CurrentPrincipal() principal: Principal,
    @Query() query: ListApiKeysQuery,
  ): Promise<ApiKeyPageResponse> {
    return this.keys.list(principal.organizationId, query);
  }

  @Post()
  @RequirePermission('api_keys:write')
  @Endpoint({
    summary: 'Create an API key',
    description:
      'Issues a key with a name and a scope: `full` acts as an admin, `read_only` as a viewer, `probe` calls ' +
      'the probe endpoints only. The answer shows the key once; it works at once on every service.',
    body: [CreateApiKeyDto, examples.create],
    answer: [201, 'The new key, shown once.', CreatedApiKeyResponse, examples.created],
    errors: [FORBIDDEN],
  })
  create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateApiKeyDto,
  ): Promise<CreatedApiKeyResponse> {
    return this.keys.create(principal, body);
  }

  @Delete(':id')
  @RequirePermission('api_keys:write')
  @Endpoint({
    summary: 'Revoke an API key',
    description:
      'Revokes the key: once this answers, every service refuses it. Revoking a key that is already revoked ' +
      'answers 404, as for an unknown key.',
    id: ['API key', 'key'],
    answer: [204, 'Revoked.'],
    errors: [FORBIDDEN],
  })
  revoke(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<void> {
    return this.keys.revoke(principal.organizationId, id);
  }
}
