import { type EntityManager } from 'typeorm';
import { type OutboxMessage } from './outbox-message';

/** Columns every outbox and event log row carries, in this order. */
export const MESSAGE_COLUMNS = 'event_id, topic, message_key, event_type, headers, payload';

/** Six parameters a row; Postgres takes at most 65535 parameters per statement. */
const MESSAGES_PER_STATEMENT = 1_000;

/**
 * A multi-row VALUES list with one scalar parameter per column, and its parameters; scalar rather than
 * arrays, which pg escapes element by element (docs/decisions/0003-outbox-scalar-parameters.md).
 */
function messageValues(messages: readonly OutboxMessage[]): { values: string; params: unknown[] } {
  const rows: string[] = [];
  const params: unknown[] = [];
  for (const m of messages) {
    const p = params.length;
    rows.push(`($${p + 1}::uuid, $${p + 2}, $${p + 3}, $${p + 4}, $${p + 5}::jsonb, $${p + 6})`);
    params.push(m.eventId, m.topic, m.key, m.eventType, JSON.stringify(m.headers), m.payload);
  }
  return { values: rows.join(', '), params };
}

export interface InsertClauses {
  /** Joined to the rows, such as a lock to take before any row is written. */
  from?: string;
  onConflict?: string;
}

/** Inserts `messages` into `table` (an outbox or the event log), MESSAGES_PER_STATEMENT at a time. */
export async function insertMessages(
  manager: EntityManager,
  table: string,
  messages: readonly OutboxMessage[],
  { from = '', onConflict = '' }: InsertClauses = {},
): Promise<void> {
  for (let i = 0; i < messages.length; i += MESSAGES_PER_STATEMENT) {
    const { values, params } = messageValues(messages.slice(i, i + MESSAGES_PER_STATEMENT));
    const rows = from === '' ? `VALUES ${values}` : `SELECT m.* FROM (VALUES ${values}) AS m ${from}`;
    await manager.query(`INSERT INTO ${table} (${MESSAGE_COLUMNS}) ${rows} ${onConflict}`, params);
  }
}
