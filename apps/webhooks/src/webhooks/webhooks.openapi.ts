import { PUBLIC_EVENT_TYPES } from '@governance/contracts';
import {
  dtoSchema,
  idSchema,
  nullable,
  pageSchema,
  listSchema,
  recordSchema,
  type SchemaObject,
  timestampSchema,
} from '@governance/platform';
import { maxAttempts, SPEC_RETRY_DELAYS_MS } from '../deliveries/delivery-schedule';
import { CreateWebhookDto, TestWebhookDto, UpdateWebhookDto } from './webhook.dto';

/* The OpenAPI description of the webhook management API: request schemas come from the DTOs. */

const eventType: SchemaObject = { type: 'string', enum: [...PUBLIC_EVENT_TYPES] };

export const createWebhookBody = dtoSchema(CreateWebhookDto, {
  url: { description: 'HTTPS endpoint that receives the deliveries; it must resolve to public addresses.' },
  events: { description: 'The event types to deliver; repeats are ignored.' },
  active: { description: 'Whether deliveries are sent; true when left out.' },
});
export const updateWebhookBody = dtoSchema(UpdateWebhookDto, {
  description: { description: 'null clears the description.' },
});
export const testWebhookBody = dtoSchema(TestWebhookDto);

const webhookProperties = {
  id: idSchema('wh'),
  url: { type: 'string', format: 'uri' },
  events: { type: 'array', items: eventType },
  description: nullable({ type: 'string' }),
  active: { type: 'boolean' },
  created_at: timestampSchema(),
  updated_at: timestampSchema(),
} satisfies Record<string, SchemaObject>;

export const webhookSchema = recordSchema(webhookProperties);
export const createdWebhookSchema = recordSchema({
  ...webhookProperties,
  signing_secret: {
    type: 'string',
    pattern: '^whsec_',
    description: 'The key of the delivery signatures. Shown once, in this response only: store it now.',
  },
});
export const webhookListSchema = listSchema(webhookSchema);

export const testDeliverySchema = recordSchema({
  delivery_id: { type: 'string', format: 'uuid' },
  event: eventType,
  status_code: nullable({ type: 'integer', description: 'null when the endpoint gave no answer.' }),
  response_time_ms: { type: 'integer' },
  success: { type: 'boolean', description: 'True when the endpoint answered 2xx in time.' },
});

const deliveryAttemptSchema = recordSchema({
  attempt: { type: 'integer', minimum: 1, maximum: maxAttempts(SPEC_RETRY_DELAYS_MS) },
  attempted_at: timestampSchema(),
  status_code: nullable({ type: 'integer' }),
  response_time_ms: nullable({ type: 'integer' }),
  error: nullable({
    type: 'string',
    description: 'Why the attempt failed without a status, such as a time-out.',
  }),
});

export const deliveryPageSchema = pageSchema(
  recordSchema({
    delivery_id: { type: 'string', format: 'uuid', description: 'The `X-Service-Delivery` header value.' },
    event: { type: 'string' },
    event_id: { type: 'string', format: 'uuid' },
    outcome: {
      type: 'string',
      enum: ['pending', 'succeeded', 'failed'],
      description: '`failed` once every attempt failed.',
    },
    status_code: nullable({ type: 'integer', description: 'Of the latest attempt.' }),
    response_time_ms: nullable({ type: 'integer', description: 'Of the latest attempt.' }),
    attempt_count: { type: 'integer' },
    next_attempt_at: nullable(timestampSchema('When the next retry is due; null when none is.')),
    test: { type: 'boolean', description: 'True for a delivery of the test call.' },
    created_at: timestampSchema(),
    attempts: { type: 'array', items: deliveryAttemptSchema },
  }),
);

const webhookExample = {
  id: 'wh_01JD5Z8Q3K4M6N7P8R9S0T1V2W',
  url: 'https://hooks.example.com/governance',
  events: ['finding.created', 'policy.violated'],
  description: 'Compliance pager',
  active: true,
  created_at: '2026-11-22T09:30:00.000Z',
  updated_at: '2026-11-22T09:30:00.000Z',
};

export const examples = {
  create: { url: webhookExample.url, events: webhookExample.events, description: webhookExample.description },
  created: { ...webhookExample, signing_secret: 'whsec_9Jx3kQ0vR2m8WbT5yLpZ4nC7aE1sD6fG0hK2jU8iO4q' },
  webhook: webhookExample,
  list: { data: [webhookExample] },
  update: { active: false },
  test: { event: 'finding.created' },
  testDelivery: {
    delivery_id: '019374b2-7c1e-7a3d-9f10-2b4c6d8e0f12',
    event: 'finding.created',
    status_code: 200,
    response_time_ms: 84,
    success: true,
  },
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
  },
};
