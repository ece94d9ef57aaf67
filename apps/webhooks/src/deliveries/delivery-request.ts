import { type WebhookRequest } from '../outbound/webhook-sender';
import { signPayload } from '../outbound/signature';
import { type ClaimedAttempt } from './delivery.repository';

export const USER_AGENT = 'Service-Hookbot/1.0';

/** The HTTP request of one attempt, with exactly the spec's headers; the signature covers the bytes sent. */
export function deliveryRequest(
  input: Pick<ClaimedAttempt, 'url' | 'deliveryId' | 'webhookId' | 'eventType' | 'payload'> & {
    signingSecret: string;
    timeoutMs: number;
  },
): WebhookRequest {
  const body = Buffer.from(input.payload, 'utf8');
  return {
    url: input.url,
    body,
    timeoutMs: input.timeoutMs,
    headers: {
      'Content-Type': 'application/json',
      'X-Service-Event': input.eventType,
      'X-Service-Signature-256': signPayload(input.signingSecret, body),
      'X-Service-Delivery': input.deliveryId,
      'X-Service-Hook-ID': input.webhookId,
      'User-Agent': USER_AGENT,
    },
  };
}
