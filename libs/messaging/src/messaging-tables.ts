import { assertSchemaName } from '@governance/persistence';

/**
 * DDL for the outbox and the processed-event inbox that every service keeps in its own schema.
 * Each service's first migration runs these statements.
 */
export function messagingTablesSql(schema: string): string[] {
  const s = assertSchemaName(schema);
  return [
    `CREATE TABLE ${s}.outbox (
      position bigserial PRIMARY KEY,
      event_id uuid NOT NULL UNIQUE,
      topic text NOT NULL,
      message_key text NOT NULL,
      event_type text NOT NULL,
      headers jsonb NOT NULL,
      payload text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      published_at timestamptz
    )`,
    `CREATE INDEX outbox_unpublished_idx ON ${s}.outbox (position) WHERE published_at IS NULL`,
    `CREATE INDEX outbox_published_at_idx ON ${s}.outbox (published_at) WHERE published_at IS NOT NULL`,
    `CREATE TABLE ${s}.processed_events (
      consumer_group text NOT NULL,
      event_id uuid NOT NULL,
      processed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (consumer_group, event_id)
    )`,
    `CREATE INDEX processed_events_processed_at_idx ON ${s}.processed_events (processed_at)`,
  ];
}

export function dropMessagingTablesSql(schema: string): string[] {
  const s = assertSchemaName(schema);
  return [`DROP TABLE ${s}.processed_events`, `DROP TABLE ${s}.outbox`];
}
