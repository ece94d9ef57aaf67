import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Patch,
  Post,
  Query,
  UseGuards,
} from '@nestjs/common';
import { WEBHOOK_PLANS } from '@governance/contracts';
import {
  ApiKeyGuard,
  type AuthenticatedOrganization,
  CurrentOrganization,
  RequirePlans,
} from '@governance/auth';
import {
  type CreatedWebhookResponse,
  CreateWebhookDto,
  type DeliveryResponse,
  ListDeliveriesQuery,
  type TestDeliveryResponse,
  TestWebhookDto,
  UpdateWebhookDto,
  type WebhookResponse,
} from './webhook.dto';
import { WebhooksService } from './webhooks.service';

@Controller('v1/webhooks')
@UseGuards(ApiKeyGuard)
@RequirePlans(WEBHOOK_PLANS, 'Webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  create(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Body() body: CreateWebhookDto,
  ): Promise<CreatedWebhookResponse> {
    return this.webhooks.create(organization.id, body);
  }

  @Get()
  list(@CurrentOrganization() organization: AuthenticatedOrganization): Promise<{ data: WebhookResponse[] }> {
    return this.webhooks.list(organization.id);
  }

  @Get(':id')
  get(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Param('id') id: string,
  ): Promise<WebhookResponse> {
    return this.webhooks.get(organization.id, id);
  }

  @Patch(':id')
  update(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Param('id') id: string,
    @Body() body: UpdateWebhookDto,
  ): Promise<WebhookResponse> {
    return this.webhooks.update(organization.id, id, body);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  delete(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Param('id') id: string,
  ): Promise<void> {
    return this.webhooks.delete(organization.id, id);
  }

  @Post(':id/test')
  @HttpCode(HttpStatus.OK)
  test(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Param('id') id: string,
    @Body() body: TestWebhookDto,
  ): Promise<TestDeliveryResponse> {
    return this.webhooks.sendTest(organization.id, id, body.event);
  }

  @Get(':id/deliveries')
  deliveries(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Param('id') id: string,
    @Query() query: ListDeliveriesQuery,
  ): Promise<{ data: DeliveryResponse[]; next_cursor: string | null }> {
    return this.webhooks.listDeliveries(organization.id, id, query);
  }
}
