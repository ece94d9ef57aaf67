import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * SSO domains are claimed with proof: each organization's claim of a domain has its own verification token
 * (published by the domain's owner in a DNS TXT record) and is verified once that record is seen. Only a
 * verified claim routes sign-ins, and one organization at most holds a domain verified; unverified claims
 * of one domain by several organizations may coexist. Claims from before are unverified: nothing proved them.
 */
export class IdentitySsoDomainVerification1765320000000 implements MigrationInterface {
  name = 'IdentitySsoDomainVerification1765320000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE tenancy.sso_domains
      ADD COLUMN verification_token text,
      ADD COLUMN verified_at timestamptz,
      DROP CONSTRAINT sso_domains_pkey`);
    // 244 random bits from two version-4 UUIDs: PostgreSQL 13+ has gen_random_uuid() without pgcrypto.
    await runner.query(`UPDATE tenancy.sso_domains
      SET verification_token = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`);
    await runner.query(`ALTER TABLE tenancy.sso_domains
      ALTER COLUMN verification_token SET NOT NULL,
      ADD PRIMARY KEY (organization_id, domain)`);
    await runner.query(
      'CREATE UNIQUE INDEX sso_domains_verified_key ON tenancy.sso_domains (domain) WHERE verified_at IS NOT NULL',
    );
    await runner.query('DROP INDEX tenancy.sso_domains_organization_idx');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX tenancy.sso_domains_verified_key');
    await runner.query('DELETE FROM tenancy.sso_domains WHERE verified_at IS NULL');
    await runner.query(`ALTER TABLE tenancy.sso_domains DROP CONSTRAINT sso_domains_pkey,
      DROP COLUMN verification_token, DROP COLUMN verified_at, ADD PRIMARY KEY (domain)`);
    await runner.query('CREATE INDEX sso_domains_organization_idx ON tenancy.sso_domains (organization_id)');
  }
}
