import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** The trace context of the event a delivery came from; null for deliveries made before it was kept. */
export class WebhooksDeliveryTrace1764500000000 implements MigrationInterface {
  name = 'WebhooksDeliveryTrace1764500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE webhooks.deliveries ADD COLUMN trace_parent text');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE webhooks.deliveries DROP COLUMN trace_parent');
  }
}
