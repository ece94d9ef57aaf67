import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Resends and secret rotation. A resend is a delivery of its own of an event already delivered, so
 * (webhook, event) stays unique among first deliveries only; recovery resends a delivery at most once.
 * A rotated-away secret stays, sealed, beside the new one until its overlap ends.
 */
export class WebhooksResendsAndRotation1765100000000 implements MigrationInterface {
  name = 'WebhooksResendsAndRotation1765100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE webhooks.webhooks
      ADD COLUMN previous_signing_secret_encrypted text,
      ADD COLUMN previous_secret_expires_at timestamptz`);
    await runner.query(
      `CREATE INDEX webhooks_previous_secret_idx ON webhooks.webhooks (previous_secret_expires_at)
       WHERE previous_signing_secret_encrypted IS NOT NULL`,
    );
    await runner.query(`ALTER TABLE webhooks.deliveries
      ADD COLUMN resent_from uuid,
      ADD COLUMN by_recovery boolean NOT NULL DEFAULT false`);
    await runner.query('ALTER TABLE webhooks.deliveries DROP CONSTRAINT deliveries_webhook_id_event_id_key');
    await runner.query(
      `CREATE UNIQUE INDEX deliveries_first_per_event_idx ON webhooks.deliveries (webhook_id, event_id)
       WHERE resent_from IS NULL`,
    );
    await runner.query(
      'CREATE INDEX deliveries_resent_from_idx ON webhooks.deliveries (resent_from) WHERE resent_from IS NOT NULL',
    );
    await runner.query(
      'CREATE UNIQUE INDEX deliveries_recovered_once_idx ON webhooks.deliveries (resent_from) WHERE by_recovery',
    );
    // What recovery looks for; failures are few, and the claim's update (the lease) touches no column here.
    await runner.query(
      `CREATE INDEX deliveries_failed_idx ON webhooks.deliveries (webhook_id, created_at)
       WHERE outcome = 'failed' AND NOT is_test`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DELETE FROM webhooks.deliveries WHERE resent_from IS NOT NULL');
    await runner.query('DROP INDEX webhooks.deliveries_failed_idx');
    await runner.query('DROP INDEX webhooks.deliveries_recovered_once_idx');
    await runner.query('DROP INDEX webhooks.deliveries_resent_from_idx');
    await runner.query('DROP INDEX webhooks.deliveries_first_per_event_idx');
    await runner.query(
      'ALTER TABLE webhooks.deliveries ADD CONSTRAINT deliveries_webhook_id_event_id_key UNIQUE (webhook_id, event_id)',
    );
    await runner.query('ALTER TABLE webhooks.deliveries DROP COLUMN by_recovery, DROP COLUMN resent_from');
    await runner.query('DROP INDEX webhooks.webhooks_previous_secret_idx');
    await runner.query(`ALTER TABLE webhooks.webhooks
      DROP COLUMN previous_secret_expires_at,
      DROP COLUMN previous_signing_secret_encrypted`);
  }
}
