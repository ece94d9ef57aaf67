import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { dtoSchema, List, Nullable, StringEnum, Timestamp } from '@governance/platform';
import { type Static, Type } from '@sinclair/typebox';

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

const text = (description: string) => Type.String({ description });

const deadLetterSchema = Type.Object({
  id: text('The dead letter id, for replay and discard.'),
  consumer_group: text('`<service>.<consumer>`'),
  topic: text('The topic the record came from.'),
  partition: Type.Integer({ description: 'The Kafka partition; 0 on the Postgres event log.' }),
  offset: text('The Kafka offset, or the position in the Postgres event log.'),
  event_id: text('The event-id header, as received.'),
  event_type: text('The event-type header, as received.'),
  key: text('The record key.'),
  headers: Type.Unsafe<Record<string, string>>({ type: 'object', additionalProperties: { type: 'string' } }),
  payload: text('The record value, as received.'),
  /** Not JSON, against its topic's contract, or its handler kept failing. */
  reason: StringEnum(['malformed', 'contract', 'handler']),
  error: text('Why it was set aside, or why its last replay failed.'),
  attempts: Type.Integer({ minimum: 1 }),
  first_seen_at: Timestamp(),
  last_seen_at: Timestamp(),
});
/** A record a consumer set aside, as it received it (the Kafka offset, or the event log position). */
export type DeadLetter = Static<typeof deadLetterSchema>;
export type DeadLetterReason = DeadLetter['reason'];

export const deadLetterListSchema = List(deadLetterSchema);
export const replayOutcomeSchema = Type.Object({
  id: text('The dead letter id.'),
  outcome: StringEnum(['replayed', 'failed']),
  error: Nullable(text('Why the replay failed; null when it went through.')),
});
export type ReplayOutcome = Static<typeof replayOutcomeSchema>;

export const replayOutcomesSchema = Type.Object({
  replayed: Type.Integer({ minimum: 0 }),
  failed: Type.Integer({ minimum: 0 }),
  data: Type.Array(replayOutcomeSchema),
});
export type ReplayOutcomes = Static<typeof replayOutcomesSchema>;
export const replayDeadLettersBody = dtoSchema(ReplayDeadLettersDto);

const exampleLetter: DeadLetter = {
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
