import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A claim used to move `next_attempt_at`, which the due index covers, so every claim wrote a new row
 * version into all five indexes. The lease now has a column of its own that no index covers, so a claim
 * is a heap-only (HOT) update, provided the new version fits on the row's page. Half-full pages leave
 * room for the claimed version of every row; at 70 % about half the claims still spilled. The price is
 * up to twice the pages for the deliveries table. The fill factor applies to pages written from now on.
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
