import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiKeyGuard } from '@governance/auth';
import { FrameworkCatalog, type TemplateResponse } from './framework-catalog';

/** The frameworks a document can be assessed against; the same for every organization and plan. */
@Controller('api/service/assess/templates')
@UseGuards(ApiKeyGuard)
export class TemplatesController {
  constructor(private readonly catalog: FrameworkCatalog) {}

  @Get()
  list(): { data: TemplateResponse[] } {
    return { data: this.catalog.templates() };
  }
}
