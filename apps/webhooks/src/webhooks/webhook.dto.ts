import { PUBLIC_EVENT_TYPES, type PublicEventType } from '@governance/contracts';
import {
  Id,
  MAX_DESTINATION_URL_LENGTH,
  NO_CONTROL_CHARACTERS,
  Nullable,
  Page,
  PageQuery,
  Present,
  StringEnum,
  Timestamp,
} from '@governance/platform';
import { type Static, Type } from '@sinclair/typebox';
import { applyDecorators } from '@nestjs/common';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsIn,
  IsISO8601,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
} from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { type DeliveryOutcome, maxAttempts, SPEC_RETRY_DELAYS_MS } from '../deliveries/delivery-schedule';
import { RESPONSE_BODY_KEPT_BYTES } from '../outbound/webhook-sender';

export const DESCRIPTION_MAX_LENGTH = 1000;
const EVENTS_MAX_ITEMS = 100;

/** The fields of a new webhook; an update takes any of them. */
class WebhookFields {
  @IsString()
  @MaxLength(MAX_DESTINATION_URL_LENGTH)
  url?: string;

  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(EVENTS_MAX_ITEMS)
  @IsIn(PUBLIC_EVENT_TYPES, {
    each: true,
    message: `each value in events must be one of: ${PUBLIC_EVENT_TYPES.join(', ')}`,
  })
  events?: PublicEventType[];

  @IsOptional()
  @IsString()
  @MaxLength(DESCRIPTION_MAX_LENGTH)
  @Matches(NO_CONTROL_CHARACTERS, { message: 'description must not contain control characters' })
  description?: string | null;

  @Present()
  @IsBoolean()
  active?: boolean;
}

export class CreateWebhookDto extends WebhookFields {
  @JSONSchema({
    description: 'HTTPS endpoint that receives the deliveries; it must resolve to public addresses.',
  })
  declare url: string;

  @JSONSchema({ description: 'The event types to deliver; repeats are ignored.' })
  declare events: PublicEventType[];

  @JSONSchema({ description: 'Whether deliveries are sent; true when left out.' })
  declare active?: boolean;
}

export class UpdateWebhookDto extends WebhookFields {
  @Present()
  declare url?: string;

  @Present()
  declare events?: PublicEventType[];

  @JSONSchema({ description: 'null clears the description.' })
  declare description?: string | null;
}

export class TestWebhookDto {
  @IsIn(PUBLIC_EVENT_TYPES, { message: `event must be one of: ${PUBLIC_EVENT_TYPES.join(', ')}` })
  event!: PublicEventType;
}

/** RFC 3339, the profile of ISO 8601 JSON speaks: a date, a time and its zone, so the instant is exact. */
const DATE_TIME_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;

/** An instant in a request: an ISO 8601 date and time with its zone (Z or an offset). */
const Instant = (field: string, description: string): PropertyDecorator =>
  applyDecorators(
    Matches(DATE_TIME_WITH_ZONE, {
      message: `${field} must give a date, a time and its zone, such as 2026-11-22T10:00:00Z`,
    }),
    IsISO8601({ strict: true }, { message: `${field} must be an ISO 8601 timestamp` }),
    JSONSchema({ format: 'date-time', description }),
  );

export const DELIVERY_OUTCOMES: readonly DeliveryOutcome[] = ['pending', 'succeeded', 'failed'];

/** The delivery log's page and its filters; each narrows the entries, all must match. */
export class ListDeliveriesQuery extends PageQuery {
  @IsOptional()
  @IsIn(DELIVERY_OUTCOMES, { message: `outcome must be one of: ${DELIVERY_OUTCOMES.join(', ')}` })
  outcome?: DeliveryOutcome;

  @IsOptional()
  @IsIn(PUBLIC_EVENT_TYPES, { message: `event must be one of: ${PUBLIC_EVENT_TYPES.join(', ')}` })
  event?: PublicEventType;

  @IsOptional()
  @Instant('since', 'Deliveries created at or after this time.')
  since?: string;

  @IsOptional()
  @Instant('until', 'Deliveries created before this time.')
  until?: string;
}

export class RecoverDeliveriesDto {
  @Instant(
    'since',
    'Failed deliveries created at or after this time are resent; within the delivery log retention (30 days), not in the future.',
  )
  since!: string;
}

const EventType = StringEnum(PUBLIC_EVENT_TYPES);

export const WEBHOOK_HEALTH_STATUSES = ['healthy', 'degraded', 'failing', 'idle'] as const;
export type WebhookHealthStatus = (typeof WEBHOOK_HEALTH_STATUSES)[number];

export const WebhookHealth = Type.Object(
  {
    status: StringEnum(
      WEBHOOK_HEALTH_STATUSES,
      '`failing`: every recent attempt failed; `degraded`: some did; `healthy`: nearly all succeeded ' +
        '(see `success_rate`); `idle`: no attempt in the window.',
    ),
    attempts: Type.Integer({ minimum: 0, description: 'Attempts counted: the latest within the window.' }),
    succeeded: Type.Integer({ minimum: 0, description: 'Of those, the attempts answered 2xx in time.' }),
    success_rate: Nullable(
      Type.Number({ minimum: 0, maximum: 1, description: '`succeeded / attempts`; null without attempts.' }),
    ),
    last_attempt_at: Nullable(Timestamp()),
    last_success_at: Nullable(Timestamp('The latest successful attempt within the window.')),
    window_seconds: Type.Integer({ description: 'How far back attempts are counted.' }),
    max_attempts: Type.Integer({ description: 'At most this many of the latest attempts are counted.' }),
  },
  {
    description:
      'How the endpoint answered its recent attempts (test calls included): the latest `max_attempts` ' +
      'within the last `window_seconds`.',
  },
);
export type WebhookHealth = Static<typeof WebhookHealth>;

