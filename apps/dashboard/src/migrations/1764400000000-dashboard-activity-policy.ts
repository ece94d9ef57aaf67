import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The violations of one policy, newest first, for `activity?policy_id=`: the policy id stays in the
 * entry's details as the event carried it; this index reads them without scanning the whole feed.
 */
export class DashboardActivityPolicy1764400000000 implements MigrationInterface {
  name = 'DashboardActivityPolicy1764400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE INDEX activity_policy_idx
       ON dashboard.activity (organization_id, (details->>'policy_id'), occurred_at DESC, event_id DESC)
       WHERE event = 'policy.violated'`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX dashboard.activity_policy_idx');
  }
}
