import { Inject, Injectable } from '@nestjs/common';
import {
  inLeafSpan,
  LOGGER,
  type Logger,
  SecretBox,
  SpanKind,
  traceContextOf,
  traceLogFields,
  type TraceLogFields,
} from '@governance/platform';
import { type WebhooksConfig } from '../config';
import { type AttemptRecord, type ClaimedAttempt } from './delivery-queue.repository';
import { EndpointBreakers } from '../outbound/endpoint-breakers';
import { type AttemptOutcome, noAnswer, WebhookSender } from '../outbound/webhook-sender';
import { SigningSecretCache } from '../secrets/signing-secret-cache';
import { WEBHOOKS_CONFIG } from '../webhooks.tokens';
import { deliveryRequest } from './delivery-request';
import { decideAfterAttempt } from './delivery-schedule';

/**
 * One claimed attempt: sign, send through the endpoint's breaker, decide what follows. An open circuit is
 * a failed attempt (`circuit_open`) on the normal retry path: it neither drops nor adds an attempt.
 */
@Injectable()
export class DeliveryAttemptExecutor {
  private readonly signingSecrets: SigningSecretCache;

  constructor(
    private readonly sender: WebhookSender,
    private readonly breakers: EndpointBreakers,
    secrets: SecretBox,
    @Inject(WEBHOOKS_CONFIG) private readonly config: WebhooksConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.signingSecrets = new SigningSecretCache(secrets);
  }

  /** Runs in a span of the trace the delivery's event came with; its log lines carry the span's ids. */
  execute(claim: ClaimedAttempt): Promise<AttemptRecord> {
    return inLeafSpan(
      'webhook attempt',
      traceContextOf(claim.traceParent),
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'service.name': 'webhooks',
          'webhook.delivery.id': claim.deliveryId,
          'webhook.id': claim.webhookId,
          'webhook.attempt': claim.attempt,
          'webhook.event.type': claim.eventType,
        },
      },
      async (span) => {
        const attemptedAt = new Date();
        const traced = traceLogFields(span);
        const { success, statusCode, responseTimeMs, error, responseBody, responseBodyTruncated } =
          await this.send(claim, traced);
        const { outcome, retryInMs } = decideAfterAttempt(
          claim.attempt,
          success,
          this.config.dispatch.retryDelaysMs,
        );
        const { deliveryId, attempt } = claim;
        const record: AttemptRecord = {
          deliveryId,
          attempt,
          attemptedAt,
          statusCode,
          responseTimeMs,
          error,
          responseBody,
          responseBodyTruncated,
          outcome,
          retryInMs,
        };
        span.setAttribute('webhook.attempt.outcome', record.outcome);
        if (record.statusCode !== null) span.setAttribute('http.response.status_code', record.statusCode);
        this.logger.info(
          {
            ...traced,
            delivery_id: claim.deliveryId,
            webhook_id: claim.webhookId,
            organization_id: claim.organizationId,
            attempt: claim.attempt,
            status_code: record.statusCode,
            error: record.error,
            response_time_ms: Math.round(record.responseTimeMs),
            outcome: record.outcome,
          },
          'delivery attempt',
        );
        return record;
      },
    );
  }

  /** `traced`: the attempt span's log fields; the span is not the active context (`inLeafSpan`). */
  private send(claim: ClaimedAttempt, traced: TraceLogFields): Promise<AttemptOutcome> {
    let signingSecret: string;
    try {
      signingSecret = this.signingSecrets.open(claim.signingSecretEncrypted, claim.webhookId);
    } catch (error) {
      this.logger.error(
        { ...traced, err: error, delivery_id: claim.deliveryId, webhook_id: claim.webhookId },
        'cannot decrypt signing secret',
      );
      return Promise.resolve(noAnswer('signing_secret_unavailable'));
    }
    const request = deliveryRequest({
      ...claim,
      signingSecret,
      previousSigningSecret: this.openPrevious(claim, traced),
      timeoutMs: this.config.dispatch.timeoutMs,
    });
    return this.breakers.fire(claim.url, () => this.sender.send(request));
  }

  /** A previous secret that does not open is left out: the current one's signature still goes. */
  private openPrevious(claim: ClaimedAttempt, traced: TraceLogFields): string | null {
    if (claim.previousSigningSecretEncrypted === null) return null;
    try {
      return this.signingSecrets.open(claim.previousSigningSecretEncrypted, claim.webhookId);
    } catch (error) {
      this.logger.error(
        { ...traced, err: error, delivery_id: claim.deliveryId, webhook_id: claim.webhookId },
        'cannot decrypt previous signing secret; signing with the current one only',
      );
      return null;
    }
  }
}
