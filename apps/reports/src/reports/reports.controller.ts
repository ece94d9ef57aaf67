import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiKeyGuard, type AuthenticatedOrganization, CurrentOrganization } from '@governance/auth';
import {
  ApiErrors,
  ApiIdParam,
  ApiJsonBody,
  ApiJsonResponse,
  ApiKeyAuth,
  ApiQueryFrom,
  idSchema,
} from '@governance/platform';
import { type FastifyReply } from 'fastify';
import { CreateReportDto, ListReportsQuery } from './report.dto';
import { type ReportResponse } from './report-records';
import {
  createReportBody,
  examples,
  queuedReportSchema,
  reportPageSchema,
  reportSchema,
} from './reports.openapi';
import { type QueuedReport, ReportsService } from './reports.service';

/** Open to every plan; each answer covers the caller's organization only. */
@Controller('api/service/reports')
@UseGuards(ApiKeyGuard)
@ApiTags('Reports')
@ApiKeyAuth()
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Post()
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    summary: 'Generate a report',
    description:
      'Queues a compliance, system, assessment or executive report as PDF, CSV or JSON, built from the ' +
      "organization's events. Poll GET /api/service/reports/{id} until `status` is `complete`.",
  })
  @ApiJsonBody(createReportBody, examples.create)
  @ApiJsonResponse(202, 'The report is queued.', queuedReportSchema, examples.queued)
  @ApiErrors(400, 413, 415, [
    404,
    '`not_found`: `system_id` or `assessment_id` is unknown to the organization.',
  ])
  create(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Body() body: CreateReportDto,
  ): Promise<QueuedReport> {
    return this.reports.create(organization.id, body);
  }

  @Get()
  @ApiOperation({ summary: 'List reports', description: "The organization's reports, newest first." })
  @ApiQueryFrom(ListReportsQuery)
  @ApiJsonResponse(200, 'One page of reports.', reportPageSchema, examples.page)
  @ApiErrors(400)
  list(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Query() query: ListReportsQuery,
  ): Promise<{ data: ReportResponse[]; next_cursor: string | null }> {
    return this.reports.list(organization.id, query);
  }

  /** Where `assessment.complete`'s `report_url` points: 303 to the file when ready, else 202 with the record. */
  @Get('assessments/:assessmentId')
  @ApiOperation({
    summary: 'Open the report of an assessment',
    description:
      "Where `assessment.complete`'s `report_url` points. 303 to a fresh signed download link once the PDF " +
      'is ready; 202 with the report while it is queued or running; 200 with it when generation failed.',
  })
  @ApiParam({ name: 'assessmentId', description: 'The assessment id.', schema: idSchema('asmnt') })
  @ApiResponse({ status: 303, description: 'The report is ready: `Location` is its signed download link.' })
  @ApiJsonResponse(202, 'The report is not ready yet.', reportSchema, examples.pending)
  @ApiJsonResponse(200, 'Generation failed; `error` says why.', reportSchema)
  @ApiErrors(404)
  async assessmentReport(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Param('assessmentId') assessmentId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ReportResponse | undefined> {
    const answer = await this.reports.assessmentReport(organization.id, assessmentId);
    if ('redirect' in answer) {
      void reply.status(HttpStatus.SEE_OTHER).header('location', answer.redirect);
      return undefined;
    }
    const status = answer.pending.status === 'failed' ? HttpStatus.OK : HttpStatus.ACCEPTED;
    void reply.status(status);
    return answer.pending;
  }

  @Get(':id')
  @ApiOperation({
    summary: 'Get a report',
    description: 'Its status and, once complete, a signed download link.',
  })
  @ApiIdParam('report', 'rpt')
  @ApiJsonResponse(200, 'The report.', reportSchema, examples.report)
  @ApiErrors(404)
  get(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Param('id') id: string,
  ): Promise<ReportResponse> {
    return this.reports.get(organization.id, id);
  }
}
