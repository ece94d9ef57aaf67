import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The lease has a column no index covers, so a claim is a heap-only (HOT) update instead of a new row
 * version in all five indexes, provided it fits on its page. A fill factor of 50 leaves room for the
 * claimed version of every row, at up to twice the pages; it applies to pages written from now on.
 */
export class WebhooksDeliveryLease1764600000000 implements MigrationInterface {
  name = 'WebhooksDeliveryLease1764600000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE webhooks.deliveries ADD COLUMN lease_expires_at timestamptz');
    await runner.query('ALTER TABLE webhooks.deliveries SET (fillfactor = 50)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE webhooks.deliveries RESET (fillfactor)');
    await runner.query('ALTER TABLE webhooks.deliveries DROP COLUMN lease_expires_at');
  }
}
