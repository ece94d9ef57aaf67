import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyGuard } from '@governance/auth';
import { ApiJsonResponse, ApiKeyAuth } from '@governance/platform';
import { FrameworkCatalog, type TemplateResponse } from './framework-catalog';
import { templateListSchema, templatesExample } from './templates.openapi';

/** The frameworks a document can be assessed against; the same for every organization and plan. */
@Controller('api/service/assess/templates')
@UseGuards(ApiKeyGuard)
@ApiTags('Assess')
@ApiKeyAuth()
export class TemplatesController {
  constructor(private readonly catalog: FrameworkCatalog) {}

  @Get()
  @ApiOperation({
    summary: 'List templates',
    description: 'The frameworks a document can be assessed against.',
  })
  @ApiJsonResponse(200, 'Every framework.', templateListSchema, templatesExample)
  list(): { data: TemplateResponse[] } {
    return { data: this.catalog.templates() };
  }
}
