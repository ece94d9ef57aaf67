import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AuthGuard, OrganizationId, RequirePermission } from '@governance/auth';
import { ApiErrors, ApiKeyAuth, ApiQueryFrom, Endpoint } from '@governance/platform';
import { type FastifyReply } from 'fastify';
import { AuditExportQuery, AuditPageResponse, AuditQuery, AuditVerifyResponse } from './audit.dto';
import { examples } from './audit.openapi';
import { AuditTrailService } from './audit-trail.service';

const FORBIDDEN: [number, string] = [403, '`forbidden`: the role or key scope does not allow `audit:read`.'];

const EXPORT_MEDIA_TYPES = { csv: 'text/csv; charset=utf-8', json: 'application/json; charset=utf-8' };

/** The organization's audit trail: owners, admins and auditors read it (`audit:read`). */
@Controller('api/service/audit')
@UseGuards(AuthGuard)
@ApiTags('Audit')
@ApiKeyAuth()
export class AuditController {
  constructor(private readonly trail: AuditTrailService) {}

  @Get()
  @RequirePermission('audit:read')
  @Endpoint({
    summary: 'List the audit trail',
    description:
      'Every change made in the organization, by a person, an API key or a service, newest first. ' +
      'Filters combine; `from` is inclusive and `to` exclusive.',
    query: AuditQuery,
    answer: [200, 'One page of entries.', AuditPageResponse, examples.page],
    errors: [FORBIDDEN],
  })
  list(@OrganizationId() organizationId: string, @Query() query: AuditQuery): Promise<AuditPageResponse> {
    return this.trail.list(organizationId, query);
  }

  @Get('export')
  @RequirePermission('audit:read')
  @ApiOperation({
    summary: 'Export the audit trail',
    description:
      'Every matching entry, newest first, streamed as an attachment: CSV (a header row, RFC 4180) or ' +
      'one JSON array of the entries as the listing shows them. The JSON export keeps every value exact, ' +
      'so the hashes can be recomputed from it (docs/audit.md).',
  })
  @ApiQueryFrom(AuditExportQuery)
  @ApiResponse({
    status: 200,
    description: 'The entries as a file (`Content-Disposition: attachment`).',
    content: {
      'text/csv': { schema: { type: 'string' } },
      'application/json': { schema: { type: 'array', items: { type: 'object' } } },
    },
  })
  @ApiErrors(400, FORBIDDEN)
  async export(
    @OrganizationId() organizationId: string,
    @Query() query: AuditExportQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const stream = this.trail.export(organizationId, query, query.format);
    await reply
      .status(200)
      .header('content-type', EXPORT_MEDIA_TYPES[query.format])
      .header('content-disposition', `attachment; filename="audit-trail.${query.format}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(stream);
  }

  @Get('verify')
  @RequirePermission('audit:read')
  @Endpoint({
    summary: 'Verify the audit trail',
    description:
      'Recomputes the organization’s hash chain from its start (or the retention checkpoint) to its head. ' +
      '`ok: false` names the first broken link: an entry whose hash does not match its content ' +
      '(`hash_mismatch`), a missing entry (`missing_entry`), or an entry that does not name the hash ' +
      'of the one before it (`previous_hash_mismatch`).',
    answer: [200, 'Whether the chain holds.', AuditVerifyResponse, examples.verified],
    errors: [FORBIDDEN],
  })
  verify(@OrganizationId() organizationId: string): Promise<AuditVerifyResponse> {
    return this.trail.verify(organizationId);
  }
}
