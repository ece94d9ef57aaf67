import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AuthGuard, RequirePermission } from '@governance/auth';
import { ApiKeyAuth, Endpoint } from '@governance/platform';
import { FrameworkCatalog } from './framework-catalog';
import { TemplateList } from './template.dto';
import { templatesExample } from './templates.openapi';

/** The frameworks a document can be assessed against; the same for every organization and plan. */
@Controller('api/service/assess/templates')
@UseGuards(AuthGuard)
@ApiTags('Assess')
@ApiKeyAuth()
export class TemplatesController {
  constructor(private readonly catalog: FrameworkCatalog) {}

  @RequirePermission('assessments:read')
  @Get()
  @Endpoint({
    summary: 'List templates',
    description: 'The frameworks a document can be assessed against.',
    answer: [200, 'Every framework.', TemplateList, templatesExample],
  })
  list(): TemplateList {
    return { data: this.catalog.templates() };
  }
}
