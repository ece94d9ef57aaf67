import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A deleted policy stays in the replica as a tombstone at its last version (status `deleted`), so a
 * redelivered older snapshot cannot bring it back; policy-sync and evaluation read `active` rows only.
 */
export class ProbeIngestPolicyDeletion1765300000000 implements MigrationInterface {
  name = 'ProbeIngestPolicyDeletion1765300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `ALTER TABLE probe_ingest.policies DROP CONSTRAINT policies_status_check,
         ADD CONSTRAINT policies_status_check CHECK (status IN ('active', 'disabled', 'deleted'))`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query("DELETE FROM probe_ingest.policies WHERE status = 'deleted'");
    await runner.query(
      `ALTER TABLE probe_ingest.policies DROP CONSTRAINT policies_status_check,
         ADD CONSTRAINT policies_status_check CHECK (status IN ('active', 'disabled'))`,
    );
  }
}
