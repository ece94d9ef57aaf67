import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class AssessSystemsReplica1766100000000 implements MigrationInterface {
  name = 'AssessSystemsReplica1766100000000';

  async up(runner: QueryRunner): Promise<void> {
    // The replica every service keeps (SystemsReplica, systemsReplicaTableSql): keyed by organization,
    // filled from the public announcement too, where updated_at stays empty until a snapshot arrives.
    // Existing rows read as declared until their next snapshot; assess reads only name and status.
    await runner.query(`ALTER TABLE assess.systems
      ADD COLUMN declared boolean NOT NULL DEFAULT true,
      ADD COLUMN risk_tier text NOT NULL DEFAULT 'unclassified',
      ALTER COLUMN updated_at DROP NOT NULL,
      DROP CONSTRAINT systems_pkey,
      ADD PRIMARY KEY (organization_id, system_id)`);
    await runner.query('ALTER TABLE assess.systems ALTER COLUMN declared DROP DEFAULT');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DELETE FROM assess.systems WHERE updated_at IS NULL`);
    await runner.query(`ALTER TABLE assess.systems
      DROP CONSTRAINT systems_pkey,
      ADD PRIMARY KEY (system_id),
      ALTER COLUMN updated_at SET NOT NULL,
      DROP COLUMN risk_tier,
      DROP COLUMN declared`);
  }
}
