import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The findings of one assessment, newest first: the feed shows them as one entry, and finds that entry's
 * newest finding and its counts through this index instead of scanning every finding.
 */
export class DashboardActivityAssessment1764600000000 implements MigrationInterface {
  name = 'DashboardActivityAssessment1764600000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE INDEX activity_assessment_idx
       ON dashboard.activity (organization_id, (details->>'assessment_id'), occurred_at DESC, event_id DESC)
       WHERE event = 'finding.created'`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX dashboard.activity_assessment_idx');
  }
}
