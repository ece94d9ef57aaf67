import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * What an attempt got back, and the endpoint's health. Each attempt keeps the start of the response body
 * (bounded by the sender, 4 KiB) and whether it was cut; it names its webhook, so an endpoint's recent
 * attempts are one index range however many deliveries they belong to.
 */
export class WebhooksAttemptResponses1766000000000 implements MigrationInterface {
  name = 'WebhooksAttemptResponses1766000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE webhooks.delivery_attempts
      ADD COLUMN response_body text,
      ADD COLUMN response_body_truncated boolean NOT NULL DEFAULT false,
      ADD COLUMN webhook_id text`);
    await runner.query(`UPDATE webhooks.delivery_attempts a SET webhook_id = d.webhook_id
      FROM webhooks.deliveries d WHERE d.id = a.delivery_id`);
    await runner.query('ALTER TABLE webhooks.delivery_attempts ALTER COLUMN webhook_id SET NOT NULL');
    await runner.query(
      'CREATE INDEX delivery_attempts_webhook_idx ON webhooks.delivery_attempts (webhook_id, attempted_at DESC)',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX webhooks.delivery_attempts_webhook_idx');
    await runner.query(`ALTER TABLE webhooks.delivery_attempts
      DROP COLUMN webhook_id, DROP COLUMN response_body_truncated, DROP COLUMN response_body`);
  }
}