export const WebhookResponse = Type.Object({
  id: Id('wh'),
  url: Type.String({ format: 'uri' }),
  events: Type.Array(EventType),
  description: Nullable(Type.String()),
  active: Type.Boolean(),
  created_at: Timestamp(),
  updated_at: Timestamp(),
  previous_secret_expires_at: Nullable(
    Timestamp(
      'After a secret rotation, until when deliveries also carry a signature with the previous secret; ' +
        'null when they carry only the current one.',
    ),
  ),
  health: WebhookHealth,
});
export type WebhookResponse = Static<typeof WebhookResponse>;

export const CreatedWebhookResponse = Type.Object({
  ...WebhookResponse.properties,
  signing_secret: Type.String({
    pattern: '^whsec_',
    description: 'The key of the delivery signatures. Shown once, in this response only: store it now.',
  }),
});
export type CreatedWebhookResponse = Static<typeof CreatedWebhookResponse>;

export const TestDeliveryResponse = Type.Object({
  delivery_id: Type.String({ format: 'uuid' }),
  event: EventType,
  status_code: Nullable(Type.Integer({ description: 'null when the endpoint gave no answer.' })),
  response_time_ms: Type.Integer(),
  success: Type.Boolean({ description: 'True when the endpoint answered 2xx in time.' }),
});
export type TestDeliveryResponse = Static<typeof TestDeliveryResponse>;

const DeliveryAttemptResponse = Type.Object({
  attempt: Type.Integer({ minimum: 1, maximum: maxAttempts(SPEC_RETRY_DELAYS_MS) }),
  attempted_at: Timestamp(),
  status_code: Nullable(Type.Integer()),
  response_time_ms: Nullable(Type.Integer()),
  error: Nullable(
    Type.String({ description: 'Why the attempt failed without a status, such as a time-out.' }),
  ),
});

export const DeliveryResponse = Type.Object({
  delivery_id: Type.String({ format: 'uuid', description: 'The `X-Service-Delivery` header value.' }),
  event: Type.String(),
  event_id: Type.String({ format: 'uuid' }),
  outcome: StringEnum(['pending', 'succeeded', 'failed'], '`failed` once every attempt failed.'),
  status_code: Nullable(Type.Integer({ description: 'Of the latest attempt.' })),
  response_time_ms: Nullable(Type.Integer({ description: 'Of the latest attempt.' })),
  attempt_count: Type.Integer(),
  next_attempt_at: Nullable(Timestamp('When the next retry is due; null when none is.')),
  test: Type.Boolean({ description: 'True for a delivery of the test call, or a resend of one.' }),
  resent_from: Nullable(
    Type.String({
      format: 'uuid',
      description: 'The delivery this one resends (by hand or by recovery); null for a first delivery.',
    }),
  ),
  created_at: Timestamp(),
  attempts: Type.Array(DeliveryAttemptResponse),
});
export type DeliveryResponse = Static<typeof DeliveryResponse>;

export const DeliveryAttemptDetail = Type.Object({
  ...DeliveryAttemptResponse.properties,
  response_body: Nullable(
    Type.String({
      description:
        `The start of the body the endpoint answered, at most ${RESPONSE_BODY_KEPT_BYTES} bytes read as ` +
        'UTF-8; null when it gave no answer.',
    }),
  ),
  response_body_truncated: Type.Boolean({
    description: `True when the body was longer than the ${RESPONSE_BODY_KEPT_BYTES} bytes kept.`,
  }),
});

export const DeliveryDetailResponse = Type.Object({
  ...DeliveryResponse.properties,
  payload: Type.String({
    description: 'The request body every attempt sent, byte for byte (JSON, the common payload).',
  }),
  attempts: Type.Array(DeliveryAttemptDetail),
  response_body_max_bytes: Type.Integer({ description: 'How many bytes of a response body are kept.' }),
});
export type DeliveryDetailResponse = Static<typeof DeliveryDetailResponse>;

const JsonObject = (description: string) =>
  Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true, description });

export const EventTypeResponse = Type.Object({
  event: EventType,
  trigger: Type.String({
    description: 'What makes the service send it, in the published interface’s words.',
  }),
  severity: Type.String({ description: 'The severities it carries, as the interface states them.' }),
  schema: JsonObject('The JSON Schema (draft 2020-12) of the delivery body, as published.'),
  example: JsonObject('A sample delivery body: the example the published schema carries.'),
});
export type EventTypeResponse = Static<typeof EventTypeResponse>;

export const DeliveryPage = Page(DeliveryResponse);
export type DeliveryPage = Static<typeof DeliveryPage>;

export const RecoverResponse = Type.Object({
  resent: Type.Integer({ minimum: 0, description: 'Failed deliveries resent by this call.' }),
  has_more: Type.Boolean({
    description: 'True when more failed deliveries wait than one call resends: call again to continue.',
  }),
});
export type RecoverResponse = Static<typeof RecoverResponse>;

export const RotatedSecretResponse = Type.Object({
  signing_secret: Type.String({
    pattern: '^whsec_',
    description: 'The new key of the delivery signatures. Shown once, in this response only: store it now.',
  }),
  previous_secret_expires_at: Timestamp(
    'Until then every delivery carries a signature with the previous secret too; after it, only the new one.',
  ),
});
export type RotatedSecretResponse = Static<typeof RotatedSecretResponse>;
