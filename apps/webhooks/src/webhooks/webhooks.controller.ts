import { Body, Controller, Delete, Get, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { WEBHOOK_PLANS } from '@governance/contracts';
import { AuthGuard, RequirePermission, OrganizationId, RequirePlans } from '@governance/auth';
import { ApiErrors, ApiKeyAuth, Endpoint, List } from '@governance/platform';
import {
  CreatedWebhookResponse,
  CreateWebhookDto,
  DeliveryDetailResponse,
  DeliveryPage,
  DeliveryResponse,
  EventTypeResponse,
  ListDeliveriesQuery,
  RecoverDeliveriesDto,
  RecoverResponse,
  RotatedSecretResponse,
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
  @Get('event-types')
  @Endpoint({
    summary: 'List the event types',
    description:
      'The catalogue of what a webhook can subscribe to: each event type with its trigger and severity, ' +
      'the published JSON Schema of its delivery body, and a sample body (the example that schema carries).',
    answer: [
      200,
      'Every event type, in the order of the interface.',
      List(EventTypeResponse),
      examples.eventTypes,
    ],
  })
  eventTypes(): { data: EventTypeResponse[] } {
    return this.webhooks.eventTypes();
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
      'The delivery log of the last 30 days, newest first: each delivery with its outcome and attempts. ' +
      'A resend shows `resent_from`, the delivery it repeats. Narrowed by `outcome`, `event` and the ' +
      'creation time (`since` inclusive, `until` exclusive).',
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

  @RequirePermission('webhooks:read')
  @Get(':id/deliveries/:deliveryId')
  @ApiParam({
    name: 'deliveryId',
    description: 'The delivery id (`X-Service-Delivery`).',
    schema: { type: 'string', format: 'uuid' },
  })
  @Endpoint({
    summary: 'Get a delivery',
    description:
      'One delivery of the last 30 days with the request body its attempts sent, and what each attempt got ' +
      'back: its status, time, error, and the start of the response body (at most 4 KiB, ' +
      '`response_body_truncated` when it went on). Request headers are not kept: they carry the signature.',
    id: ['webhook', 'wh'],
    answer: [200, 'The delivery and its attempts.', DeliveryDetailResponse, examples.deliveryDetail],
  })
  delivery(
    @OrganizationId() organizationId: string,
    @Param('id') id: string,
    @Param('deliveryId') deliveryId: string,
  ): Promise<DeliveryDetailResponse> {
    return this.webhooks.getDelivery(organizationId, id, deliveryId);
  }

  @RequirePermission('webhooks:write')
  @Post(':id/deliveries/:deliveryId/resend')
  @ApiParam({
    name: 'deliveryId',
    description: 'The delivery id (`X-Service-Delivery`).',
    schema: { type: 'string', format: 'uuid' },
  })
  @Endpoint({
    summary: 'Resend a delivery',
    description:
      'Makes a new delivery of the same event and the same payload bytes, with a new `X-Service-Delivery`, ' +
      'attempted at once and retried on the usual schedule, and signed with the current secret (or ' +
      'secrets, during a rotation). The original stays in the log as it was. Any delivery of the last ' +
      '30 days can be resent, whatever its outcome; a resend of a test delivery is a test delivery too.',
    id: ['webhook', 'wh'],
    answer: [202, 'The new delivery, pending.', DeliveryResponse, examples.resent],
  })
  resend(
    @OrganizationId() organizationId: string,
    @Param('id') id: string,
    @Param('deliveryId') deliveryId: string,
  ): Promise<DeliveryResponse> {
    return this.webhooks.resend(organizationId, id, deliveryId);
  }

  @RequirePermission('webhooks:write')
  @Post(':id/recover')
  @Endpoint({
    summary: 'Recover failed deliveries',
    description:
      'Resends every failed delivery (each attempt used up) created at or after `since`, each once: a ' +
      'delivery already resent, by hand or by an earlier recovery, is left out, so recovering the same ' +
      'period again resends only what failed since. Test deliveries are not recovered. At most 10,000 ' +
      'deliveries per call, oldest first; `has_more` says to call again. `since` must lie within the ' +
      'delivery log retention (30 days) and not in the future.',
    id: ['webhook', 'wh'],
    body: [RecoverDeliveriesDto, examples.recover],
    answer: [202, 'How many deliveries were resent.', RecoverResponse, examples.recovered],
  })
  recover(
    @OrganizationId() organizationId: string,
    @Param('id') id: string,
    @Body() body: RecoverDeliveriesDto,
  ): Promise<RecoverResponse> {
    return this.webhooks.recover(organizationId, id, body.since);
  }

  @RequirePermission('webhooks:write')
  @Post(':id/rotate-secret')
  @Endpoint({
    summary: 'Rotate the signing secret',
    description:
      'Creates a new signing secret, shown in this answer only. For 24 hours after (until ' +
      '`previous_secret_expires_at`) every delivery carries two signatures in its one ' +
      "`X-Service-Signature-256` header, comma-separated, the new secret's first: " +
      '`sha256=<hex with the new secret>,sha256=<hex with the previous secret>`. A receiver splits the ' +
      'value on commas, requires the `sha256=` prefix on each entry, and accepts the delivery when any ' +
      'entry matches the HMAC-SHA256 of the raw body under the secret it holds (constant-time), so it ' +
      'verifies with either secret while it moves to the new one. After the overlap the header holds ' +
      'the new signature only. Rotating again during an overlap drops the oldest secret: only the new ' +
      'and the one just replaced sign.',
    id: ['webhook', 'wh'],
    answer: [
      200,
      'The new secret, and when the previous one stops signing.',
      RotatedSecretResponse,
      examples.rotated,
    ],
  })
  rotateSecret(
    @OrganizationId() organizationId: string,
    @Param('id') id: string,
  ): Promise<RotatedSecretResponse> {
    return this.webhooks.rotateSecret(organizationId, id);
  }
}
