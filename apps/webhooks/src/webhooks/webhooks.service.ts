import { randomBytes } from 'node:crypto';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { isId, newId, newUuidV7, type PublicEventType } from '@governance/contracts';
import { UnitOfWork } from '@governance/messaging';
import { ApiError, ErrorCode, readPage, SecretBox, withIsoDates } from '@governance/platform';
import { type WebhooksConfig } from '../config';
import { DeliveryRepository } from '../deliveries/delivery.repository';
import { DestinationPolicy, DestinationRefusedError } from '../outbound/destination-policy';
import { WebhookSender } from '../outbound/webhook-sender';
import { deliveryRequest } from '../deliveries/delivery-request';
import { WEBHOOKS_CONFIG } from '../webhooks.tokens';
import { samplePayload } from './sample-events';
import {
  type CreatedWebhookResponse,
  type CreateWebhookDto,
  type DeliveryPage,
  type ListDeliveriesQuery,
  type TestDeliveryResponse,
  type UpdateWebhookDto,
  type WebhookResponse,
} from './webhook.dto';
import { type WebhookRow, WebhookRepository } from './webhook.repository';
import {
  webhookCreatedAudit,
  webhookDeletedAudit,
  webhookTestSentAudit,
  webhookUpdatedAudit,
} from './webhook-audit';

/** The row without its organization and sealed secret; the columns are selected in the response's order. */
function toWebhookResponse({
  organization_id: _organizationId,
  signing_secret_encrypted: _secret,
  ...webhook
}: WebhookRow): WebhookResponse {
  return withIsoDates(webhook);
}

/** `next_cursor` of the delivery log: the last delivery's exact creation time and its UUID. */
const LOG_CURSOR = { id: /^[0-9a-f-]{36}$/ };

/** Unique events in the order given: subscribing twice to one type means subscribing once. */
const distinct = (events: PublicEventType[]): PublicEventType[] => [...new Set(events)];

