import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** People: accounts, their memberships and sessions, invitations and one-time links; keys get scopes. */
export class IdentityPeople1765000000000 implements MigrationInterface {
  name = 'IdentityPeople1765000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE tenancy.api_keys
      ADD COLUMN name text NOT NULL DEFAULT 'API key',
      ADD COLUMN scope text NOT NULL DEFAULT 'full' CHECK (scope IN ('full', 'read_only', 'probe')),
      ADD COLUMN created_by text,
      ADD COLUMN last_used_at timestamptz,
      ADD COLUMN revoked_at timestamptz`);
    await runner.query(`CREATE TABLE tenancy.users (
      id text PRIMARY KEY,
      email text NOT NULL,
      name text NOT NULL,
      password_hash text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query('CREATE UNIQUE INDEX users_email_idx ON tenancy.users (lower(email))');
    await runner.query(`CREATE TABLE tenancy.memberships (
      organization_id text NOT NULL REFERENCES tenancy.organizations (id),
      user_id text NOT NULL REFERENCES tenancy.users (id),
      role text NOT NULL CHECK (role IN ('owner', 'admin', 'editor', 'viewer', 'auditor')),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, user_id)
    )`);
    await runner.query('CREATE INDEX memberships_user_idx ON tenancy.memberships (user_id)');
    await runner.query(`CREATE TABLE tenancy.sessions (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES tenancy.users (id),
      secret_sha256 text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      ended_at timestamptz,
      end_reason text,
      address text,
      user_agent text
    )`);
    await runner.query(
      'CREATE INDEX sessions_open_idx ON tenancy.sessions (user_id, last_seen_at) WHERE ended_at IS NULL',
    );
    await runner.query(`CREATE TABLE tenancy.invitations (
      id text PRIMARY KEY,
      organization_id text NOT NULL REFERENCES tenancy.organizations (id),
      email text NOT NULL,
      role text NOT NULL CHECK (role IN ('owner', 'admin', 'editor', 'viewer', 'auditor')),
      token_sha256 text NOT NULL UNIQUE,
      invited_by text,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      accepted_at timestamptz,
      revoked_at timestamptz
    )`);
    await runner.query('CREATE INDEX invitations_organization_idx ON tenancy.invitations (organization_id)');
    // First-owner setup and password resets: a link whose token is shown once and stored as a digest.
    await runner.query(`CREATE TABLE tenancy.one_time_links (
      token_sha256 text PRIMARY KEY,
      purpose text NOT NULL CHECK (purpose IN ('setup', 'password_reset')),
      organization_id text REFERENCES tenancy.organizations (id),
      user_id text REFERENCES tenancy.users (id),
      email text,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`);
    // Failed sign-ins per account and per address, for the rate limit; old rows are swept.
    await runner.query(`CREATE TABLE tenancy.sign_in_failures (
      subject text NOT NULL,
      failed_at timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query('CREATE INDEX sign_in_failures_idx ON tenancy.sign_in_failures (subject, failed_at)');
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of [
      'sign_in_failures',
      'one_time_links',
      'invitations',
      'sessions',
      'memberships',
      'users',
    ])
      await runner.query(`DROP TABLE tenancy.${table}`);
    await runner.query(`ALTER TABLE tenancy.api_keys
      DROP COLUMN name, DROP COLUMN scope, DROP COLUMN created_by, DROP COLUMN last_used_at, DROP COLUMN revoked_at`);
  }
}
