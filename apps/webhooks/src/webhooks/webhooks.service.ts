import { randomBytes } from 'node:crypto';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import {
  eventPayloadSchema,
  isId,
  newId,
  newUuidV7,
  PUBLIC_EVENT_EXAMPLES,
  PUBLIC_EVENT_TRIGGERS,
  PUBLIC_EVENT_TYPES,
  type PublicEventType,
} from '@governance/contracts';
import { UnitOfWork } from '@governance/messaging';
import { LiveChanges } from '@governance/persistence';
import {
  ApiError,
  currentTraceparent,
  DestinationPolicy,
  DestinationRefusedError,
  ErrorCode,
  readPage,
  SecretBox,
  withIsoDates,
} from '@governance/platform';
import { type WebhooksConfig } from '../config';
import { type DeliveryLogRow, DeliveryLogRepository } from '../deliveries/delivery-log.repository';
import { DeliveryQueueRepository } from '../deliveries/delivery-queue.repository';
import { DeliveryWorker } from '../deliveries/delivery-worker';
import { WebhookSender } from '../outbound/webhook-sender';
import { deliveryRequest } from '../deliveries/delivery-request';
import { WEBHOOKS_CONFIG } from '../webhooks.tokens';
import { samplePayload } from './sample-events';
import {
  type CreatedWebhookResponse,
  type CreateWebhookDto,
  type DeliveryDetailResponse,
  type DeliveryPage,
  type EventTypeResponse,
  type DeliveryResponse,
  type ListDeliveriesQuery,
  type RecoverResponse,
  type RotatedSecretResponse,
  type TestDeliveryResponse,
  type UpdateWebhookDto,
  type WebhookHealth,
  type WebhookResponse,
} from './webhook.dto';
import { NO_ATTEMPTS, webhookHealth } from './webhook-health';
import { RESPONSE_BODY_KEPT_BYTES } from '../outbound/webhook-sender';
import { type WebhookRow, WebhookRepository } from './webhook.repository';
import {
  webhookCreatedAudit,
  webhookDeletedAudit,
  webhookTestSentAudit,
  webhookUpdatedAudit,
} from './webhook-audit';
import {
  deliveriesRecoveredAudit,
  deliveryResentAudit,
  secretRotatedAudit,
} from './webhook-operations.audit';

/** The row without its organization and sealed secret, with its health; in the response's order. */
function toWebhookResponse(
  {
    organization_id: _organizationId,
    signing_secret_encrypted: _secret,
    previous_signing_secret_encrypted: _previous,
    ...webhook
  }: WebhookRow,
  health: WebhookHealth,
): WebhookResponse {
  return { ...withIsoDates(webhook), health };
}

/** The catalogue of event types: each with its trigger, its published schema and a sample body. */
const EVENT_TYPES: EventTypeResponse[] = PUBLIC_EVENT_TYPES.map((event) => ({
  event,
  ...PUBLIC_EVENT_TRIGGERS[event],
  schema: eventPayloadSchema(event),
  example: { ...PUBLIC_EVENT_EXAMPLES[event] },
}));

/** `next_cursor` of the delivery log: the last delivery's exact creation time and its UUID. */
const LOG_CURSOR = { id: /^[0-9a-f-]{36}$/ };
/** A delivery id as the log shows it; anything else names no delivery. */
const DELIVERY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const newSigningSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

const withoutPagingKey = ({ created_at_exact: _exact, ...delivery }: DeliveryLogRow): DeliveryResponse =>
  delivery;

/** Unique events in the order given: subscribing twice to one type means subscribing once. */
const distinct = (events: PublicEventType[]): PublicEventType[] => [...new Set(events)];

