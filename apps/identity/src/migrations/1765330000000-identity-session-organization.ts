import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** A session started through an organization's SSO is bound to that organization and acts there only. */
export class IdentitySessionOrganization1765330000000 implements MigrationInterface {
  name = 'IdentitySessionOrganization1765330000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      'ALTER TABLE tenancy.sessions ADD COLUMN organization_id text REFERENCES tenancy.organizations (id)',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE tenancy.sessions DROP COLUMN organization_id');
  }
}
