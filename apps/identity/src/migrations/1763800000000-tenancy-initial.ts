import { dropMessagingTablesSql, messagingTablesSql } from '@governance/messaging';
import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class TenancyInitial1763800000000 implements MigrationInterface {
  name = 'TenancyInitial1763800000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE tenancy.organizations (
      id text PRIMARY KEY,
      name text NOT NULL,
      plan text NOT NULL CHECK (plan IN ('free', 'professional', 'federal', 'embedded')),
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE TABLE tenancy.api_keys (
      id text PRIMARY KEY,
      organization_id text NOT NULL REFERENCES tenancy.organizations (id),
      secret_sha256 text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query('CREATE INDEX api_keys_organization_idx ON tenancy.api_keys (organization_id)');
    for (const statement of messagingTablesSql('tenancy')) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const statement of dropMessagingTablesSql('tenancy')) await runner.query(statement);
    await runner.query('DROP TABLE tenancy.api_keys');
    await runner.query('DROP TABLE tenancy.organizations');
  }
}
