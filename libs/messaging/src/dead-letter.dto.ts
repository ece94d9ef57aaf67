import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import {
  type SchemaObject,
  dtoSchema,
  listSchema,
  nullable,
  recordSchema,
  timestampSchema,
} from '@governance/platform';
import { type DeadLetter, type DeadLetterReason } from './dead-letters';

const NAME_MAX_LENGTH = 255;
/** The characters Kafka allows in topic names, which our consumer groups use too. */
const NAME_PATTERN = /^[A-Za-z0-9._-]+$/;
const NAME_MESSAGE = 'must be a topic or consumer name: letters, digits, dots, underscores and hyphens';

export class ListDeadLettersQuery {
  @IsOptional()
  @IsString()
  @MaxLength(NAME_MAX_LENGTH)
  @Matches(NAME_PATTERN, { message: NAME_MESSAGE })
  topic?: string;

  /** The consumer's name within the service (`dispatcher`) or its whole group (`webhooks.dispatcher`). */
  @IsOptional()
  @IsString()
  @MaxLength(NAME_MAX_LENGTH)
  @Matches(NAME_PATTERN, { message: NAME_MESSAGE })
  consumer?: string;
}

export class ReplayDeadLettersDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(NAME_MAX_LENGTH)
  @Matches(NAME_PATTERN, { message: NAME_MESSAGE })
  topic!: string;
}

export interface DeadLetterResponse {
  id: string;
  consumer_group: string;
  topic: string;
  partition: number;
  offset: string;
  event_id: string;
  event_type: string;
  key: string;
  headers: Record<string, string>;
  payload: string;
  reason: DeadLetterReason;
  error: string;
  attempts: number;
  first_seen_at: string;
  last_seen_at: string;
}

export interface ReplayOutcome {
  id: string;
  outcome: 'replayed' | 'failed';
  /** Why the replay failed; null when it went through. */
  error: string | null;
}

export interface ReplayOutcomes {
  replayed: number;
  failed: number;
  data: ReplayOutcome[];
}

export function mapDeadLetter(letter: DeadLetter): DeadLetterResponse {
  return {
    id: letter.id,
    consumer_group: letter.consumerGroup,
    topic: letter.topic,
    partition: letter.partition,
    offset: letter.offset,
    event_id: letter.eventId,
    event_type: letter.eventType,
    key: letter.key,
    headers: letter.headers,
    payload: letter.payload,
    reason: letter.reason,
    error: letter.error,
    attempts: letter.attempts,
    first_seen_at: letter.firstSeenAt,
    last_seen_at: letter.lastSeenAt,
  };
}

const text = (description: string): SchemaObject => ({ type: 'string', description });

export const deadLetterSchema: SchemaObject = recordSchema({
  id: text('The dead letter id, for replay and discard.'),
  consumer_group: text('`<service>.<consumer>`'),
  topic: text('The topic the record came from.'),
  partition: { type: 'integer', description: 'The Kafka partition; 0 on the Postgres event log.' },
  offset: text('The Kafka offset, or the position in the Postgres event log.'),
  event_id: text('The event-id header, as received.'),
  event_type: text('The event-type header, as received.'),
  key: text('The record key.'),
  headers: { type: 'object', additionalProperties: { type: 'string' } },
  payload: text('The record value, as received.'),
  reason: { type: 'string', enum: ['malformed', 'contract', 'handler'] },
  error: text('Why it was set aside, or why its last replay failed.'),
  attempts: { type: 'integer', minimum: 1 },
  first_seen_at: timestampSchema(),
  last_seen_at: timestampSchema(),
});

export const deadLetterListSchema = listSchema(deadLetterSchema);
const replayOutcomeSchema = recordSchema({
  id: text('The dead letter id.'),
  outcome: { type: 'string', enum: ['replayed', 'failed'] },
  error: nullable(text('Why the replay failed; null when it went through.')),
});
export { replayOutcomeSchema };
export const replayOutcomesSchema = recordSchema({
  replayed: { type: 'integer', minimum: 0 },
  failed: { type: 'integer', minimum: 0 },
  data: { type: 'array', items: replayOutcomeSchema },
});
export const replayDeadLettersBody = dtoSchema(ReplayDeadLettersDto);

const exampleLetter: DeadLetterResponse = {
  id: '42',
  consumer_group: 'webhooks.dispatcher',
  topic: 'governance.system.registered',
  partition: 3,
  offset: '1187',
  event_id: '01a20138-dd8c-7223-94e7-14dfc0350ce0',
  event_type: 'system.registered',
  key: 'org_01M80KHQC9DHV63SDEFT718QZ3',
  headers: { 'event-id': '01a20138-dd8c-7223-94e7-14dfc0350ce0', 'event-type': 'system.registered' },
  payload: '{"id":"sys-17","organization_id":"org_01M80KHQC9DHV63SDEFT718QZ3"}',
  reason: 'contract',
  error: 'breaks the governance.system.registered schema: /id must match format "uuid"',
  attempts: 1,
  first_seen_at: '2026-11-24T09:12:03.114Z',
  last_seen_at: '2026-11-24T09:12:03.114Z',
};

export const deadLetterExamples = {
  list: { data: [exampleLetter] },
  replayed: { id: '42', outcome: 'replayed', error: null } satisfies ReplayOutcome,
  replayedTopic: {
    replayed: 1,
    failed: 1,
    data: [
      { id: '42', outcome: 'replayed', error: null },
      {
        id: '43',
        outcome: 'failed',
        error: 'Error: breaks the governance.system.registered schema: /id must match format "uuid"',
      },
    ],
  } satisfies ReplayOutcomes,
};
