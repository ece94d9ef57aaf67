import { signPayload } from '../outbound/signature';

export const USER_AGENT = 'Service-Hookbot/1.0';

export interface DeliveryRequestInput {
  url: string;
  signingSecret: string;
  deliveryId: string;
  webhookId: string;
  eventType: string;
  payload: string;
  timeoutMs: number;
}

/** The HTTP request of one attempt, with exactly the spec's headers; the signature covers the bytes sent. */
export function deliveryRequest(input: DeliveryRequestInput): {
  url: string;
  body: Buffer;
  headers: Record<string, string>;
  timeoutMs: number;
} {
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
