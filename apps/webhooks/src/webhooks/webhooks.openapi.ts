import {
  type CreatedWebhookResponse,
  type DeliveryPage,
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
};

export const examples = {
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
};
