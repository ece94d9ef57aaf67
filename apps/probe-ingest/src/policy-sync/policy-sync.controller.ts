import { Controller, Get, Headers, HttpStatus, Query, Res, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AuthGuard, RequirePermission, OrganizationId } from '@governance/auth';
import { ApiKeyAuth, Endpoint } from '@governance/platform';
import { type FastifyReply } from 'fastify';
import { ifNoneMatchHits } from './policy-sync';
import { PolicySyncQuery, PolicySyncResponse } from './policy-sync.dto';
import { examples } from './policy-sync.openapi';
import { PolicySyncService } from './policy-sync.service';

@Controller('api/service/probe')
@UseGuards(AuthGuard)
@ApiTags('Probes')
@ApiKeyAuth()
export class PolicySyncController {
  constructor(private readonly policySync: PolicySyncService) {}

  /**
   * 200 with the probe's policy set and its ETag, or 304 when If-None-Match already names it. no-cache:
   * a cache may keep the answer but must ask again, since any policy change makes it stale.
   */
  @RequirePermission('probes:read')
  @Get('policy-sync')
  @Endpoint({
    summary: 'Get the active policies for a probe',
    description:
      'The active policies of the organization that apply to the probe’s system, with their rules and ' +
      'versions. Send the ETag back in If-None-Match: 304 while nothing changed.',
    query: PolicySyncQuery,
    answer: [
      200,
      'The probe’s policies; the ETag header names this version.',
      PolicySyncResponse,
      examples.sync,
    ],
    errors: [[404, '`not_found`: no probe with this `probe_id`.']],
  })
  @ApiHeader({ name: 'If-None-Match', required: false, description: 'The ETag of the last answer.' })
  @ApiResponse({ status: 304, description: 'Not modified: If-None-Match names the current version.' })
  async sync(
    @OrganizationId() organizationId: string,
    @Query() query: PolicySyncQuery,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PolicySyncResponse | undefined> {
    const { etag, body } = await this.policySync.sync(organizationId, query.probe_id);
    void reply.header('etag', etag).header('cache-control', 'private, no-cache');
    if (!ifNoneMatchHits(ifNoneMatch, etag)) return body;
    void reply.status(HttpStatus.NOT_MODIFIED);
    return undefined;
  }
}
