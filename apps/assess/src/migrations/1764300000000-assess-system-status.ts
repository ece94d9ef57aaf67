import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class AssessSystemStatus1764300000000 implements MigrationInterface {
  name = 'AssessSystemStatus1764300000000';

  async up(runner: QueryRunner): Promise<void> {
    // A retired system is not assessed. Rows replicated before this column existed read as active until
    // the systems service next announces them; the snapshot it sends carries the status.
    await runner.query(
      `ALTER TABLE assess.systems
         ADD COLUMN status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'retired'))`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE assess.systems DROP COLUMN status');
  }
}
