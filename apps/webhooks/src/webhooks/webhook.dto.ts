import { PUBLIC_EVENT_TYPES, type PublicEventType } from '@governance/contracts';
import { Type } from 'class-transformer';
import { MAX_WEBHOOK_URL_LENGTH } from '../outbound/destination-policy';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';

export const DESCRIPTION_MAX_LENGTH = 1000;
const EVENTS_MAX_ITEMS = 100;
// PostgreSQL text cannot hold NUL, and no label needs C0 controls other than tab and newlines.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/* `ValidateIf(... !== undefined)` rather than `IsOptional`: an explicit null must fail, not slip through. */
const present = (field: string) => ValidateIf((body: Record<string, unknown>) => body[field] !== undefined);

export class CreateWebhookDto {
  @IsString()
  @MaxLength(MAX_WEBHOOK_URL_LENGTH)
  url!: string;

  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(EVENTS_MAX_ITEMS)
  @IsIn(PUBLIC_EVENT_TYPES, {
    each: true,
    message: `each value in events must be one of: ${PUBLIC_EVENT_TYPES.join(', ')}`,
  })
  events!: PublicEventType[];

  @IsOptional()
  @IsString()
  @MaxLength(DESCRIPTION_MAX_LENGTH)
  @Matches(NO_CONTROL_CHARACTERS, { message: 'description must not contain control characters' })
  description?: string | null;

  @present('active')
  @IsBoolean()
  active?: boolean;
}

export class UpdateWebhookDto {
  @present('url')
  @IsString()
  @MaxLength(MAX_WEBHOOK_URL_LENGTH)
  url?: string;

  @present('events')
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(EVENTS_MAX_ITEMS)
  @IsIn(PUBLIC_EVENT_TYPES, {
    each: true,
    message: `each value in events must be one of: ${PUBLIC_EVENT_TYPES.join(', ')}`,
  })
  events?: PublicEventType[];

  /** null clears the description. */
  @IsOptional()
  @IsString()
  @MaxLength(DESCRIPTION_MAX_LENGTH)
  @Matches(NO_CONTROL_CHARACTERS, { message: 'description must not contain control characters' })
  description?: string | null;

  @present('active')
  @IsBoolean()
  active?: boolean;
}

export class TestWebhookDto {
  @IsIn(PUBLIC_EVENT_TYPES, { message: `event must be one of: ${PUBLIC_EVENT_TYPES.join(', ')}` })
  event!: PublicEventType;
}

export class ListDeliveriesQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  cursor?: string;
}

export interface WebhookResponse {
  id: string;
  url: string;
  events: PublicEventType[];
  description: string | null;
  active: boolean;
  created_at: string;
  updated_at: string;
}

export interface CreatedWebhookResponse extends WebhookResponse {
  /** Shown once, in the create response only. */
  signing_secret: string;
}

export interface TestDeliveryResponse {
  delivery_id: string;
  event: PublicEventType;
  status_code: number | null;
  response_time_ms: number;
  success: boolean;
}

export interface DeliveryAttemptResponse {
  attempt: number;
  attempted_at: string;
  status_code: number | null;
  response_time_ms: number | null;
  error: string | null;
}

export interface DeliveryResponse {
  delivery_id: string;
  event: string;
  event_id: string;
  outcome: 'pending' | 'succeeded' | 'failed';
  status_code: number | null;
  response_time_ms: number | null;
  attempt_count: number;
  next_attempt_at: string | null;
  test: boolean;
  created_at: string;
  attempts: DeliveryAttemptResponse[];
}
