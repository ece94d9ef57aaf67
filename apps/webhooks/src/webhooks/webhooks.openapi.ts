import { eventPayloadSchema, PUBLIC_EVENT_EXAMPLES, PUBLIC_EVENT_TRIGGERS } from '@governance/contracts';
import {
  type CreatedWebhookResponse,
  type DeliveryDetailResponse,
  type EventTypeResponse,
  type DeliveryPage,
  type DeliveryResponse,
  type RecoverResponse,
  type RotatedSecretResponse,
  type TestDeliveryResponse,
  type WebhookResponse,
} from './webhook.dto';

/* Examples of the webhook management API; the response types check them. */

const webhook: WebhookResponse = {
  id: 'wh_01JD5Z8Q3K4M6N7P8R9S0T1V2W',
  url: 'https://hooks.example.com/governance',
  events: ['finding.created', 'policy.violated'],
  description: 'Compliance pager',
  active: true,
  created_at: '2026-11-22T09:30:00.000Z',
  updated_at: '2026-11-22T09:30:00.000Z',
  previous_secret_expires_at: null,
  health: {
    status: 'degraded',
    attempts: 40,
    succeeded: 34,
    success_rate: 0.85,
    last_attempt_at: '2026-11-22T09:58:00.000Z',
    last_success_at: '2026-11-22T09:41:00.000Z',
    window_seconds: 86_400,
    max_attempts: 100,
  },
};

const payload = JSON.stringify(PUBLIC_EVENT_EXAMPLES['policy.violated']);

export const examples = {
  deliveryDetail: {
    delivery_id: '019374b2-7c1e-7a3d-9f10-2b4c6d8e0f12',
    event: 'policy.violated',
    event_id: '019374b2-7b00-7c55-8a21-6f0e3d2c1b0a',
    outcome: 'succeeded',
    status_code: 200,
    response_time_ms: 112,
    attempt_count: 2,
    next_attempt_at: null,
    test: false,
    resent_from: null,
    created_at: '2026-11-22T10:00:00.000Z',
    payload,
    response_body_max_bytes: 4096,
    attempts: [
      {
        attempt: 1,
        attempted_at: '2026-11-22T10:00:00.120Z',
        status_code: 503,
        response_time_ms: 95,
        error: 'http_status',
        response_body: '{"error":"maintenance"}',
        response_body_truncated: false,
      },
      {
        attempt: 2,
        attempted_at: '2026-11-22T10:00:30.140Z',
        status_code: 200,
        response_time_ms: 112,
        error: null,
        response_body: 'ok',
        response_body_truncated: false,
      },
    ],
  } satisfies DeliveryDetailResponse,
  eventTypes: {
    data: (['policy.violated'] as const).map((event): EventTypeResponse => ({
      event,
      ...PUBLIC_EVENT_TRIGGERS[event],
      schema: eventPayloadSchema(event),
      example: { ...PUBLIC_EVENT_EXAMPLES[event] },
    })),
  },
  create: { url: webhook.url, events: webhook.events, description: webhook.description },
  created: {
    ...webhook,
    signing_secret: 'whsec_9Jx3kQ0vR2m8WbT5yLpZ4nC7aE1sD6fG0hK2jU8iO4q',
  } satisfies CreatedWebhookResponse,
  webhook,
  list: { data: [webhook] },
  update: { active: false },
  test: { event: 'finding.created' },
  testDelivery: {
    delivery_id: '019374b2-7c1e-7a3d-9f10-2b4c6d8e0f12',
    event: 'finding.created',
    status_code: 200,
    response_time_ms: 84,
    success: true,
  } satisfies TestDeliveryResponse,
  deliveries: {
    data: [
      {
        delivery_id: '019374b2-7c1e-7a3d-9f10-2b4c6d8e0f12',
        event: 'policy.violated',
        event_id: '019374b2-7b00-7c55-8a21-6f0e3d2c1b0a',
        outcome: 'succeeded',
        status_code: 200,
        response_time_ms: 112,
        attempt_count: 2,
        next_attempt_at: null,
        test: false,
        resent_from: null,
        created_at: '2026-11-22T10:00:00.000Z',
        attempts: [
          {
            attempt: 1,
            attempted_at: '2026-11-22T10:00:00.120Z',
            status_code: 503,
            response_time_ms: 95,
            error: null,
          },
          {
            attempt: 2,
            attempted_at: '2026-11-22T10:00:30.140Z',
            status_code: 200,
            response_time_ms: 112,
            error: null,
          },
        ],
      },
    ],
    next_cursor: null,
  } satisfies DeliveryPage,
  resent: {
    delivery_id: '019374c0-1a2b-7c3d-8e4f-5a6b7c8d9e0f',
    event: 'policy.violated',
    event_id: '019374b2-7b00-7c55-8a21-6f0e3d2c1b0a',
    outcome: 'pending',
    status_code: null,
    response_time_ms: null,
    attempt_count: 0,
    next_attempt_at: '2026-11-22T11:00:00.000Z',
    test: false,
    resent_from: '019374b2-7c1e-7a3d-9f10-2b4c6d8e0f12',
    created_at: '2026-11-22T11:00:00.000Z',
    attempts: [],
  } satisfies DeliveryResponse,
  recover: { since: '2026-11-21T00:00:00Z' },
  recovered: { resent: 12, has_more: false } satisfies RecoverResponse,
  rotated: {
    signing_secret: 'whsec_Q7pL2xV9cN4mB8tR1kW6zH3jD5fS0aG2eY7uI9oP4nM',
    previous_secret_expires_at: '2026-11-23T09:30:00.000Z',
  } satisfies RotatedSecretResponse,
};
