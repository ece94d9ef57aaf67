import { PUBLIC_EVENT_TYPES, type PublicEventType } from '@governance/contracts';
import {
  Id,
  NO_CONTROL_CHARACTERS,
  Nullable,
  Page,
  PageQuery,
  Present,
  StringEnum,
  Timestamp,
} from '@governance/platform';
import { type Static, Type } from '@sinclair/typebox';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
} from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { maxAttempts, SPEC_RETRY_DELAYS_MS } from '../deliveries/delivery-schedule';
import { MAX_WEBHOOK_URL_LENGTH } from '../outbound/destination-policy';

export const DESCRIPTION_MAX_LENGTH = 1000;
const EVENTS_MAX_ITEMS = 100;

/** The fields of a new webhook; an update takes any of them. */
class WebhookFields {
  @IsString()
  @MaxLength(MAX_WEBHOOK_URL_LENGTH)
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

export class ListDeliveriesQuery extends PageQuery {}

const EventType = StringEnum(PUBLIC_EVENT_TYPES);

export const WebhookResponse = Type.Object({
  id: Id('wh'),
  url: Type.String({ format: 'uri' }),
  events: Type.Array(EventType),
  description: Nullable(Type.String()),
  active: Type.Boolean(),
  created_at: Timestamp(),
  updated_at: Timestamp(),
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
  test: Type.Boolean({ description: 'True for a delivery of the test call.' }),
  created_at: Timestamp(),
  attempts: Type.Array(DeliveryAttemptResponse),
});
export type DeliveryResponse = Static<typeof DeliveryResponse>;

export const DeliveryPage = Page(DeliveryResponse);
export type DeliveryPage = Static<typeof DeliveryPage>;
