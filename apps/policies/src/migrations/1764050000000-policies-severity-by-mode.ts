import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Whether a policy's severity was left to its mode (CRITICAL for BLOCK, HIGH for WARN), so it follows a
 * switch of mode. Custom policies holding their mode's default severity are taken as left to it: the
 * console's "By mode" made those, and a choice equal to the default loses nothing by following it.
 */
export class PoliciesSeverityByMode1764050000000 implements MigrationInterface {
  name = 'PoliciesSeverityByMode1764050000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      'ALTER TABLE policies.policies ADD COLUMN severity_by_mode boolean NOT NULL DEFAULT false',
    );
    await runner.query(
      `UPDATE policies.policies SET severity_by_mode = true
       WHERE framework IS NULL
         AND severity = CASE enforcement_mode WHEN 'BLOCK' THEN 'CRITICAL' ELSE 'HIGH' END`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE policies.policies DROP COLUMN severity_by_mode');
  }
}
