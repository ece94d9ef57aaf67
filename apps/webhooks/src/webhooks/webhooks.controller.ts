import { Body, Controller, Delete, Get, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { WEBHOOK_PLANS } from '@governance/contracts';
import { AuthGuard, RequirePermission, OrganizationId, RequirePlans } from '@governance/auth';
import { ApiErrors, ApiKeyAuth, Endpoint, List } from '@governance/platform';
import {
  CreatedWebhookResponse,
  CreateWebhookDto,
  DeliveryPage,
  ListDeliveriesQuery,
  TestDeliveryResponse,
  TestWebhookDto,
  UpdateWebhookDto,
  WebhookResponse,
} from './webhook.dto';
import { examples } from './webhooks.openapi';
import { WebhooksService } from './webhooks.service';

@Controller('v1/webhooks')
@UseGuards(AuthGuard)
@RequirePlans(WEBHOOK_PLANS, 'Webhooks')
@ApiTags('Webhooks')
@ApiKeyAuth()
@ApiErrors(403)
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @RequirePermission('webhooks:write')
  @Post()
  @Endpoint({
    summary: 'Register a webhook',
    description:
      'Subscribes an HTTPS endpoint to event types. The answer carries the `signing_secret` of the ' +
      'delivery signatures, shown this once only. Professional, Federal and Embedded plans.',
    body: [CreateWebhookDto, examples.create],
    answer: [201, 'The webhook, with its signing secret.', CreatedWebhookResponse, examples.created],
    errors: [
      [422, '`url_not_allowed` (the url resolves to a non-public address) or `webhook_limit_reached`.'],
    ],
  })
  create(
    @OrganizationId() organizationId: string,
    @Body() body: CreateWebhookDto,
  ): Promise<CreatedWebhookResponse> {
    return this.webhooks.create(organizationId, body);
  }

  @RequirePermission('webhooks:read')
  @Get()
  @Endpoint({
    summary: 'List webhooks',
    description: 'Every webhook of the organization, oldest first.',
    answer: [200, 'The webhooks, without their signing secrets.', List(WebhookResponse), examples.list],
  })
  list(@OrganizationId() organizationId: string): Promise<{ data: WebhookResponse[] }> {
    return this.webhooks.list(organizationId);
  }

  @RequirePermission('webhooks:read')
  @Get(':id')
  @Endpoint({
    summary: 'Get a webhook',
    id: ['webhook', 'wh'],
    answer: [200, 'The webhook, without its signing secret.', WebhookResponse, examples.webhook],
  })
  get(@OrganizationId() organizationId: string, @Param('id') id: string): Promise<WebhookResponse> {
    return this.webhooks.get(organizationId, id);
  }

  @RequirePermission('webhooks:write')
  @Patch(':id')
  @Endpoint({
    summary: 'Update a webhook',
    description: 'Changes the given fields only; `active: false` pauses the deliveries.',
    id: ['webhook', 'wh'],
    body: [UpdateWebhookDto, examples.update],
    answer: [200, 'The updated webhook.', WebhookResponse, examples.webhook],
    errors: [[422, '`url_not_allowed`: the url resolves to a non-public address.']],
  })
  update(
    @OrganizationId() organizationId: string,
    @Param('id') id: string,
    @Body() body: UpdateWebhookDto,
  ): Promise<WebhookResponse> {
    return this.webhooks.update(organizationId, id, body);
  }

  @RequirePermission('webhooks:write')
  @Delete(':id')
  @Endpoint({
    summary: 'Delete a webhook',
    description: 'No new deliveries are made to it.',
    id: ['webhook', 'wh'],
    answer: [204, 'Deleted.'],
  })
  delete(@OrganizationId() organizationId: string, @Param('id') id: string): Promise<void> {
    return this.webhooks.delete(organizationId, id);
  }

  @RequirePermission('webhooks:write')
  @Post(':id/test')
  @Endpoint({
    summary: 'Send a test delivery',
    description:
      'Sends a sample payload of the event type, with invented data, to the webhook url now, signed with ' +
      'the real signing secret, and answers with the outcome, failed attempts included. It shows in the ' +
      'delivery log as `test`.',
    id: ['webhook', 'wh'],
    body: [TestWebhookDto, examples.test],
    answer: [200, 'The outcome of the single attempt.', TestDeliveryResponse, examples.testDelivery],
  })
  test(
    @OrganizationId() organizationId: string,
    @Param('id') id: string,
    @Body() body: TestWebhookDto,
  ): Promise<TestDeliveryResponse> {
    return this.webhooks.sendTest(organizationId, id, body.event);
  }

  @RequirePermission('webhooks:read')
  @Get(':id/deliveries')
  @Endpoint({
    summary: 'List deliveries',
    description:
      'The delivery log of the last 30 days, newest first: each delivery with its outcome and attempts.',
    id: ['webhook', 'wh'],
    query: ListDeliveriesQuery,
    answer: [200, 'One page of deliveries.', DeliveryPage, examples.deliveries],
  })
  deliveries(
    @OrganizationId() organizationId: string,
    @Param('id') id: string,
    @Query() query: ListDeliveriesQuery,
  ): Promise<DeliveryPage> {
    return this.webhooks.listDeliveries(organizationId, id, query);
  }
}
