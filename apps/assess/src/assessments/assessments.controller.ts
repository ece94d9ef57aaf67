import { Controller, Get, type MessageEvent, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AuthGuard, RequirePermission, OrganizationId } from '@governance/auth';
import { LiveChanges } from '@governance/persistence';
import { ApiKeyAuth, dtoSchema, Endpoint, LiveStream, RequestValidationPipe } from '@governance/platform';
import { type Observable } from 'rxjs';
import { type FastifyRequest } from 'fastify';
import {
  AssessmentPage,
  AssessmentResponse,
  FindingList,
  ListAssessmentsQuery,
  QueuedResponse,
  SUBMIT_DOCUMENT_FORM,
  SubmitDocumentDto,
} from './assessment.dto';
import { examples } from './assessments.openapi';
import { AssessmentsService } from './assessments.service';
import { readDocumentUpload } from './document-upload';

const validation = new RequestValidationPipe();

/** Open to every plan. A document comes as JSON text or as an uploaded file (multipart/form-data). */
@Controller('api/service/assess')
@UseGuards(AuthGuard)
@ApiTags('Assess')
@ApiKeyAuth()
export class AssessmentsController {
  constructor(
    private readonly assessments: AssessmentsService,
    private readonly live: LiveChanges,
  ) {}

  @RequirePermission('assessments:write')
  @Post('document')
  @Endpoint({
    summary: 'Start an assessment',
    description:
      'Queues the assessment of a document against a framework, for a registered system that is not ' +
      'retired. The document comes as JSON text or as an uploaded file. Poll `GET /api/service/assess/{id}` ' +
      'until `complete` or `failed`; `assessment.complete` is announced too.',
    requestBody: {
      required: true,
      content: {
        'application/json': { schema: dtoSchema(SubmitDocumentDto), example: examples.submit },
        'multipart/form-data': { schema: SUBMIT_DOCUMENT_FORM },
      },
    },
    answer: [202, 'The assessment is queued.', QueuedResponse, examples.queued],
    errors: [
      400,
      [404, '`not_found`: no system with this `system_id`.'],
      [409, '`conflict`: the system is retired.'],
      [413, '`payload_too_large`: the document is larger than 10 MiB.'],
      [
        415,
        '`unsupported_media_type`: neither JSON nor a form, or a file that is not PDF, Word, Markdown or text.',
      ],
      [
        422,
        '`validation_failed`: the file cannot be read as the document it claims to be, or not within the ' +
          'limits on its size, inflation, memory and time; `details[0].message` says which.',
      ],
      [429, '`too_many_requests`: too many files are being read at once; see `Retry-After`.'],
    ],
  })
  async submit(
    @OrganizationId() organizationId: string,
    @Req() request: FastifyRequest,
  ): Promise<QueuedResponse> {
    if (request.isMultipart())
      return this.assessments.submitUpload(organizationId, await readDocumentUpload(request));
    // Validated here rather than by @Body(): the same route also takes a form, which has no JSON body.
    const body = (await validation.transform(request.body, {
      type: 'body',
      metatype: SubmitDocumentDto,
    })) as SubmitDocumentDto;
    return this.assessments.submit(organizationId, {
      systemId: body.system_id,
      framework: body.framework,
      title: body.document.title,
      content: body.document.content,
    });
  }

  @RequirePermission('assessments:read')
  @Get()
  @Endpoint({
    summary: 'List assessments',
    description:
      'The assessments of the organization, newest first, with optional filters. The document text is not ' +
      'kept; each finding keeps its evidence with the text around it.',
    query: ListAssessmentsQuery,
    answer: [200, 'One page of assessments.', AssessmentPage, examples.page],
  })
  list(
    @OrganizationId() organizationId: string,
    @Query() query: ListAssessmentsQuery,
  ): Promise<AssessmentPage> {
    return this.assessments.list(organizationId, query);
  }

  @RequirePermission('assessments:read')
  @LiveStream('stream', ['assessments'], {
    summary: 'Follow assessments live',
    description: 'Tells the console when an assessment started, completed or failed (`assessments`).',
  })
  stream(@OrganizationId() organizationId: string): Observable<MessageEvent> {
    return this.live.stream(organizationId, ['assessments']);
  }

  @RequirePermission('assessments:read')
  @Get(':id')
  @Endpoint({
    summary: 'Get an assessment',
    description: 'Its status while it runs, and its result once complete.',
    id: ['assessment', 'asmnt'],
    answer: [200, 'The assessment.', AssessmentResponse, examples.assessment],
  })
  get(@OrganizationId() organizationId: string, @Param('id') id: string): Promise<AssessmentResponse> {
    return this.assessments.get(organizationId, id);
  }

  @RequirePermission('assessments:read')
  @Get(':id/findings')
  @Endpoint({
    summary: 'List findings',
    description:
      'One finding per control, with how far the document meets it; empty until the assessment is complete.',
    id: ['assessment', 'asmnt'],
    answer: [200, 'The findings, in control order.', FindingList, examples.findings],
  })
  findings(@OrganizationId() organizationId: string, @Param('id') id: string): Promise<FindingList> {
    return this.assessments.findings(organizationId, id);
  }
}