@Injectable()
export class WebhooksService {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly deliveries: DeliveryRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly destinations: DestinationPolicy,
    private readonly sender: WebhookSender,
    private readonly secrets: SecretBox,
    @Inject(WEBHOOKS_CONFIG) private readonly config: WebhooksConfig,
  ) {}

  async create(organizationId: string, body: CreateWebhookDto): Promise<CreatedWebhookResponse> {
    await this.assertAcceptableUrl(body.url);
    const id = newId('webhook');
    const signingSecret = `whsec_${randomBytes(32).toString('base64url')}`;
    const row = await this.unitOfWork.run(async (tx) => {
      const { manager } = tx;
      await this.webhooks.lockOrganization(manager, organizationId);
      const count = await this.webhooks.countLive(manager, organizationId);
      if (count >= this.config.maxWebhooksPerOrganization) {
        throw new ApiError(
          HttpStatus.UNPROCESSABLE_ENTITY,
          ErrorCode.WebhookLimitReached,
          `An organization can have at most ${this.config.maxWebhooksPerOrganization} webhooks`,
          { limit: this.config.maxWebhooksPerOrganization },
        );
      }
      const inserted = await this.webhooks.insert(manager, {
        id,
        organization_id: organizationId,
        url: body.url,
        events: distinct(body.events),
        description: body.description ?? null,
        active: body.active ?? true,
        signing_secret_encrypted: this.secrets.seal(signingSecret, id),
      });
      tx.audit(webhookCreatedAudit(inserted));
      return inserted;
    });
    return { ...toWebhookResponse(row), signing_secret: signingSecret };
  }

  async list(organizationId: string): Promise<{ data: WebhookResponse[] }> {
    const rows = await this.webhooks.list(organizationId);
    return { data: rows.map(toWebhookResponse) };
  }

  async get(organizationId: string, id: string): Promise<WebhookResponse> {
    return toWebhookResponse(await this.require(organizationId, id));
  }

  async update(organizationId: string, id: string, body: UpdateWebhookDto): Promise<WebhookResponse> {
    await this.require(organizationId, id);
    if (body.url !== undefined) await this.assertAcceptableUrl(body.url);
    const row = await this.unitOfWork.run(async (tx) => {
      // Locked, so the entry's before is what this update changed (a delete in between is a 404).
      const current = await this.webhooks.find(organizationId, id, tx.manager);
      if (!current) throw ApiError.notFound('Webhook');
      const updated = await this.webhooks.update(tx.manager, organizationId, id, {
        url: body.url,
        events: body.events && distinct(body.events),
        description: body.description,
        active: body.active,
      });
      if (!updated) throw ApiError.notFound('Webhook');
      const entry = webhookUpdatedAudit(current, updated);
      if (entry) tx.audit(entry);
      return updated;
    });
    return toWebhookResponse(row);
  }

  async delete(organizationId: string, id: string): Promise<void> {
    if (!isId('webhook', id)) throw ApiError.notFound('Webhook');
    await this.unitOfWork.run(async (tx) => {
      const current = await this.webhooks.find(organizationId, id, tx.manager);
      if (!current || !(await this.webhooks.delete(tx.manager, organizationId, id)))
        throw ApiError.notFound('Webhook');
      tx.audit(webhookDeletedAudit(current));
    });
  }

  /** Sends one invented event of the chosen type now, signed with the real secret, and logs it. */
  async sendTest(organizationId: string, id: string, event: PublicEventType): Promise<TestDeliveryResponse> {
    const webhook = await this.require(organizationId, id);
    const deliveryId = newUuidV7();
    const delivery = { organizationId, webhookId: webhook.id, eventType: event, eventId: newUuidV7() };
    const payload = JSON.stringify(samplePayload(event));
    const signingSecret = this.secrets.open(webhook.signing_secret_encrypted, webhook.id);
    const attemptedAt = new Date();
    const outcome = await this.sender.send(
      deliveryRequest({
        ...delivery,
        url: webhook.url,
        deliveryId,
        payload,
        signingSecret,
        timeoutMs: this.config.dispatch.timeoutMs,
      }),
    );
    await this.unitOfWork.run(async (tx) => {
      await this.deliveries.insertTestDelivery(
        tx.manager,
        { ...delivery, id: deliveryId, payload },
        { ...outcome, attemptedAt, outcome: outcome.success ? 'succeeded' : 'failed' },
      );
      const test = { deliveryId, event, success: outcome.success, statusCode: outcome.statusCode };
      tx.audit(webhookTestSentAudit(webhook, test));
    });
    return {
      delivery_id: deliveryId,
      event,
      status_code: outcome.statusCode,
      response_time_ms: Math.round(outcome.responseTimeMs),
      success: outcome.success,
    };
  }

  async listDeliveries(
    organizationId: string,
    id: string,
    query: ListDeliveriesQuery,
  ): Promise<DeliveryPage> {
    await this.require(organizationId, id);
    return readPage(
      query,
      LOG_CURSOR,
      (limit, after) =>
        this.deliveries.listLog(organizationId, id, this.config.deliveryRetentionMs, limit, after),
      (row) => ({ at: row.created_at_exact, id: row.delivery_id }),
      ({ created_at_exact: _exact, ...delivery }) => delivery,
    );
  }

  private async require(organizationId: string, id: string): Promise<WebhookRow> {
    const row = isId('webhook', id) ? await this.webhooks.find(organizationId, id) : undefined;
    if (!row) throw ApiError.notFound('Webhook');
    return row;
  }

  /** Syntax problems are a 400 on the field; a destination we will not call is a 422. */
  private async assertAcceptableUrl(url: string): Promise<void> {
    const problem = this.destinations.checkUrl(url);
    if (problem?.rule === 'address') throw this.urlNotAllowed(problem.message, 'non_public_address');
    if (problem) throw ApiError.validation([{ field: 'url', message: problem.message }]);
    try {
      await this.destinations.resolve(new URL(url));
    } catch (error) {
      if (!(error instanceof DestinationRefusedError)) throw error;
      throw this.urlNotAllowed(error.message, error.reason);
    }
  }

  private urlNotAllowed(message: string, reason: string): ApiError {
    return new ApiError(
      HttpStatus.UNPROCESSABLE_ENTITY,
      ErrorCode.UrlNotAllowed,
      `url is not allowed: ${message}`,
      { field: 'url', reason },
    );
  }
}
