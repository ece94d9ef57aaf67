import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, type Logger } from '@governance/platform';
import { type WebhooksConfig } from '../config';
import { type AttemptRecord, type ClaimedAttempt } from '../deliveries/delivery.repository';
import { EndpointBreakers } from '../delivery/endpoint-breakers';
import { type AttemptOutcome, WebhookSender } from '../delivery/webhook-sender';
import { SecretBox } from '../secrets/secret-box';
import { WEBHOOKS_CONFIG } from '../webhooks.tokens';
import { deliveryRequest } from './delivery-request';
import { decideAfterAttempt } from './delivery-schedule';

/**
 * Makes one claimed attempt: sign, send through the endpoint's circuit breaker, and decide what
 * follows. An open circuit comes back as a failed attempt (`circuit_open`) and takes the normal retry
 * path, so it neither drops nor adds an attempt.
 */
@Injectable()
export class DeliveryAttemptExecutor {
  constructor(
    private readonly sender: WebhookSender,
    private readonly breakers: EndpointBreakers,
    private readonly secrets: SecretBox,
    @Inject(WEBHOOKS_CONFIG) private readonly config: WebhooksConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(claim: ClaimedAttempt): Promise<AttemptRecord> {
    const attemptedAt = new Date();
    const outcome = await this.send(claim);
    const decision = decideAfterAttempt(claim.attempt, outcome.success, this.config.dispatch.retryDelaysMs);
    return {
      deliveryId: claim.deliveryId,
      attempt: claim.attempt,
      attemptedAt,
      statusCode: outcome.statusCode,
      responseTimeMs: outcome.responseTimeMs,
      error: outcome.error,
      outcome: decision.outcome,
      retryInMs: decision.retryInMs,
    };
  }

  private async send(claim: ClaimedAttempt): Promise<AttemptOutcome> {
    let signingSecret: string;
    try {
      signingSecret = this.secrets.open(claim.signingSecretEncrypted, claim.webhookId);
    } catch (error) {
      this.logger.error(
        { err: error, delivery_id: claim.deliveryId, webhook_id: claim.webhookId },
        'cannot decrypt signing secret',
      );
      return { success: false, statusCode: null, responseTimeMs: 0, error: 'signing_secret_unavailable' };
    }
    const request = deliveryRequest({
      url: claim.url,
      signingSecret,
      deliveryId: claim.deliveryId,
      webhookId: claim.webhookId,
      eventType: claim.eventType,
      payload: claim.payload,
      timeoutMs: this.config.dispatch.timeoutMs,
    });
    return this.breakers.fire(claim.url, () => this.sender.send(request));
  }
}
