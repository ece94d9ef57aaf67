import { dropTenantReplicaTablesSql, tenantReplicaTablesSql } from '@governance/auth';
import { dropMessagingTablesSql, messagingTablesSql } from '@governance/messaging';
import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class PoliciesInitial1764000000000 implements MigrationInterface {
  name = 'PoliciesInitial1764000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE policies.policies (
      id text PRIMARY KEY,
      organization_id text NOT NULL,
      name text NOT NULL,
      description text,
      enforcement_mode text NOT NULL CHECK (enforcement_mode IN ('BLOCK', 'WARN')),
      status text NOT NULL CHECK (status IN ('active', 'disabled')),
      severity text NOT NULL CHECK (severity IN ('INFO', 'MEDIUM', 'HIGH', 'CRITICAL')),
      rules jsonb NOT NULL,
      scope jsonb NOT NULL,
      framework text,
      control text,
      version integer NOT NULL CHECK (version >= 1),
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      CHECK ((framework IS NULL) = (control IS NULL))
    )`);
    // Names are unique per organization regardless of case, imported or not.
    await runner.query(
      'CREATE UNIQUE INDEX policies_organization_name_idx ON policies.policies (organization_id, lower(name))',
    );
    // One policy per control and organization: what makes a framework import idempotent, even when two
    // imports race.
    await runner.query(
      `CREATE UNIQUE INDEX policies_organization_control_idx ON policies.policies (organization_id, control)
       WHERE control IS NOT NULL`,
    );
    await runner.query(
      'CREATE INDEX policies_list_idx ON policies.policies (organization_id, created_at DESC, id DESC)',
    );
    for (const statement of tenantReplicaTablesSql('policies')) await runner.query(statement);
    for (const statement of messagingTablesSql('policies')) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const statement of dropMessagingTablesSql('policies')) await runner.query(statement);
    for (const statement of dropTenantReplicaTablesSql('policies')) await runner.query(statement);
    await runner.query('DROP TABLE policies.policies');
  }
}
