import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors, ApiIdParam } from '@governance/platform';
import { type FastifyReply } from 'fastify';
import { MEDIA_TYPES, reportFileName } from './report-records';
import { ReportsService } from './reports.service';

/** No bearer key here: the signed link is the credential, so a report can be shared or opened in a browser. */
@Controller('api/service/reports')
@ApiTags('Reports')
export class ReportDownloadController {
  constructor(private readonly reports: ReportsService) {}

  @Get(':id/download')
  @ApiOperation({
    summary: 'Download a report',
    description:
      'The `download_url` of a complete report. No API key: the HMAC signature over the report id, its ' +
      'organization and the expiry is the credential. Served as an attachment.',
  })
  @ApiIdParam('report', 'rpt')
  @ApiQuery({
    name: 'expires',
    required: true,
    description: 'Unix seconds.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  })
  @ApiQuery({
    name: 'signature',
    required: true,
    description: 'HMAC-SHA256, lower-case hex.',
    schema: { type: 'string', pattern: '^[0-9a-f]{64}$' },
  })
  @ApiResponse({
    status: 200,
    description: 'The report file.',
    content: {
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
      'text/csv': { schema: { type: 'string' } },
      'application/json': { schema: { type: 'object' } },
    },
  })
  @ApiErrors([403, '`forbidden`: the link is forged, altered or expired.'], 404)
  async download(
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { row, content } = await this.reports.download(id, {
      expires: query['expires'],
      signature: query['signature'],
    });
    const fileName = row.file_name ?? reportFileName(row.type, row.id, row.format);
    await reply
      .status(200)
      .header('content-type', MEDIA_TYPES[row.format])
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(content);
  }
}
