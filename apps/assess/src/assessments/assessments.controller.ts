import { Controller, Get, HttpCode, HttpStatus, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyGuard, type AuthenticatedOrganization, CurrentOrganization } from '@governance/auth';
import {
  ApiErrors,
  ApiIdParam,
  ApiJsonResponse,
  ApiKeyAuth,
  RequestValidationPipe,
} from '@governance/platform';
import { type FastifyRequest } from 'fastify';
import { type AssessmentResponse, type FindingResponse } from './assessment-records';
import { SubmitDocumentDto } from './assessment.dto';
import {
  assessmentSchema,
  examples,
  findingListSchema,
  queuedSchema,
  submitDocumentForm,
  submitDocumentJson,
} from './assessments.openapi';
import { AssessmentsService, type QueuedResponse } from './assessments.service';
import { readDocumentUpload } from './document-upload';

const validation = new RequestValidationPipe();

/** Open to every plan. A document comes as JSON text or as an uploaded file (multipart/form-data). */
@Controller('api/service/assess')
@UseGuards(ApiKeyGuard)
@ApiTags('Assess')
@ApiKeyAuth()
export class AssessmentsController {
  constructor(private readonly assessments: AssessmentsService) {}

  @Post('document')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    summary: 'Start an assessment',
    description:
      'Queues the assessment of a document against a framework, for a registered system that is not ' +
      'retired. The document comes as JSON text or as an uploaded file. Poll `GET /api/service/assess/{id}` ' +
      'until `complete` or `failed`; `assessment.complete` is announced too.',
    requestBody: {
      required: true,
      content: {
        'application/json': { schema: submitDocumentJson, example: examples.submit },
        'multipart/form-data': { schema: submitDocumentForm },
      },
    },
  })
  @ApiJsonResponse(202, 'The assessment is queued.', queuedSchema, examples.queued)
  @ApiErrors(
    400,
    [404, '`not_found`: no system with this `system_id`.'],
    [409, '`conflict`: the system is retired.'],
    [413, '`payload_too_large`: the document is larger than 10 MiB.'],
    [
      415,
      '`unsupported_media_type`: neither JSON nor a form, or a file that is not PDF, Word, Markdown or text.',
    ],
    [422, '`validation_failed`: the file cannot be read as the document it claims to be.'],
  )
  async submit(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Req() request: FastifyRequest,
  ): Promise<QueuedResponse> {
    if (request.isMultipart())
      return this.assessments.submitUpload(organization.id, await readDocumentUpload(request));
    // Validated here rather than by @Body(): the same route also takes a form, which has no JSON body.
    const body = (await validation.transform(request.body, {
      type: 'body',
      metatype: SubmitDocumentDto,
    })) as SubmitDocumentDto;
    return this.assessments.submit(organization.id, {
      systemId: body.system_id,
      framework: body.framework,
      title: body.document.title,
      content: body.document.content,
    });
  }

  @Get(':id')
  @ApiOperation({
    summary: 'Get an assessment',
    description: 'Its status while it runs, and its result once complete.',
  })
  @ApiIdParam('assessment', 'asmnt')
  @ApiJsonResponse(200, 'The assessment.', assessmentSchema, examples.assessment)
  @ApiErrors(404)
  get(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Param('id') id: string,
  ): Promise<AssessmentResponse> {
    return this.assessments.get(organization.id, id);
  }

  @Get(':id/findings')
  @ApiOperation({
    summary: 'List findings',
    description:
      'One finding per control the document does not fully meet; empty until the assessment is complete.',
  })
  @ApiIdParam('assessment', 'asmnt')
  @ApiJsonResponse(200, 'The findings, in control order.', findingListSchema, examples.findings)
  @ApiErrors(404)
  findings(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Param('id') id: string,
  ): Promise<{ data: FindingResponse[] }> {
    return this.assessments.findings(organization.id, id);
  }
}