@Injectable()
export class WebhooksService {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly deliveryLog: DeliveryLogRepository,
    private readonly deliveryQueue: DeliveryQueueRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly destinations: DestinationPolicy,
    private readonly sender: WebhookSender,
    private readonly secrets: SecretBox,
    private readonly worker: DeliveryWorker,
    private readonly live: LiveChanges,
    @Inject(WEBHOOKS_CONFIG) private readonly config: WebhooksConfig,
  ) {}

  async create(organizationId: string, body: CreateWebhookDto): Promise<CreatedWebhookResponse> {
    await this.assertAcceptableUrl(body.url);
    const id = newId('webhook');
    const signingSecret = newSigningSecret();
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
    return { ...toWebhookResponse(row, this.health(NO_ATTEMPTS)), signing_secret: signingSecret };
  }

  async list(organizationId: string): Promise<{ data: WebhookResponse[] }> {
    return { data: await this.withHealth(organizationId, await this.webhooks.list(organizationId)) };
  }

  async get(organizationId: string, id: string): Promise<WebhookResponse> {
    const [webhook] = await this.withHealth(organizationId, [await this.require(organizationId, id)]);
    return webhook!;
  }

  eventTypes(): { data: EventTypeResponse[] } {
    return { data: EVENT_TYPES };
  }

  /** One delivery with the body it sent and what each attempt got back. */
  async getDelivery(organizationId: string, id: string, deliveryId: string): Promise<DeliveryDetailResponse> {
    await this.require(organizationId, id);
    const delivery = DELIVERY_ID.test(deliveryId)
      ? await this.deliveryLog.findDetail(organizationId, id, deliveryId, this.config.deliveryRetentionMs)
      : undefined;
    if (!delivery) throw ApiError.notFound('Delivery');
    return { ...delivery, response_body_max_bytes: RESPONSE_BODY_KEPT_BYTES };
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
    const [webhook] = await this.withHealth(organizationId, [row]);
    return webhook!;
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
    const previous = webhook.previous_signing_secret_encrypted;
    const attemptedAt = new Date();
    const outcome = await this.sender.send(
      deliveryRequest({
        ...delivery,
        url: webhook.url,
        deliveryId,
        payload,
        signingSecret,
        previousSigningSecret: previous === null ? null : this.secrets.open(previous, webhook.id),
        timeoutMs: this.config.dispatch.timeoutMs,
      }),
    );
    await this.unitOfWork.run(async (tx) => {
      await this.deliveryLog.insertTestDelivery(
        tx.manager,
        { ...delivery, id: deliveryId, payload },
        { ...outcome, attemptedAt, outcome: outcome.success ? 'succeeded' : 'failed' },
      );
      const test = { deliveryId, event, success: outcome.success, statusCode: outcome.statusCode };
      tx.audit(webhookTestSentAudit(webhook, test));
    });
    // A test delivery is logged and changes the endpoint's health, like a dispatched one.
    this.live.changed(organizationId, 'deliveries');
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
    const filter = {
      outcome: query.outcome,
      event: query.event,
      since: query.since === undefined ? undefined : new Date(query.since),
      until: query.until === undefined ? undefined : new Date(query.until),
    };
    return readPage(
      query,
      LOG_CURSOR,
      (limit, after) =>
        this.deliveryLog.listLog(organizationId, id, this.config.deliveryRetentionMs, filter, limit, after),
      (row) => ({ at: row.created_at_exact, id: row.delivery_id }),
      withoutPagingKey,
    );
  }

  /**
   * A new delivery of the same event and payload bytes, with a new `X-Service-Delivery` and attempts of
   * its own; the original's log entry stays as it is. Written with its audit entry in one transaction,
   * so the dispatcher makes it even if this process dies right after answering.
   */
  async resend(organizationId: string, id: string, deliveryId: string): Promise<DeliveryResponse> {
    const webhook = await this.require(organizationId, id);
    if (!DELIVERY_ID.test(deliveryId)) throw ApiError.notFound('Delivery');
    const resendId = newUuidV7();
    const entry = await this.unitOfWork.run(async (tx) => {
      const scope = { organizationId, webhookId: webhook.id, retentionMs: this.config.deliveryRetentionMs };
      const resend = { id: resendId, originalId: deliveryId, traceParent: currentTraceparent() };
      if (!(await this.deliveryQueue.insertResend(tx.manager, scope, resend)))
        throw ApiError.notFound('Delivery');
      const inserted = await this.deliveryLog.findLogEntry(tx.manager, organizationId, webhook.id, resendId);
      if (!inserted) throw new Error(`resend ${resendId} not found in its own transaction`);
      tx.audit(
        deliveryResentAudit(organizationId, {
          webhookId: webhook.id,
          originalId: deliveryId,
          deliveryId: resendId,
          event: inserted.event,
        }),
      );
      return inserted;
    });
    this.worker.wake();
    return withoutPagingKey(entry);
  }

  /**
   * Resends each failed delivery created at or after `since` that was never resent, once, oldest first,
   * at most `recoverMaxPerCall` per call. `since` must lie within the delivery log's retention.
   */
  async recover(organizationId: string, id: string, since: string): Promise<RecoverResponse> {
    const webhook = await this.require(organizationId, id);
    const from = new Date(since);
    const now = Date.now();
    const earliest = new Date(now - this.config.deliveryRetentionMs);
    if (from.getTime() > now)
      throw ApiError.validation([{ field: 'since', message: 'since must not be in the future' }]);
    if (from < earliest)
      throw ApiError.validation([
        {
          field: 'since',
          message: `since must be within the delivery log's retention: at or after ${earliest.toISOString()}`,
        },
      ]);
    const max = this.config.recoverMaxPerCall;
    const result = await this.unitOfWork.run(async (tx) => {
      const failed = await this.deliveryLog.findUnrecoveredFailures(
        tx.manager,
        organizationId,
        webhook.id,
        from,
        max + 1,
      );
      const resends = failed.slice(0, max).map((originalId) => ({ id: newUuidV7(), originalId }));
      const resent = await this.deliveryQueue.insertRecoveryResends(
        tx.manager,
        organizationId,
        webhook.id,
        resends,
        currentTraceparent(),
      );
      const hasMore = failed.length > max;
      tx.audit(deliveriesRecoveredAudit(organizationId, webhook.id, { since: from, resent, hasMore }));
      return { resent, has_more: hasMore };
    });
    if (result.resent > 0) this.worker.wake();
    return result;
  }

  /**
   * A new signing secret, shown in this answer only. The current one becomes the previous and still signs
   * every delivery, beside the new one, for the configured overlap; an older previous one is dropped.
   */
  async rotateSecret(organizationId: string, id: string): Promise<RotatedSecretResponse> {
    if (!isId('webhook', id)) throw ApiError.notFound('Webhook');
    const signingSecret = newSigningSecret();
    const rotated = await this.unitOfWork.run(async (tx) => {
      const row = await this.webhooks.rotateSecret(
        tx.manager,
        organizationId,
        id,
        this.secrets.seal(signingSecret, id),
        this.config.secretRotationOverlapMs,
      );
      if (!row) throw ApiError.notFound('Webhook');
      tx.audit(secretRotatedAudit(organizationId, id, row.overlap_ends_at));
      return row;
    });
    return {
      signing_secret: signingSecret,
      previous_secret_expires_at: rotated.overlap_ends_at.toISOString(),
    };
  }

  private async withHealth(organizationId: string, rows: WebhookRow[]): Promise<WebhookResponse[]> {
    const recent = await this.deliveryLog.recentAttempts(
      organizationId,
      rows.map((row) => row.id),
      this.config.health,
    );
    return rows.map((row) => toWebhookResponse(row, this.health(recent.get(row.id) ?? NO_ATTEMPTS)));
  }

  private health(recent: typeof NO_ATTEMPTS): WebhookHealth {
    return webhookHealth(recent, this.config.health);
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
