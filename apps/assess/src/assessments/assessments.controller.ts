import { Controller, Get, HttpCode, HttpStatus, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ApiKeyGuard, type AuthenticatedOrganization, CurrentOrganization } from '@governance/auth';
import { RequestValidationPipe } from '@governance/platform';
import { type FastifyRequest } from 'fastify';
import { type AssessmentResponse, type FindingResponse } from './assessment-records';
import { SubmitDocumentDto } from './assessment.dto';
import { AssessmentsService, type QueuedResponse } from './assessments.service';
import { readDocumentUpload } from './document-upload';

const validation = new RequestValidationPipe();

/** Open to every plan. A document comes as JSON text or as an uploaded file (multipart/form-data). */
@Controller('api/service/assess')
@UseGuards(ApiKeyGuard)
export class AssessmentsController {
  constructor(private readonly assessments: AssessmentsService) {}

  @Post('document')
  @HttpCode(HttpStatus.ACCEPTED)
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
  get(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Param('id') id: string,
  ): Promise<AssessmentResponse> {
    return this.assessments.get(organization.id, id);
  }

  @Get(':id/findings')
  findings(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Param('id') id: string,
  ): Promise<{ data: FindingResponse[] }> {
    return this.assessments.findings(organization.id, id);
  }
}
