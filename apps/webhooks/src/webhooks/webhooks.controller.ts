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
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { WEBHOOK_PLANS } from '@governance/contracts';
import {
  ApiKeyGuard,
  type AuthenticatedOrganization,
  CurrentOrganization,
  RequirePlans,
} from '@governance/auth';
import {
  ApiErrors,
  ApiIdParam,
  ApiJsonBody,
  ApiJsonResponse,
  ApiKeyAuth,
  ApiQueryFrom,
} from '@governance/platform';
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
import {
  createdWebhookSchema,
  createWebhookBody,
  deliveryPageSchema,
  examples,
  testDeliverySchema,
  testWebhookBody,
  updateWebhookBody,
  webhookListSchema,
  webhookSchema,
} from './webhooks.openapi';
import { WebhooksService } from './webhooks.service';

@Controller('v1/webhooks')
@UseGuards(ApiKeyGuard)
@RequirePlans(WEBHOOK_PLANS, 'Webhooks')
@ApiTags('Webhooks')
@ApiKeyAuth()
@ApiErrors(403)
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    summary: 'Register a webhook',
    description:
      'Subscribes an HTTPS endpoint to event types. The answer carries the `signing_secret` of the ' +
      'delivery signatures, shown this once only. Professional, Federal and Embedded plans.',
  })
  @ApiJsonBody(createWebhookBody, examples.create)
  @ApiJsonResponse(201, 'The webhook, with its signing secret.', createdWebhookSchema, examples.created)
  @ApiErrors(400, 413, 415, [
    422,
    '`url_not_allowed` (the url resolves to a non-public address) or `webhook_limit_reached`.',
  ])
  create(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Body() body: CreateWebhookDto,
  ): Promise<CreatedWebhookResponse> {
    return this.webhooks.create(organization.id, body);
  }

  @Get()
  @ApiOperation({ summary: 'List webhooks', description: 'Every webhook of the organization, oldest first.' })
  @ApiJsonResponse(200, 'The webhooks, without their signing secrets.', webhookListSchema, examples.list)
  list(@CurrentOrganization() organization: AuthenticatedOrganization): Promise<{ data: WebhookResponse[] }> {
    return this.webhooks.list(organization.id);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a webhook' })
  @ApiIdParam('webhook', 'wh')
  @ApiJsonResponse(200, 'The webhook, without its signing secret.', webhookSchema, examples.webhook)
  @ApiErrors(404)
  get(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Param('id') id: string,
  ): Promise<WebhookResponse> {
    return this.webhooks.get(organization.id, id);
  }

  @Patch(':id')
  @ApiOperation({
    summary: 'Update a webhook',
    description: 'Changes the given fields only; `active: false` pauses the deliveries.',
  })
  @ApiIdParam('webhook', 'wh')
  @ApiJsonBody(updateWebhookBody, examples.update)
  @ApiJsonResponse(200, 'The updated webhook.', webhookSchema, examples.webhook)
  @ApiErrors(400, 404, 413, 415, [422, '`url_not_allowed`: the url resolves to a non-public address.'])
  update(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Param('id') id: string,
    @Body() body: UpdateWebhookDto,
  ): Promise<WebhookResponse> {
    return this.webhooks.update(organization.id, id, body);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Delete a webhook', description: 'No new deliveries are made to it.' })
  @ApiIdParam('webhook', 'wh')
  @ApiResponse({ status: 204, description: 'Deleted.' })
  @ApiErrors(404)
  delete(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Param('id') id: string,
  ): Promise<void> {
    return this.webhooks.delete(organization.id, id);
  }

  @Post(':id/test')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Send a test delivery',
    description:
      'Sends a sample payload of the event type, with invented data, to the webhook url now, signed with ' +
      'the real signing secret, and answers with the outcome, failed attempts included. It shows in the ' +
      'delivery log as `test`.',
  })
  @ApiIdParam('webhook', 'wh')
  @ApiJsonBody(testWebhookBody, examples.test)
  @ApiJsonResponse(200, 'The outcome of the single attempt.', testDeliverySchema, examples.testDelivery)
  @ApiErrors(400, 404, 413, 415)
  test(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Param('id') id: string,
    @Body() body: TestWebhookDto,
  ): Promise<TestDeliveryResponse> {
    return this.webhooks.sendTest(organization.id, id, body.event);
  }

  @Get(':id/deliveries')
  @ApiOperation({
    summary: 'List deliveries',
    description:
      'The delivery log of the last 30 days, newest first: each delivery with its outcome and attempts.',
  })
  @ApiIdParam('webhook', 'wh')
  @ApiQueryFrom(ListDeliveriesQuery)
  @ApiJsonResponse(200, 'One page of deliveries.', deliveryPageSchema, examples.deliveries)
  @ApiErrors(400, 404)
  deliveries(
    @CurrentOrganization() organization: AuthenticatedOrganization,
    @Param('id') id: string,
    @Query() query: ListDeliveriesQuery,
  ): Promise<{ data: DeliveryResponse[]; next_cursor: string | null }> {
    return this.webhooks.listDeliveries(organization.id, id, query);
  }
}
