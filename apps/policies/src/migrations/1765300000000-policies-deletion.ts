import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A deleted policy stays as a row with `deleted_at` (its violations and audit entries keep naming it), but
 * leaves the uniqueness of names and controls: its name can be used again and its control imported again.
 */
export class PoliciesDeletion1765300000000 implements MigrationInterface {
  name = 'PoliciesDeletion1765300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE policies.policies ADD COLUMN deleted_at timestamptz');
    await runner.query('DROP INDEX policies.policies_organization_name_idx');
    await runner.query(
      `CREATE UNIQUE INDEX policies_organization_name_idx ON policies.policies (organization_id, lower(name))
       WHERE deleted_at IS NULL`,
    );
    await runner.query('DROP INDEX policies.policies_organization_control_idx');
    await runner.query(
      `CREATE UNIQUE INDEX policies_organization_control_idx ON policies.policies (organization_id, control)
       WHERE control IS NOT NULL AND deleted_at IS NULL`,
    );
    await runner.query('DROP INDEX policies.policies_list_idx');
    await runner.query(
      `CREATE INDEX policies_list_idx ON policies.policies (organization_id, created_at DESC, id DESC)
       WHERE deleted_at IS NULL`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    // Deleted rows would break the full unique indexes: they go first.
    await runner.query('DELETE FROM policies.policies WHERE deleted_at IS NOT NULL');
    await runner.query('DROP INDEX policies.policies_list_idx');
    await runner.query(
      'CREATE INDEX policies_list_idx ON policies.policies (organization_id, created_at DESC, id DESC)',
    );
    await runner.query('DROP INDEX policies.policies_organization_control_idx');
    await runner.query(
      `CREATE UNIQUE INDEX policies_organization_control_idx ON policies.policies (organization_id, control)
       WHERE control IS NOT NULL`,
    );
    await runner.query('DROP INDEX policies.policies_organization_name_idx');
    await runner.query(
      'CREATE UNIQUE INDEX policies_organization_name_idx ON policies.policies (organization_id, lower(name))',
    );
    await runner.query('ALTER TABLE policies.policies DROP COLUMN deleted_at');
  }
}
