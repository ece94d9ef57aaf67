import { dropTenantReplicaTablesSql, tenantReplicaTablesSql } from '@governance/auth';
import { dropMessagingTablesSql, messagingTablesSql } from '@governance/messaging';
import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class WebhooksInitial1763800000000 implements MigrationInterface {
  name = 'WebhooksInitial1763800000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE webhooks.webhooks (
      id text PRIMARY KEY,
      organization_id text NOT NULL,
      url text NOT NULL,
      events text[] NOT NULL,
      description text,
      active boolean NOT NULL DEFAULT true,
      signing_secret_encrypted text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    )`);
    await runner.query(
      'CREATE INDEX webhooks_organization_idx ON webhooks.webhooks (organization_id, created_at) WHERE deleted_at IS NULL',
    );
    await runner.query(`CREATE TABLE webhooks.deliveries (
      id uuid PRIMARY KEY,
      organization_id text NOT NULL,
      webhook_id text NOT NULL REFERENCES webhooks.webhooks (id),
      event_id uuid NOT NULL,
      event_type text NOT NULL,
      payload text NOT NULL,
      is_test boolean NOT NULL DEFAULT false,
      outcome text NOT NULL DEFAULT 'pending' CHECK (outcome IN ('pending', 'succeeded', 'failed')),
      attempt_count integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz,
      status_code integer,
      response_time_ms integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz,
      UNIQUE (webhook_id, event_id)
    )`);
    await runner.query(
      "CREATE INDEX deliveries_due_idx ON webhooks.deliveries (next_attempt_at) WHERE outcome = 'pending'",
    );
    await runner.query(
      'CREATE INDEX deliveries_log_idx ON webhooks.deliveries (webhook_id, created_at DESC, id DESC)',
    );
    await runner.query('CREATE INDEX deliveries_created_idx ON webhooks.deliveries (created_at)');
    await runner.query(`CREATE TABLE webhooks.delivery_attempts (
      delivery_id uuid NOT NULL REFERENCES webhooks.deliveries (id) ON DELETE CASCADE,
      attempt integer NOT NULL,
      attempted_at timestamptz NOT NULL,
      status_code integer,
      response_time_ms integer,
      error text,
      PRIMARY KEY (delivery_id, attempt)
    )`);
    for (const statement of tenantReplicaTablesSql('webhooks')) await runner.query(statement);
    for (const statement of messagingTablesSql('webhooks')) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const statement of dropMessagingTablesSql('webhooks')) await runner.query(statement);
    for (const statement of dropTenantReplicaTablesSql('webhooks')) await runner.query(statement);
    await runner.query('DROP TABLE webhooks.delivery_attempts');
    await runner.query('DROP TABLE webhooks.deliveries');
    await runner.query('DROP TABLE webhooks.webhooks');
  }
}
