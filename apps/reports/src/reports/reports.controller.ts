import {
  Body,
  Controller,
  Get,
  HttpStatus,
  type MessageEvent,
  Param,
  Post,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AuthGuard, RequirePermission, OrganizationId } from '@governance/auth';
import { LiveChanges } from '@governance/persistence';
import { ApiJsonResponse, ApiKeyAuth, Endpoint, Id, LiveStream } from '@governance/platform';
import { type Observable } from 'rxjs';
import { type FastifyReply } from 'fastify';
import { CreateReportDto, ListReportsQuery, QueuedReport, ReportPage, ReportResponse } from './report.dto';
import { examples } from './reports.openapi';
import { ReportsService } from './reports.service';

/** Open to every plan; each answer covers the caller's organization only. */
@Controller('api/service/reports')
@UseGuards(AuthGuard)
@ApiTags('Reports')
@ApiKeyAuth()
export class ReportsController {
  constructor(
    private readonly reports: ReportsService,
    private readonly live: LiveChanges,
  ) {}

  @RequirePermission('reports:write')
  @Post()
  @Endpoint({
    summary: 'Generate a report',
    description:
      'Queues a compliance, system, assessment or executive report as PDF, CSV or JSON, built from the ' +
      "organization's events. Poll GET /api/service/reports/{id} until `status` is `complete`.",
    body: [CreateReportDto, examples.create],
    answer: [202, 'The report is queued.', QueuedReport, examples.queued],
    errors: [[404, '`not_found`: `system_id` or `assessment_id` is unknown to the organization.']],
  })
  create(@OrganizationId() organizationId: string, @Body() body: CreateReportDto): Promise<QueuedReport> {
    return this.reports.create(organizationId, body);
  }

  @RequirePermission('reports:read')
  @Get()
  @Endpoint({
    summary: 'List reports',
    description: "The organization's reports, newest first.",
    query: ListReportsQuery,
    answer: [200, 'One page of reports.', ReportPage, examples.page],
  })
  list(@OrganizationId() organizationId: string, @Query() query: ListReportsQuery): Promise<ReportPage> {
    return this.reports.list(organizationId, query);
  }

  @RequirePermission('reports:read')
  @LiveStream('stream', ['reports'], {
    summary: 'Follow reports live',
    description: 'Tells the console when a report started, completed or failed (`reports`).',
  })
  stream(@OrganizationId() organizationId: string): Observable<MessageEvent> {
    return this.live.stream(organizationId, ['reports']);
  }

  /** Where `assessment.complete`'s `report_url` points: 303 to the file when ready, else 202 with the record. */
  @RequirePermission('reports:read')
  @Get('assessments/:assessmentId')
  @Endpoint({
    summary: 'Open the report of an assessment',
    description:
      "Where `assessment.complete`'s `report_url` points. 303 to a fresh signed download link once the PDF " +
      'is ready; 202 with the report while it is queued or running; 200 with it when generation failed.',
    answer: [202, 'The report is not ready yet.', ReportResponse, examples.pending],
    errors: [404],
  })
  @ApiParam({ name: 'assessmentId', description: 'The assessment id.', schema: Id('asmnt') })
  @ApiResponse({ status: 303, description: 'The report is ready: `Location` is its signed download link.' })
  @ApiJsonResponse(200, 'Generation failed; `error` says why.', ReportResponse)
  async assessmentReport(
    @OrganizationId() organizationId: string,
    @Param('assessmentId') assessmentId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ReportResponse | undefined> {
    const answer = await this.reports.assessmentReport(organizationId, assessmentId);
    if ('redirect' in answer) {
      void reply.status(HttpStatus.SEE_OTHER).header('location', answer.redirect);
      return undefined;
    }
    const status = answer.pending.status === 'failed' ? HttpStatus.OK : HttpStatus.ACCEPTED;
    void reply.status(status);
    return answer.pending;
  }

  @RequirePermission('reports:read')
  @Get(':id')
  @Endpoint({
    summary: 'Get a report',
    description: 'Its status and, once complete, a signed download link.',
    id: ['report', 'rpt'],
    answer: [200, 'The report.', ReportResponse, examples.report],
  })
  get(@OrganizationId() organizationId: string, @Param('id') id: string): Promise<ReportResponse> {
    return this.reports.get(organizationId, id);
  }
}
