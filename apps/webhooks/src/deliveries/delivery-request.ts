import { type WebhookRequest } from '../outbound/webhook-sender';
import { signatureHeader } from '../outbound/signature';
import { type ClaimedAttempt } from './delivery-queue.repository';

export const USER_AGENT = 'Service-Hookbot/1.0';

/** The HTTP request of one attempt, with exactly the spec's headers; the signature covers the bytes sent. */
export function deliveryRequest(
  input: Pick<ClaimedAttempt, 'url' | 'deliveryId' | 'webhookId' | 'eventType' | 'payload'> & {
    signingSecret: string;
    /** The rotated-away secret while its overlap lasts; the request then carries both signatures. */
    previousSigningSecret?: string | null;
    timeoutMs: number;
  },
): WebhookRequest {
  const body = Buffer.from(input.payload, 'utf8');
  const secrets: [string, ...string[]] = input.previousSigningSecret
    ? [input.signingSecret, input.previousSigningSecret]
    : [input.signingSecret];
  return {
    url: input.url,
    body,
    timeoutMs: input.timeoutMs,
    headers: {
      'Content-Type': 'application/json',
      'X-Service-Event': input.eventType,
      'X-Service-Signature-256': signatureHeader(secrets, body),
      'X-Service-Delivery': input.deliveryId,
      'X-Service-Hook-ID': input.webhookId,
      'User-Agent': USER_AGENT,
    },
  };
}
