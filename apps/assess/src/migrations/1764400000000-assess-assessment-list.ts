import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class AssessAssessmentList1764400000000 implements MigrationInterface {
  name = 'AssessAssessmentList1764400000000';

  async up(runner: QueryRunner): Promise<void> {
    // GET /api/service/assess pages newest first within an organization, optionally for one system.
    await runner.query(
      `CREATE INDEX assessments_listing_idx ON assess.assessments (organization_id, created_at DESC, id DESC)`,
    );
    await runner.query(
      `CREATE INDEX assessments_system_listing_idx
         ON assess.assessments (organization_id, system_id, created_at DESC, id DESC)`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX assess.assessments_system_listing_idx');
    await runner.query('DROP INDEX assess.assessments_listing_idx');
  }
}
