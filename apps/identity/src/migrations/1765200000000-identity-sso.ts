import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** SSO: one OpenID Connect configuration per organization, the email domains it claims, sign-ins in flight. */
export class IdentitySso1765200000000 implements MigrationInterface {
  name = 'IdentitySso1765200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE tenancy.sso_configurations (
      organization_id text PRIMARY KEY REFERENCES tenancy.organizations (id),
      issuer text NOT NULL,
      client_id text NOT NULL,
      -- AES-256-GCM under SECRETS_ENCRYPTION_KEY, bound to the organization id.
      client_secret_sealed text NOT NULL,
      role_claim text,
      role_mapping jsonb NOT NULL DEFAULT '{}',
      default_role text NOT NULL CHECK (default_role IN ('admin', 'editor', 'viewer', 'auditor')),
      enabled boolean NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    // A domain belongs to one organization's SSO at most: it decides where `start?email=` goes.
    await runner.query(`CREATE TABLE tenancy.sso_domains (
      domain text PRIMARY KEY,
      organization_id text NOT NULL REFERENCES tenancy.sso_configurations (organization_id) ON DELETE CASCADE
    )`);
    await runner.query('CREATE INDEX sso_domains_organization_idx ON tenancy.sso_domains (organization_id)');
    // A sign-in sent to the provider and not back yet; the row is taken (deleted) by its one callback.
    await runner.query(`CREATE TABLE tenancy.sso_logins (
      state_sha256 text PRIMARY KEY,
      organization_id text NOT NULL REFERENCES tenancy.organizations (id),
      nonce text NOT NULL,
      code_verifier text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    )`);
    await runner.query('CREATE INDEX sso_logins_expires_idx ON tenancy.sso_logins (expires_at)');
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['sso_logins', 'sso_domains', 'sso_configurations'])
      await runner.query(`DROP TABLE tenancy.${table}`);
  }
}
