import { assertSchemaName } from '@governance/persistence';
import { type DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { type ConsumedEvent } from './consumed-event';
import { type DeadLetter, type DeadLetterReason } from './dead-letter.dto';

/** DDL of the dead-letter table every consuming service keeps in its own schema. */
export function deadLetterTablesSql(schema: string): string[] {
  const s = assertSchemaName(schema);
  return [
    `CREATE TABLE ${s}.dead_letters (
      id bigserial PRIMARY KEY,
      consumer_group text NOT NULL,
      topic text NOT NULL,
      partition integer NOT NULL,
      record_offset text NOT NULL,
      event_id text NOT NULL,
      event_type text NOT NULL,
      message_key text NOT NULL,
      headers jsonb NOT NULL,
      payload text NOT NULL,
      reason text NOT NULL CHECK (reason IN ('malformed', 'contract', 'handler')),
      error text NOT NULL,
      attempts integer NOT NULL,
      first_seen_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (consumer_group, topic, partition, record_offset)
    )`,
    `CREATE INDEX dead_letters_topic_idx ON ${s}.dead_letters (topic, consumer_group, id)`,
    `CREATE INDEX dead_letters_last_seen_idx ON ${s}.dead_letters (last_seen_at)`,
  ];
}

type DeadLetterRow = Omit<DeadLetter, 'first_seen_at' | 'last_seen_at'> & {
  first_seen_at: Date;
  last_seen_at: Date;
};

const DEAD_LETTER_COLUMNS = `id::text AS id, consumer_group, topic, partition, record_offset AS "offset",
  event_id, event_type, message_key AS key, headers, payload, reason, error, attempts, first_seen_at, last_seen_at`;

const toDeadLetter = (row: DeadLetterRow): DeadLetter => ({
  ...row,
  first_seen_at: row.first_seen_at.toISOString(),
  last_seen_at: row.last_seen_at.toISOString(),
});

/** The record again, as its consumer received it. */
export function deadLetterEvent(letter: DeadLetter): ConsumedEvent {
  const { topic, partition, offset, key, headers, payload } = letter;
  const { consumer_group: consumerGroup, event_id: eventId, event_type: eventType } = letter;
  return { consumerGroup, topic, partition, offset, key, eventId, eventType, headers, payload };
}

// Postgres text holds no NUL; a record carrying one is kept with U+FFFD in its place.
const storable = (value: string): string => value.replaceAll('\u0000', '\uFFFD');

const LIST_LIMIT = 500;

/** The service's dead letters: records its consumers set aside, until replayed, discarded or purged. */
export class DeadLetterRepository {
  private readonly table: string;

  constructor(
    private readonly dataSource: DataSource,
    schema: string,
  ) {
    this.table = `${assertSchemaName(schema)}.dead_letters`;
  }

  /** Sets a record aside; seen again (a redelivery), its row counts the attempts and keeps the last error. */
  async setAside(
    event: ConsumedEvent,
    reason: DeadLetterReason,
    error: string,
    attempts: number,
  ): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO ${this.table} (consumer_group, topic, partition, record_offset, event_id, event_type,
         message_key, headers, payload, reason, error, attempts)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (consumer_group, topic, partition, record_offset) DO UPDATE SET
         reason = EXCLUDED.reason, error = EXCLUDED.error, last_seen_at = now(),
         attempts = ${this.table}.attempts + EXCLUDED.attempts`,
      [
        event.consumerGroup,
        event.topic,
        event.partition ?? 0,
        event.offset ?? `event:${event.eventId}`,
        storable(event.eventId),
        storable(event.eventType),
        storable(event.key),
        JSON.stringify(event.headers).replaceAll('\\u0000', '\\ufffd'),
        storable(event.payload),
        reason,
        storable(error),
        attempts,
      ],
    );
  }

  /** Oldest first (by the bigint id, not the text one selected), at most LIST_LIMIT, after `afterId`. */
  async list(filter: { topic?: string; consumerGroup?: string; afterId?: string }): Promise<DeadLetter[]> {
    const rows = await this.dataSource.query<DeadLetterRow[]>(
      `SELECT ${DEAD_LETTER_COLUMNS} FROM ${this.table}
       WHERE ($1::text IS NULL OR topic = $1) AND ($2::text IS NULL OR consumer_group = $2)
         AND id > $3::bigint
       ORDER BY dead_letters.id LIMIT ${LIST_LIMIT}`,
      [filter.topic ?? null, filter.consumerGroup ?? null, filter.afterId ?? '0'],
    );
    return rows.map(toDeadLetter);
  }

  async find(id: string): Promise<DeadLetter | undefined> {
    if (!/^\d{1,18}$/.test(id)) return undefined;
    const [row] = await this.dataSource.query<DeadLetterRow[]>(
      `SELECT ${DEAD_LETTER_COLUMNS} FROM ${this.table} WHERE id = $1`,
      [id],
    );
    return row ? toDeadLetter(row) : undefined;
  }

  async remove(id: string): Promise<boolean> {
    if (!/^\d{1,18}$/.test(id)) return false;
    const [, deleted] = await this.dataSource.query<[unknown, number]>(
      `DELETE FROM ${this.table} WHERE id = $1`,
      [id],
    );
    return deleted > 0;
  }

  async recordReplayFailure(id: string, error: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE ${this.table} SET attempts = attempts + 1, error = $2, last_seen_at = now() WHERE id = $1`,
      [id, storable(error)],
    );
  }
}

/**
 * The dead-letter table, in the schema of the data source the migration runs on: one migration that every
 * consuming service's definition applies after its own.
 */
export class DeadLetters1764700000000 implements MigrationInterface {
  name = 'DeadLetters1764700000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const statement of deadLetterTablesSql(schemaOf(runner))) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE ${assertSchemaName(schemaOf(runner))}.dead_letters`);
  }
}

function schemaOf(runner: QueryRunner): string {
  const schema = (runner.connection.options as { schema?: string }).schema;
  if (!schema) throw new Error('the dead-letter migration runs only on a data source with its own schema');
  return schema;
}
